// RUN: reduce-opt --lower-reduce -split-input-file -verify-diagnostics %s

// Ops that --lower-reduce cannot lower are reported, and the pass fails.

/// An unranked input has no static rank to build linalg ops with.
func.func @negative_unranked_input(%input: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'reduce.sum' op cannot lower an unranked input: expected a ranked tensor, found 'tensor<*xf32>'}}
  %0 = reduce.sum %input axes [0] : tensor<*xf32> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// The status of runtime axes is a result of the function: the op must be
/// in the function's body, not in a nested region.
func.func @negative_runtime_axes_in_region(%input: tensor<4x8xf32>, %axes: tensor<1xi64>, %c: i1) -> tensor<*xf32> {
  %0 = scf.if %c -> tensor<*xf32> {
    // expected-error @+1 {{'reduce.l1' op cannot lower runtime axes here: expected the op in the body of a single-block func.func, whose results report its runtime errors}}
    %1 = reduce.l1 %input axes %axes : tensor<4x8xf32>, tensor<1xi64> -> tensor<*xf32>
    scf.yield %1 : tensor<*xf32>
  } else {
    %2 = tensor.cast %input : tensor<4x8xf32> to tensor<*xf32>
    scf.yield %2 : tensor<*xf32>
  }
  return %0 : tensor<*xf32>
}

// -----

/// A called function would change its signature under its callers.
func.func private @negative_called(%input: tensor<4x8xf32>, %axes: tensor<?xi32>) -> tensor<*xf32> {
  // expected-error @+1 {{'reduce.sum' op cannot lower runtime axes in 'negative_called', which is called: its runtime errors are reported through an extra result, so it must be an entry function}}
  %0 = reduce.sum %input axes %axes : tensor<4x8xf32>, tensor<?xi32> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
func.func @caller(%input: tensor<4x8xf32>, %axes: tensor<?xi32>) -> tensor<*xf32> {
  %0 = func.call @negative_called(%input, %axes) : (tensor<4x8xf32>, tensor<?xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// The axes are read as signed 64-bit values.
func.func @negative_wide_axes(%input: tensor<4x8xf32>, %axes: tensor<?xi128>) -> tensor<*xf32> {
  // expected-error @+1 {{'reduce.min' op cannot lower runtime axes of type 'i128': expected at most 64 bits}}
  %0 = reduce.min %input axes %axes : tensor<4x8xf32>, tensor<?xi128> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// The rank of an unranked axes tensor is only known when the code runs.
func.func @negative_unranked_axes(%input: tensor<4x8xf32>, %axes: tensor<*xi64>) -> tensor<*xf32> {
  // expected-error @+1 {{'reduce.sum' op cannot lower an unranked axes operand: expected a 0-D or 1-D tensor, found 'tensor<*xi64>'}}
  %0 = reduce.sum %input axes %axes : tensor<4x8xf32>, tensor<*xi64> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// The reduced dims are bits of a mask, collapsed in O(rank^2) scalar ops.
func.func @negative_runtime_axes_rank_17(%input: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, %axes: tensor<1xi64>) -> tensor<*xf32> {
  // expected-error @+1 {{'reduce.sum' op cannot lower runtime axes for an input of rank 17: expected at most 16}}
  %0 = reduce.sum %input axes %axes : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<1xi64> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// Every op that cannot be lowered is reported, not only the first one.
func.func @negative_two_errors(%input: tensor<*xi32>, %axes: tensor<i65>) -> (tensor<*xi32>, tensor<*xi32>) {
  // expected-error @+1 {{'reduce.min' op cannot lower an unranked input}}
  %0 = reduce.min %input axes [] : tensor<*xi32> -> tensor<*xi32>
  %ranked = tensor.cast %input : tensor<*xi32> to tensor<4xi32>
  // expected-error @+1 {{'reduce.sum' op cannot lower runtime axes of type 'i65': expected at most 64 bits}}
  %1 = reduce.sum %ranked axes %axes : tensor<4xi32>, tensor<i65> -> tensor<*xi32>
  return %0, %1 : tensor<*xi32>, tensor<*xi32>
}

// -----

/// A result size the input does not prove is checked at run time, which
/// needs the status result of an entry function.
func.func private @negative_unproven_called(%input: tensor<?x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'reduce.sum' op cannot lower a result type more static than the input proves in 'negative_unproven_called', which is called: its runtime errors are reported through an extra result, so it must be an entry function}}
  %0 = reduce.sum %input axes [1] : tensor<?x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @unproven_caller(%input: tensor<?x8xf32>) -> tensor<4xf32> {
  %0 = func.call @negative_unproven_called(%input) : (tensor<?x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

/// An integer division whose check cannot reach the results.
func.func @called(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'arith.divsi' op cannot lower an integer division on tensors whose divisor may be 0 in 'called', which is called: its runtime errors are reported through an extra result, so it must be an entry function}}
  %q = arith.divsi %x, %y : tensor<4xi32>
  return %q : tensor<4xi32>
}

func.func @caller(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  %q = func.call @called(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %q : tensor<4xi32>
}

// -----

/// A dynamic reduced dim of an arg-reduction is checked at run time, which
/// needs the status result of an entry function.
func.func private @negative_argmax_called(%input: tensor<4x?xf32>) -> tensor<4xi64> {
  // expected-error @+1 {{'reduce.argmax' op cannot lower a dynamic reduced dim in 'negative_argmax_called', which is called: its runtime errors are reported through an extra result, so it must be an entry function}}
  %0 = reduce.argmax %input axis 1 : tensor<4x?xf32> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
func.func @argmax_caller(%input: tensor<4x?xf32>) -> tensor<4xi64> {
  %0 = func.call @negative_argmax_called(%input) : (tensor<4x?xf32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @negative_argmin_in_loop(%input: tensor<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'reduce.argmin' op cannot lower a dynamic reduced dim here: expected the op in the body of a single-block func.func, whose results report its runtime errors}}
    %0 = reduce.argmin %input axis 0 : tensor<?xf32> -> tensor<i64>
  }
  return
}
