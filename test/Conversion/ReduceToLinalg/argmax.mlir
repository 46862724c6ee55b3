// RUN: reduce-opt --lower-reduce %s | FileCheck %s

// Lowering of reduce.argmax and reduce.argmin to one linalg.generic with two
// outputs, the selected value and its index: each order (first, last, NaN
// skipped), f16 in f32, unsigned compares, keep_dims, i32 indices, and the
// runtime check of a dynamic reduced dim.

/// NaN is the largest value and the first one wins: a NaN replaces a number
/// (ugt is true for it), nothing replaces a NaN (ord of the selected value).
// CHECK-LABEL: func.func @argmax_rows_f32(
// CHECK:         %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[VALUES:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         %[[INDICES:.*]] = linalg.fill ins(%[[ZERO]] : i64) outs(%{{.*}} : tensor<4xi64>)
// CHECK:         %[[R:.*]]:2 = linalg.generic {{{.*}}iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<4x8xf32>) outs(%[[VALUES]], %[[INDICES]] : tensor<4xf32>, tensor<4xi64>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[V:.*]]: f32, %[[I:.*]]: i64):
// CHECK-NEXT:      %[[ORD:.*]] = arith.cmpf ord, %[[V]], %[[V]] : f32
// CHECK-NEXT:      %[[GT:.*]] = arith.cmpf ugt, %[[IN]], %[[V]] : f32
// CHECK-NEXT:      %[[TAKES:.*]] = arith.andi %[[ORD]], %[[GT]] : i1
// CHECK-NEXT:      %[[K:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[K64:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK-NEXT:      %[[V2:.*]] = arith.select %[[TAKES]], %[[IN]], %[[V]] : f32
// CHECK-NEXT:      %[[I2:.*]] = arith.select %[[TAKES]], %[[K64]], %[[I]] : i64
// CHECK-NEXT:      linalg.yield %[[V2]], %[[I2]] : f32, i64
// CHECK:         return %[[R]]#1 : tensor<4xi64>
func.func @argmax_rows_f32(%input: tensor<4x8xf32>) -> tensor<4xi64> {
  %0 = reduce.argmax %input axis 1 : tensor<4x8xf32> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

/// select_last_index: equal values and every NaN replace; f16 compares in
/// f32 (exact); keep_dims expands the i32 index.
// CHECK-LABEL: func.func @argmax_last_f16(
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[R:.*]]:2 = linalg.generic
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f16, %[[V:.*]]: f32, %[[I:.*]]: i32):
// CHECK-NEXT:      %[[X:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:      %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK-NEXT:      %[[GE:.*]] = arith.cmpf oge, %[[X]], %[[V]] : f32
// CHECK-NEXT:      %[[TAKES:.*]] = arith.ori %[[NAN]], %[[GE]] : i1
// CHECK:           arith.index_cast %{{.*}} : index to i32
// CHECK:         tensor.expand_shape %[[R]]#1 {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xi32> into tensor<4x1xi32>
func.func @argmax_last_f16(%input: tensor<4x8xf16>) -> tensor<4x1xi32> {
  %0 = reduce.argmax %input axis -1 keep_dims select_last_index : tensor<4x8xf16> -> tensor<4x1xi32>
  return %0 : tensor<4x1xi32>
}

/// nan_mode ignore over columns: the value starts at NaN, which the first
/// number replaces; a NaN never does (ord of the element).
// CHECK-LABEL: func.func @argmin_ignore_cols(
// CHECK:         %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK:         linalg.fill ins(%[[NAN]] : f32) outs(%{{.*}} : tensor<8xf32>)
// CHECK:         linalg.generic {{{.*}}iterator_types = ["reduction", "parallel"]}
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[V:.*]]: f32, %[[I:.*]]: i64):
// CHECK-NEXT:      %[[ORD:.*]] = arith.cmpf ord, %[[IN]], %[[IN]] : f32
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpf ult, %[[IN]], %[[V]] : f32
// CHECK-NEXT:      arith.andi %[[ORD]], %[[LT]] : i1
// CHECK-NEXT:      linalg.index 0 : index
func.func @argmin_ignore_cols(%input: tensor<4x8xf32>) -> tensor<8xi64> {
  %0 = reduce.argmin %input axis 0 nan_mode ignore : tensor<4x8xf32> -> tensor<8xi64>
  return %0 : tensor<8xi64>
}

/// Unsigned elements are bitcast to signless and compared unsigned, from
/// the largest value (all ones).
// CHECK-LABEL: func.func @argmin_last_ui8(
// CHECK:         %[[SIGNLESS:.*]] = tensor.bitcast %{{.*}} : tensor<4x8xui8> to tensor<4x8xi8>
// CHECK:         %[[MAX:.*]] = arith.constant -1 : i8
// CHECK:         linalg.fill ins(%[[MAX]] : i8)
// CHECK:         linalg.generic {{.*}} ins(%[[SIGNLESS]] : tensor<4x8xi8>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i8, %[[V:.*]]: i8, %[[I:.*]]: i64):
// CHECK-NEXT:      arith.cmpi ule, %[[IN]], %[[V]] : i8
func.func @argmin_last_ui8(%input: tensor<4x8xui8>) -> tensor<4xi64> {
  %0 = reduce.argmin %input axis 1 select_last_index : tensor<4x8xui8> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

/// A dynamic reduced dim: size 0 sets the status emptyReducedDim (8) with
/// the non-negative axis, returned as the function's last result.
// CHECK-LABEL: func.func @argmax_dynamic(
// CHECK-SAME:    -> (tensor<?xi64>, tensor<5xi64>) attributes {reduce.runtime_checks = ["'reduce.argmax' at {{.*}}argmax.mlir:{{[0-9]+}}:8"]}
// CHECK:         %[[ONE:.*]] = arith.constant 1 : index
// CHECK:         %[[DIM:.*]] = tensor.dim %{{.*}}, %[[ONE]] : tensor<?x?xi32>
// CHECK:         %[[EMPTY:.*]] = arith.cmpi eq, %[[DIM]], %{{.*}} : index
// CHECK:         %[[CODE8:.*]] = arith.constant 8 : i64
// CHECK:         %[[CODE:.*]] = arith.select %[[EMPTY]], %[[CODE8]], %{{.*}} : i64
// CHECK:         %[[AXIS:.*]] = arith.constant 1 : i64
// CHECK:         %[[STATUS:.*]] = tensor.from_elements %[[CODE]], %{{.*}}, %[[AXIS]], %{{.*}}, %{{.*}} : tensor<5xi64>
// CHECK:         %[[R:.*]]:2 = linalg.generic
// CHECK:           arith.cmpi sgt
// CHECK:         return %[[R]]#1, %[[STATUS]] : tensor<?xi64>, tensor<5xi64>
func.func @argmax_dynamic(%input: tensor<?x?xi32>) -> tensor<?xi64> {
  %0 = reduce.argmax %input axis -1 : tensor<?x?xi32> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

/// A static reduced dim needs no check.
// CHECK-LABEL: func.func @argmax_static_axis(
// CHECK-SAME:    -> tensor<?xi64> {
// CHECK-NOT:     tensor.from_elements
func.func @argmax_static_axis(%input: tensor<?x8xf64>) -> tensor<?xi64> {
  %0 = reduce.argmax %input axis 1 : tensor<?x8xf64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
