// Big but legal IR: rank 16, dimensions near 2^62, huge empty inputs. It
// verifies, and canonicalization folds only what it can fold exactly (the
// folder bounds the input and the output at 2^20 elements). Element counts
// that overflow int64_t are refused by the verifier (hostile-sizes.mlir).
//
// RUN: reduce-opt %s -split-input-file --canonicalize | FileCheck %s

/// Rank 16: every axis, and a constant of 2^16 elements folded.
// CHECK-LABEL: func.func @rank16_all_axes
// CHECK: reduce.sum %{{.*}} axes [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32> -> tensor<f32>
func.func @rank16_all_axes(%x: tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<f32> {
  %r = reduce.sum %x axes [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0] : tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// CHECK-LABEL: func.func @rank16_constant
// CHECK: %[[CST:.*]] = arith.constant dense<3.276800e+04> : tensor<2xf32>
// CHECK: return %[[CST]]
func.func @rank16_constant() -> tensor<2xf32> {
  %c = arith.constant dense<1.0> : tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>
  %r = reduce.sum %c axes [-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] : tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// Dimensions of 2^62: verified, not folded.
// CHECK-LABEL: func.func @dims_near_2_62
// CHECK: reduce.sum %{{.*}} axes [0] keep_dims : tensor<4611686018427387904x1xf32> -> tensor<1x1xf32>
func.func @dims_near_2_62(%x: tensor<4611686018427387904x1xf32>) -> tensor<1x1xf32> {
  %r = reduce.sum %x axes [-2] keep_dims : tensor<4611686018427387904x1xf32> -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// -----

/// Regression: an input with a size-0 dimension has no elements, but the
/// output had 2^40 (the folder tried to allocate them and aborted).
// CHECK-LABEL: func.func @no_fold_empty_input_big_output
// CHECK: reduce.min
func.func @no_fold_empty_input_big_output() -> tensor<1099511627776xi32> {
  %c = arith.constant dense<> : tensor<0x1099511627776xi32>
  %r = reduce.min %c axes [0] : tensor<0x1099511627776xi32> -> tensor<1099511627776xi32>
  return %r : tensor<1099511627776xi32>
}

// -----

/// A size-0 input with a small output still folds to the identity.
// CHECK-LABEL: func.func @empty_input_small_output
// CHECK: arith.constant dense<2147483647> : tensor<3xi32>
func.func @empty_input_small_output() -> tensor<3xi32> {
  %c = arith.constant dense<> : tensor<0x3xi32>
  %r = reduce.min %c axes [0] : tensor<0x3xi32> -> tensor<3xi32>
  return %r : tensor<3xi32>
}
