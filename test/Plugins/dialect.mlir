// REQUIRES: reduce-plugins
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin %s --verify-roundtrip | FileCheck %s
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin %s --mlir-print-op-generic | %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin | FileCheck %s
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin --show-dialects | FileCheck %s --check-prefix=DIALECTS

// The dialect's own suites, run through Debian's mlir-opt: every form of the
// ops round-trips and every diagnostic is the one reduce-opt gives.
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin %reduce_src_root/test/Dialect/Reduce/ops.mlir --verify-roundtrip | FileCheck %reduce_src_root/test/Dialect/Reduce/ops.mlir
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin %reduce_src_root/test/Dialect/Reduce/invalid.mlir -split-input-file -verify-diagnostics
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin %reduce_src_root/test/Dialect/Reduce/normalization-invalid.mlir -split-input-file -verify-diagnostics

/// Debian's mlir-opt (mlir-22-tools) with the dialect plugin parses,
/// verifies and prints the reduce ops, as reduce-opt does (docs/plugins.md).

// DIALECTS: Available Dialects:
// DIALECTS-SAME: reduce

// CHECK-LABEL: func @reductions
func.func @reductions(%x: tensor<6x12x10x24xf32>) -> (tensor<6x12x1x1xf32>, tensor<6x12x24xf32>, tensor<6x10x24xf32>) {
  // CHECK: reduce.sum %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %sum = reduce.sum %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  // CHECK: reduce.l1 %{{.*}} axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  %l1 = reduce.l1 %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  // CHECK: reduce.min %{{.*}} axes [1] nan_mode ignore : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %min = reduce.min %x axes [1] nan_mode ignore : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  return %sum, %l1, %min : tensor<6x12x1x1xf32>, tensor<6x12x24xf32>, tensor<6x10x24xf32>
}

// CHECK-LABEL: func @axes_operand
func.func @axes_operand(%x: tensor<6x12xf32>, %axes: tensor<?xi32>) -> tensor<*xf32> {
  // CHECK: reduce.max %{{.*}} axes %{{.*}} empty_axes all : tensor<6x12xf32>, tensor<?xi32> -> tensor<*xf32>
  %max = reduce.max %x axes %axes empty_axes all : tensor<6x12xf32>, tensor<?xi32> -> tensor<*xf32>
  return %max : tensor<*xf32>
}

// CHECK-LABEL: func @softmax
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: reduce.softmax %{{.*}} axis -1 : tensor<4x8xf32>
  %y = reduce.softmax %x axis -1 : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
