// RUN: reduce-opt %s --verify-roundtrip | FileCheck %s
// RUN: reduce-opt %s --mlir-print-op-generic | reduce-opt | FileCheck %s

/// Round-trip of every form: static and operand axes, keep_dims, empty_axes,
/// every nan_mode, ranked, dynamic and unranked inputs, every element type.

// CHECK-LABEL: func @static_axes
func.func @static_axes(%x: tensor<6x12x10x24xf32>) {
  // CHECK: reduce.sum %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %sum = reduce.sum %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  // CHECK: reduce.l1 %{{.*}} axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  %l1 = reduce.l1 %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  // CHECK: reduce.min %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %min = reduce.min %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  return
}

// CHECK-LABEL: func @empty_and_all_axes
func.func @empty_and_all_axes(%x: tensor<?x4xi32>) {
  // CHECK: reduce.min %{{.*}} axes [] : tensor<?x4xi32> -> tensor<?x4xi32>
  %none = reduce.min %x axes [] : tensor<?x4xi32> -> tensor<?x4xi32>
  // CHECK: reduce.sum %{{.*}} axes [0, 1] : tensor<?x4xi32> -> tensor<i32>
  %all = reduce.sum %x axes [0, 1] : tensor<?x4xi32> -> tensor<i32>
  // CHECK: reduce.l1 %{{.*}} axes [1, 0] keep_dims : tensor<?x4xi32> -> tensor<1x1xi32>
  %all_keep = reduce.l1 %x axes [1, 0] keep_dims : tensor<?x4xi32> -> tensor<1x1xi32>
  return
}

