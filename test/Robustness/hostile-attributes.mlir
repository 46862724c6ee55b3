// Hostile axes: values beyond the i64 range in the text, the i64 extremes,
// and properties of the wrong kind in the generic form. Each case is
// rejected with a diagnostic (checked one by one with -verify-diagnostics)
// and the tool exits with 1, not with a signal (`not` fails on a crash).
//
// RUN: reduce-opt %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: not reduce-opt %s -split-input-file -o /dev/null 2>&1 | FileCheck %s

/// An axis beyond 2^63 is a parse error, not a wrapped value.
func.func @negative_axis_beyond_i64(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{integer value too large}}
  %r = reduce.sum %x axes [99999999999999999999] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: custom op 'reduce.sum' integer value too large

// -----

func.func @negative_axis_below_i64(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{integer value too large}}
  %r = reduce.min %x axes [-99999999999999999999] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: custom op 'reduce.min' integer value too large

// -----

/// INT64_MIN: negating it to normalize would overflow.
func.func @negative_axis_i64_min(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{axis -9223372036854775808 is out of range [-2, 1] for input of rank 2}}
  %r = reduce.sum %x axes [-9223372036854775808] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: 'reduce.sum' op axis -9223372036854775808 is out of range [-2, 1] for input of rank 2

// -----

func.func @negative_axis_i64_max(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{axis 9223372036854775807 is out of range [-2, 1] for input of rank 2}}
  %r = reduce.l1 %x axes [9223372036854775807] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: 'reduce.l1' op axis 9223372036854775807 is out of range [-2, 1] for input of rank 2

// -----

/// An axis on a rank-0 input.
func.func @negative_axis_on_scalar(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{axis -1 is out of range for input of rank 0 (expected empty axes)}}
  %r = reduce.sum %x axes [-1] : tensor<f32> -> tensor<f32>
  return %r : tensor<f32>
}
// CHECK: error: 'reduce.sum' op axis -1 is out of range for input of rank 0

// -----

/// Generic form: an array attribute instead of array<i64: ...>.
func.func @negative_axes_array_attr(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{invalid properties {axes = [1]} for op reduce.sum}}
  %r = "reduce.sum"(%x) <{axes = [1]}> : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: invalid properties {axes = [1]} for op reduce.sum

// -----

/// Generic form: i32 elements instead of i64.
func.func @negative_axes_i32_array(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{invalid properties {axes = array<i32: 1>} for op reduce.sum}}
  %r = "reduce.sum"(%x) <{axes = array<i32: 1>}> : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: invalid properties {axes = array<i32: 1>} for op reduce.sum

// -----

/// Generic form: a string and a dense tensor instead of an axes list.
func.func @negative_axes_string(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{Invalid attribute `axes` in property conversion: "1"}}
  %r = "reduce.min"(%x) <{axes = "1"}> : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: invalid properties {axes = "1"} for op reduce.min

// -----

func.func @negative_axes_dense(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{Invalid attribute `axes` in property conversion: dense<1> : tensor<1xi64>}}
  %r = "reduce.sum"(%x) <{axes = dense<1> : tensor<1xi64>}> : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: invalid properties {axes = dense<1> : tensor<1xi64>} for op reduce.sum

// -----

/// Generic form: an enum value that names no case.
func.func @negative_empty_axes_out_of_enum(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{property 'empty_axes' failed to satisfy constraint}}
  %r = "reduce.sum"(%x) <{axes = array<i64: 1>, empty_axes = 7 : i32}> : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: 'reduce.sum' op property 'empty_axes' failed to satisfy constraint

// -----

/// Generic form: no axes at all, and two axes operands.
func.func @negative_no_axes(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected either static axes or an axes operand, but found neither}}
  %r = "reduce.sum"(%x) : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: 'reduce.sum' op expected either static axes or an axes operand, but found neither

// -----

func.func @negative_two_axes_operands(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<2xf32> {
  // expected-error @+1 {{operand group starting at #1 requires 0 or 1 element, but found 2}}
  %r = "reduce.sum"(%x, %a, %a) : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: 'reduce.sum' op operand group starting at #1 requires 0 or 1 element, but found 2

// -----

/// Generic form: two results.
func.func @negative_two_results(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{requires one result}}
  %r:2 = "reduce.sum"(%x) <{axes = array<i64: 1>}> : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0 : tensor<2xf32>
}
// CHECK: error: 'reduce.sum' op requires one result
