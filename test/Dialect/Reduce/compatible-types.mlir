// RUN: reduce-opt %s --verify-roundtrip | FileCheck %s

/// The written result type may be more or less static than the inferred
/// one, as MLIR's verifyCompatibleShape allows; only a contradiction is an
/// error (invalid.mlir). A runtime-axes result that is more static than
/// inference can prove is checked when the code runs.

// CHECK-LABEL: func @constant_axes_static_result
func.func @constant_axes_static_result(%x: tensor<3x4x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %s = arith.constant dense<1> : tensor<i64>
  %r = arith.constant dense<[1, 1]> : tensor<2xi64>
  // CHECK: reduce.sum %{{.*}} axes %{{.*}} : tensor<3x4x5xf32>, tensor<1xi64> -> tensor<3x5xf32>
  %0 = reduce.sum %x axes %a : tensor<3x4x5xf32>, tensor<1xi64> -> tensor<3x5xf32>
  // CHECK: reduce.sum %{{.*}} axes %{{.*}} : tensor<3x4x5xf32>, tensor<i64> -> tensor<3x5xf32>
  %1 = reduce.sum %x axes %s : tensor<3x4x5xf32>, tensor<i64> -> tensor<3x5xf32>
  // CHECK: reduce.sum %{{.*}} axes %{{.*}} : tensor<3x4x5xf32>, tensor<2xi64> -> tensor<3x5xf32>
  %2 = reduce.sum %x axes %r : tensor<3x4x5xf32>, tensor<2xi64> -> tensor<3x5xf32>
  return %0, %1, %2 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// CHECK-LABEL: func @runtime_axes_more_static
func.func @runtime_axes_more_static(%x: tensor<3x4x5xf32>, %a: tensor<1xi64>, %b: tensor<?xi64>) {
  // CHECK: reduce.sum %{{.*}} axes %{{.*}} : tensor<3x4x5xf32>, tensor<1xi64> -> tensor<3x5xf32>
  %0 = reduce.sum %x axes %a : tensor<3x4x5xf32>, tensor<1xi64> -> tensor<3x5xf32>
  // CHECK: reduce.min %{{.*}} axes %{{.*}} : tensor<3x4x5xf32>, tensor<?xi64> -> tensor<5xf32>
  %1 = reduce.min %x axes %b : tensor<3x4x5xf32>, tensor<?xi64> -> tensor<5xf32>
  // CHECK: reduce.l1 %{{.*}} axes %{{.*}} keep_dims : tensor<3x4x5xf32>, tensor<?xi64> -> tensor<1x4x1xf32>
  %2 = reduce.l1 %x axes %b keep_dims : tensor<3x4x5xf32>, tensor<?xi64> -> tensor<1x4x1xf32>
  return
}

// CHECK-LABEL: func @static_axes_either_way
func.func @static_axes_either_way(%x: tensor<?x12xf32>, %u: tensor<*xf32>) {
  // CHECK: reduce.min %{{.*}} axes [1] : tensor<?x12xf32> -> tensor<6xf32>
  %0 = reduce.min %x axes [1] : tensor<?x12xf32> -> tensor<6xf32>
  // CHECK: reduce.sum %{{.*}} axes [1] : tensor<*xf32> -> tensor<?xf32>
  %1 = reduce.sum %u axes [1] : tensor<*xf32> -> tensor<?xf32>
  // CHECK: reduce.sum %{{.*}} axes [0] : tensor<?x12xf32> -> tensor<*xf32>
  %2 = reduce.sum %x axes [0] : tensor<?x12xf32> -> tensor<*xf32>
  return
}
