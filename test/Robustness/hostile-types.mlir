// Element and operand types the reductions do not support: each is rejected
// with a diagnostic and exit code 1, never a crash.
//
// RUN: reduce-opt %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: not reduce-opt %s -split-input-file -o /dev/null 2>&1 | FileCheck %s

func.func @negative_complex(%x: tensor<2x3xcomplex<f32>>) {
  // expected-error @+1 {{operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<2x3xcomplex<f32>>'}}
  %r = reduce.sum %x axes [1] : tensor<2x3xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return
}
// CHECK: error: 'reduce.sum' op operand #0 must be tensor of {{.*}} but got 'tensor<2x3xcomplex<f32>>'

// -----

func.func @negative_index(%x: tensor<2x3xindex>) {
  // expected-error @+1 {{but got 'tensor<2x3xindex>'}}
  %r = reduce.sum %x axes [1] : tensor<2x3xindex> -> tensor<2xindex>
  return
}
// CHECK: error: 'reduce.sum' op operand #0 must be tensor of {{.*}} but got 'tensor<2x3xindex>'

// -----

func.func @negative_i1(%x: tensor<2x3xi1>) {
  // expected-error @+1 {{but got 'tensor<2x3xi1>'}}
  %r = reduce.min %x axes [1] : tensor<2x3xi1> -> tensor<2xi1>
  return
}
// CHECK: error: 'reduce.min' op operand #0 must be tensor of {{.*}} but got 'tensor<2x3xi1>'

// -----

func.func @negative_f8(%x: tensor<2x3xf8E4M3FN>) {
  // expected-error @+1 {{but got 'tensor<2x3xf8E4M3FN>'}}
  %r = reduce.l1 %x axes [1] : tensor<2x3xf8E4M3FN> -> tensor<2xf8E4M3FN>
  return
}
// CHECK: error: 'reduce.l1' op operand #0 must be tensor of {{.*}} but got 'tensor<2x3xf8E4M3FN>'

// -----

/// Signed (si32) and odd-width (i7) integers are not numeric types we accept.
func.func @negative_si32(%x: tensor<4xsi32>) {
  // expected-error @+1 {{but got 'tensor<4xsi32>'}}
  %r = reduce.sum %x axes [0] : tensor<4xsi32> -> tensor<si32>
  return
}
// CHECK: error: 'reduce.sum' op operand #0 must be tensor of {{.*}} but got 'tensor<4xsi32>'

// -----

func.func @negative_i7(%x: tensor<4xi7>) {
  // expected-error @+1 {{but got 'tensor<4xi7>'}}
  %r = reduce.sum %x axes [0] : tensor<4xi7> -> tensor<i7>
  return
}
// CHECK: error: 'reduce.sum' op operand #0 must be tensor of {{.*}} but got 'tensor<4xi7>'

// -----

/// A memref where a tensor is expected.
func.func @negative_memref(%x: memref<2x3xf32>) {
  // expected-error @+1 {{invalid kind of type specified}}
  %r = reduce.sum %x axes [1] : memref<2x3xf32> -> tensor<2xf32>
  return
}
// CHECK: error: custom op 'reduce.sum' invalid kind of type specified

// -----

/// Axes operands of a float type and of rank 2.
func.func @negative_float_axes(%x: tensor<2x3xf32>, %a: tensor<1xf32>) {
  // expected-error @+1 {{operand #1 must be tensor of signless integer values, but got 'tensor<1xf32>'}}
  %r = reduce.sum %x axes %a : tensor<2x3xf32>, tensor<1xf32> -> tensor<*xf32>
  return
}
// CHECK: error: 'reduce.sum' op operand #1 must be tensor of signless integer values, but got 'tensor<1xf32>'

// -----

func.func @negative_rank2_axes(%x: tensor<2x3xf32>, %a: tensor<1x1xi64>) {
  // expected-error @+1 {{expected a 0-D or 1-D axes operand, but got rank 2 ('tensor<1x1xi64>')}}
  %r = reduce.sum %x axes %a : tensor<2x3xf32>, tensor<1x1xi64> -> tensor<*xf32>
  return
}
// CHECK: error: 'reduce.sum' op expected a 0-D or 1-D axes operand, but got rank 2

// -----

/// A result element type that differs from the input's.
func.func @negative_result_element_type(%x: tensor<2x3xf16>) {
  // expected-error @+1 {{result element type 'f32' does not match input element type 'f16'}}
  %r = reduce.sum %x axes [1] : tensor<2x3xf16> -> tensor<2xf32>
  return
}
// CHECK: error: 'reduce.sum' op result element type 'f32' does not match input element type 'f16'
