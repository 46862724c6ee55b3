// RUN: reduce-opt %s --raise-to-reduce --split-input-file | FileCheck %s

// Each TOSA reduction becomes the reduce op of the same meaning over its
// axis, with keep_dims; nan_mode carries over for floats.

// CHECK-LABEL: func @sum
//  CHECK-NEXT:   %[[R:.*]] = reduce.sum %{{.*}} axes [1] keep_dims : tensor<4x8xf32> -> tensor<4x1xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @sum(%a: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %0 = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// CHECK-LABEL: func @sum_i32
//       CHECK:   reduce.sum %{{.*}} axes [0] keep_dims : tensor<3x5xi32> -> tensor<1x5xi32>
func.func @sum_i32(%a: tensor<3x5xi32>) -> tensor<1x5xi32> {
  %0 = tosa.reduce_sum %a {axis = 0 : i32} : (tensor<3x5xi32>) -> tensor<1x5xi32>
  return %0 : tensor<1x5xi32>
}

// -----

// CHECK-LABEL: func @product
//       CHECK:   reduce.prod %{{.*}} axes [2] keep_dims : tensor<2x3x4xbf16> -> tensor<2x3x1xbf16>
func.func @product(%a: tensor<2x3x4xbf16>) -> tensor<2x3x1xbf16> {
  %0 = tosa.reduce_product %a {axis = 2 : i32} : (tensor<2x3x4xbf16>) -> tensor<2x3x1xbf16>
  return %0 : tensor<2x3x1xbf16>
}

// -----

// CHECK-LABEL: func @max_propagate
//       CHECK:   reduce.max %{{.*}} axes [1] keep_dims : tensor<4x8xf16> -> tensor<4x1xf16>
//   CHECK-NOT:   nan_mode
func.func @max_propagate(%a: tensor<4x8xf16>) -> tensor<4x1xf16> {
  %0 = tosa.reduce_max %a {axis = 1 : i32, nan_mode = #tosa<nan_mode<PROPAGATE>>} : (tensor<4x8xf16>) -> tensor<4x1xf16>
  return %0 : tensor<4x1xf16>
}

// -----

// CHECK-LABEL: func @max_ignore
//       CHECK:   reduce.max %{{.*}} axes [0] keep_dims nan_mode ignore : tensor<4x8xf32> -> tensor<1x8xf32>
func.func @max_ignore(%a: tensor<4x8xf32>) -> tensor<1x8xf32> {
  %0 = tosa.reduce_max %a {axis = 0 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func @min_ignore_dynamic
//       CHECK:   reduce.min %{{.*}} axes [1] keep_dims nan_mode ignore : tensor<?x?xf32> -> tensor<?x1xf32>
func.func @min_ignore_dynamic(%a: tensor<?x?xf32>) -> tensor<?x1xf32> {
  %0 = tosa.reduce_min %a {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

// -----

// nan_mode is ignored by integer types, as the TOSA specification says.
// CHECK-LABEL: func @min_int
//       CHECK:   reduce.min %{{.*}} axes [1] keep_dims : tensor<4x8xi8> -> tensor<4x1xi8>
//   CHECK-NOT:   nan_mode
func.func @min_int(%a: tensor<4x8xi8>) -> tensor<4x1xi8> {
  %0 = tosa.reduce_min %a {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<4x8xi8>) -> tensor<4x1xi8>
  return %0 : tensor<4x1xi8>
}

// -----

// CHECK-LABEL: func @all_any
//       CHECK:   reduce.logical_and %{{.*}} axes [1] keep_dims : tensor<4x8xi1> -> tensor<4x1xi1>
//       CHECK:   reduce.logical_or %{{.*}} axes [0] keep_dims : tensor<4x8xi1> -> tensor<1x8xi1>
func.func @all_any(%a: tensor<4x8xi1>) -> (tensor<4x1xi1>, tensor<1x8xi1>) {
  %0 = tosa.reduce_all %a {axis = 1 : i32} : (tensor<4x8xi1>) -> tensor<4x1xi1>
  %1 = tosa.reduce_any %a {axis = 0 : i32} : (tensor<4x8xi1>) -> tensor<1x8xi1>
  return %0, %1 : tensor<4x1xi1>, tensor<1x8xi1>
}

// -----

// A result type less static than the inferred one is kept through a cast.
// CHECK-LABEL: func @less_static_result
//       CHECK:   %[[R:.*]] = reduce.sum %{{.*}} axes [1] keep_dims : tensor<4x8xf32> -> tensor<4x1xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[R]] : tensor<4x1xf32> to tensor<?x1xf32>
//       CHECK:   return %[[C]]
func.func @less_static_result(%a: tensor<4x8xf32>) -> tensor<?x1xf32> {
  %0 = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

// -----

// The other TOSA ops are not reductions: left as they are.
// CHECK-LABEL: func @dot
//       CHECK:   %[[P:.*]] = tosa.mul
//       CHECK:   reduce.sum %[[P]] axes [1] keep_dims
func.func @dot(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %p = tosa.mul %a, %b, %shift : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<1xi8>) -> tensor<4x8xf32>
  %0 = tosa.reduce_sum %p {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// tosa.argmax is reduce.argmax: the axis removed, its index type kept.
// CHECK-LABEL: func @argmax
//  CHECK-NEXT:   %[[R:.*]] = reduce.argmax %{{.*}} axis 1 : tensor<4x8xf32> -> tensor<4xi32>
//  CHECK-NEXT:   return %[[R]]
func.func @argmax(%a: tensor<4x8xf32>) -> tensor<4xi32> {
  %0 = tosa.argmax %a {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func @argmax_ignore_i64
//       CHECK:   reduce.argmax %{{.*}} axis 0 nan_mode ignore : tensor<3x5xf16> -> tensor<5xi64>
func.func @argmax_ignore_i64(%a: tensor<3x5xf16>) -> tensor<5xi64> {
  %0 = tosa.argmax %a {axis = 0 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<3x5xf16>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

// Integers have no NaN: nan_mode ignore is dropped.
// CHECK-LABEL: func @argmax_i8
//       CHECK:   reduce.argmax %{{.*}} axis 1 : tensor<2x7xi8> -> tensor<2xi32>
func.func @argmax_i8(%a: tensor<2x7xi8>) -> tensor<2xi32> {
  %0 = tosa.argmax %a {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<2x7xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
