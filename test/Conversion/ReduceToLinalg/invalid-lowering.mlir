// RUN: reduce-opt --lower-reduce -split-input-file -verify-diagnostics %s

// Ops that --lower-reduce cannot lower are reported, and the pass fails.

/// An unranked input has no static rank to build linalg ops with.
func.func @negative_unranked_input(%input: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'reduce.sum' op cannot lower an unranked input: expected a ranked tensor, found 'tensor<*xf32>'}}
  %0 = reduce.sum %input axes [0] : tensor<*xf32> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// The reduced dims of a runtime axes operand are unknown.
func.func @negative_runtime_axes(%input: tensor<4x8xf32>, %axes: tensor<1xi64>) -> tensor<*xf32> {
  // expected-error @+1 {{'reduce.l1' op cannot lower a non-constant axes operand: expected static axes or a constant axes operand}}
  %0 = reduce.l1 %input axes %axes : tensor<4x8xf32>, tensor<1xi64> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A constant axes operand may hold an axis out of range.
func.func @negative_constant_axis_out_of_range(%input: tensor<4x8xf32>) -> tensor<*xf32> {
  %axes = arith.constant dense<[0, 5]> : tensor<2xi64>
  // expected-error @+1 {{'reduce.min' op cannot lower constant axes [0, 5]: expected axes in [-2, 1] for input of rank 2}}
  %0 = reduce.min %input axes %axes : tensor<4x8xf32>, tensor<2xi64> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// Every op that cannot be lowered is reported, not only the first one.
func.func @negative_two_errors(%input: tensor<*xi32>, %axes: tensor<i32>) -> (tensor<*xi32>, tensor<*xi32>) {
  // expected-error @+1 {{'reduce.min' op cannot lower an unranked input}}
  %0 = reduce.min %input axes [] : tensor<*xi32> -> tensor<*xi32>
  %ranked = tensor.cast %input : tensor<*xi32> to tensor<4xi32>
  // expected-error @+1 {{'reduce.sum' op cannot lower a non-constant axes operand}}
  %1 = reduce.sum %ranked axes %axes : tensor<4xi32>, tensor<i32> -> tensor<*xi32>
  return %0, %1 : tensor<*xi32>, tensor<*xi32>
}