// CHECK-LABEL: func @axes_operand
func.func @axes_operand(%x: tensor<6x12xf32>, %a: tensor<1xi64>, %b: tensor<?xi32>, %c: tensor<i8>) {
  // CHECK: reduce.sum %{{.*}} axes %{{.*}} : tensor<6x12xf32>, tensor<1xi64> -> tensor<?xf32>
  %0 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xi64> -> tensor<?xf32>
  // CHECK: reduce.l1 %{{.*}} axes %{{.*}} keep_dims : tensor<6x12xf32>, tensor<?xi32> -> tensor<?x?xf32>
  %1 = reduce.l1 %x axes %b keep_dims : tensor<6x12xf32>, tensor<?xi32> -> tensor<?x?xf32>
  // CHECK: reduce.min %{{.*}} axes %{{.*}} empty_axes all : tensor<6x12xf32>, tensor<?xi32> -> tensor<*xf32>
  %2 = reduce.min %x axes %b empty_axes all : tensor<6x12xf32>, tensor<?xi32> -> tensor<*xf32>
  // CHECK: reduce.sum %{{.*}} axes %{{.*}} keep_dims empty_axes all : tensor<6x12xf32>, tensor<i8> -> tensor<?x?xf32>
  %3 = reduce.sum %x axes %c keep_dims empty_axes all : tensor<6x12xf32>, tensor<i8> -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func @nan_modes
func.func @nan_modes(%x: tensor<4x8xf32>) {
  // CHECK: reduce.min %{{.*}} axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  %0 = reduce.min %x axes [1] nan_mode propagate : tensor<4x8xf32> -> tensor<4xf32>
  // CHECK: reduce.min %{{.*}} axes [1] nan_mode ignore : tensor<4x8xf32> -> tensor<4xf32>
  %1 = reduce.min %x axes [1] nan_mode ignore : tensor<4x8xf32> -> tensor<4xf32>
  // CHECK: reduce.min %{{.*}} axes [0] keep_dims nan_mode ignore : tensor<4x8xf32> -> tensor<1x8xf32>
  %2 = reduce.min %x axes [0] keep_dims nan_mode ignore : tensor<4x8xf32> -> tensor<1x8xf32>
  return
}

// CHECK-LABEL: func @unranked_and_rank0
func.func @unranked_and_rank0(%x: tensor<*xf16>, %s: tensor<bf16>) {
  // CHECK: reduce.sum %{{.*}} axes [0, -1] : tensor<*xf16> -> tensor<*xf16>
  %0 = reduce.sum %x axes [0, -1] : tensor<*xf16> -> tensor<*xf16>
  // CHECK: reduce.l1 %{{.*}} axes [] : tensor<bf16> -> tensor<bf16>
  %1 = reduce.l1 %s axes [] : tensor<bf16> -> tensor<bf16>
  return
}

// CHECK-LABEL: func @element_types
func.func @element_types(%f16: tensor<4xf16>, %bf16: tensor<4xbf16>, %f64: tensor<4xf64>,
                         %i8: tensor<4xi8>, %i16: tensor<4xi16>, %i64: tensor<4xi64>,
                         %u8: tensor<4xui8>, %u16: tensor<4xui16>, %u32: tensor<4xui32>,
                         %u64: tensor<4xui64>) {
  // CHECK: tensor<4xf16> -> tensor<f16>
  %0 = reduce.sum %f16 axes [0] : tensor<4xf16> -> tensor<f16>
  // CHECK: tensor<4xbf16> -> tensor<bf16>
  %1 = reduce.sum %bf16 axes [0] : tensor<4xbf16> -> tensor<bf16>
  // CHECK: tensor<4xf64> -> tensor<f64>
  %2 = reduce.l1 %f64 axes [0] : tensor<4xf64> -> tensor<f64>
  // CHECK: tensor<4xi8> -> tensor<i8>
  %3 = reduce.min %i8 axes [0] : tensor<4xi8> -> tensor<i8>
  // CHECK: tensor<4xi16> -> tensor<i16>
  %4 = reduce.min %i16 axes [0] : tensor<4xi16> -> tensor<i16>
  // CHECK: tensor<4xi64> -> tensor<i64>
  %5 = reduce.l1 %i64 axes [0] : tensor<4xi64> -> tensor<i64>
  // CHECK: tensor<4xui8> -> tensor<ui8>
  %6 = reduce.sum %u8 axes [0] : tensor<4xui8> -> tensor<ui8>
  // CHECK: tensor<4xui16> -> tensor<ui16>
  %7 = reduce.min %u16 axes [0] : tensor<4xui16> -> tensor<ui16>
  // CHECK: tensor<4xui32> -> tensor<ui32>
  %8 = reduce.l1 %u32 axes [0] : tensor<4xui32> -> tensor<ui32>
  // CHECK: tensor<4xui64> -> tensor<ui64>
  %9 = reduce.sum %u64 axes [0] : tensor<4xui64> -> tensor<ui64>
  return
}

// CHECK-LABEL: func @less_static_result
func.func @less_static_result(%x: tensor<6x12xf32>) {
  // CHECK: reduce.sum %{{.*}} axes [1] : tensor<6x12xf32> -> tensor<?xf32>
  %0 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<?xf32>
  // CHECK: reduce.sum %{{.*}} axes [1] : tensor<6x12xf32> -> tensor<*xf32>
  %1 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<*xf32>
  return
}

// CHECK-LABEL: func @generic_form
func.func @generic_form(%x: tensor<6x12xf32>) {
  // CHECK: reduce.min %{{.*}} axes [0] keep_dims nan_mode ignore : tensor<6x12xf32> -> tensor<1x12xf32>
  %0 = "reduce.min"(%x) <{axes = array<i64: 0>, keep_dims, nan_mode = 1 : i32}> : (tensor<6x12xf32>) -> tensor<1x12xf32>
  // CHECK: reduce.sum %{{.*}} axes [1] : tensor<6x12xf32> -> tensor<6xf32>
  %1 = "reduce.sum"(%x) <{axes = array<i64: 1>}> : (tensor<6x12xf32>) -> tensor<6xf32>
  return
}

/// The rest of the family: each op in its accepted element types, with
/// nan_mode on max, runtime axes and the logical ops on i1.
// CHECK-LABEL: func @family
func.func @family(%x: tensor<4x8xf32>, %h: tensor<4x8xf16>, %b: tensor<4x8xbf16>,
                  %d: tensor<4x8xf64>, %i: tensor<4x8xi8>, %u: tensor<4x8xui32>,
                  %p: tensor<4x8xi1>, %a: tensor<1xi64>) {
  // CHECK: reduce.max %{{.*}} axes [0] keep_dims nan_mode ignore : tensor<4x8xf32> -> tensor<1x8xf32>
  %0 = reduce.max %x axes [0] keep_dims nan_mode ignore : tensor<4x8xf32> -> tensor<1x8xf32>
  // CHECK: reduce.max %{{.*}} axes [1] : tensor<4x8xui32> -> tensor<4xui32>
  %1 = reduce.max %u axes [1] nan_mode propagate : tensor<4x8xui32> -> tensor<4xui32>
  // CHECK: reduce.prod %{{.*}} axes [-1] : tensor<4x8xi8> -> tensor<4xi8>
  %2 = reduce.prod %i axes [-1] : tensor<4x8xi8> -> tensor<4xi8>
  // CHECK: reduce.mean %{{.*}} axes [0, 1] : tensor<4x8xbf16> -> tensor<bf16>
  %3 = reduce.mean %b axes [0, 1] : tensor<4x8xbf16> -> tensor<bf16>
  // CHECK: reduce.l2 %{{.*}} axes [1] keep_dims : tensor<4x8xf16> -> tensor<4x1xf16>
  %4 = reduce.l2 %h axes [1] keep_dims : tensor<4x8xf16> -> tensor<4x1xf16>
  // CHECK: reduce.sum_square %{{.*}} axes [1] : tensor<4x8xui32> -> tensor<4xui32>
  %5 = reduce.sum_square %u axes [1] : tensor<4x8xui32> -> tensor<4xui32>
  // CHECK: reduce.log_sum %{{.*}} axes [] : tensor<4x8xf64> -> tensor<4x8xf64>
  %6 = reduce.log_sum %d axes [] : tensor<4x8xf64> -> tensor<4x8xf64>
  // CHECK: reduce.log_sum_exp %{{.*}} axes %{{.*}} empty_axes all : tensor<4x8xf32>, tensor<1xi64> -> tensor<?xf32>
  %7 = reduce.log_sum_exp %x axes %a empty_axes all : tensor<4x8xf32>, tensor<1xi64> -> tensor<?xf32>
  // CHECK: reduce.logical_and %{{.*}} axes [1] : tensor<4x8xi1> -> tensor<4xi1>
  %8 = reduce.logical_and %p axes [1] : tensor<4x8xi1> -> tensor<4xi1>
  // CHECK: reduce.logical_or %{{.*}} axes [0] keep_dims : tensor<4x8xi1> -> tensor<1x8xi1>
  %9 = reduce.logical_or %p axes [0] keep_dims : tensor<4x8xi1> -> tensor<1x8xi1>
  return
}
