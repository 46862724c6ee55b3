// RUN: reduce-opt --lower-reduce %s | FileCheck %s

// Lowering of reduce.min to linalg: NaN-propagating and NaN-skipping float
// min, signed and unsigned integer min, identities, keep_dims, empty axes.

/// Float min propagates NaN: arith.minimumf over a +inf fill.
// CHECK-LABEL: func.func @min_axis1_f32(
// CHECK:         %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[INF]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xf32>) outs(%[[FILL]] : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK-NEXT:        %[[MIN:.*]] = arith.minimumf %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:        linalg.yield %[[MIN]] : f32
func.func @min_axis1_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.min %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

/// 16-bit floats are computed in f32 (x86 has no bf16 arithmetic): the min
/// of the extended values from an f32 +inf, truncated once (exact).
// CHECK-LABEL: func.func @min_axis0_f16(
// CHECK:         %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[INF]] : f32) outs(%{{.*}} : tensor<8xf32>)
// CHECK:         %[[MIN:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xf16>) outs(%[[FILL]] : tensor<8xf32>) dimensions = [0]
// CHECK-NEXT:      (%[[IN:.*]]: f16, %[[ACC:.*]]: f32) {
// CHECK-NEXT:        %[[WIDE:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:        arith.minimumf %[[WIDE]], %[[ACC]] : f32
// CHECK:         %[[NARROW:.*]] = linalg.map { arith.truncf } ins(%[[MIN]] : tensor<8xf32>) outs(%{{.*}} : tensor<8xf16>)
// CHECK:         return %[[NARROW]] : tensor<8xf16>
func.func @min_axis0_f16(%input: tensor<4x8xf16>) -> tensor<8xf16> {
  %0 = reduce.min %input axes [0] : tensor<4x8xf16> -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

/// Signless integers compare signed: arith.minsi over the signed maximum.
// CHECK-LABEL: func.func @min_axis1_i32(
// CHECK:         %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[MAX]] : i32) outs(%{{.*}} : tensor<4xi32>)
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xi32>) outs(%[[FILL]] : tensor<4xi32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: i32, %[[ACC:.*]]: i32) {
// CHECK-NEXT:        arith.minsi %[[IN]], %[[ACC]] : i32
func.func @min_axis1_i32(%input: tensor<4x8xi32>) -> tensor<4xi32> {
  %0 = reduce.min %input axes [1] : tensor<4x8xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

/// Unsigned integers compare unsigned: arith.minui over the unsigned maximum.
// CHECK-LABEL: func.func @min_all_axes_keep_dims_ui8(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<2x3xui8>)
// CHECK:         %[[SIGNLESS:.*]] = tensor.bitcast %[[INPUT]] : tensor<2x3xui8> to tensor<2x3xi8>
// CHECK:         %[[MAX:.*]] = arith.constant -1 : i8
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[MAX]] : i8) outs(%{{.*}} : tensor<i8>)
// CHECK:         %[[MIN:.*]] = linalg.reduce ins(%[[SIGNLESS]] : tensor<2x3xi8>) outs(%[[FILL]] : tensor<i8>) dimensions = [0, 1]
// CHECK-NEXT:      (%[[IN:.*]]: i8, %[[ACC:.*]]: i8) {
// CHECK-NEXT:        arith.minui %[[IN]], %[[ACC]] : i8
// CHECK:         %[[EXPANDED:.*]] = tensor.expand_shape %[[MIN]] [] output_shape [1, 1] : tensor<i8> into tensor<1x1xi8>
// CHECK:         %[[UNSIGNED:.*]] = tensor.bitcast %[[EXPANDED]] : tensor<1x1xi8> to tensor<1x1xui8>
// CHECK:         return %[[UNSIGNED]]
func.func @min_all_axes_keep_dims_ui8(%input: tensor<2x3xui8>) -> tensor<1x1xui8> {
  %0 = reduce.min %input axes [0, 1] keep_dims : tensor<2x3xui8> -> tensor<1x1xui8>
  return %0 : tensor<1x1xui8>
}

/// Unsigned 64-bit: the identity is all ones.
// CHECK-LABEL: func.func @min_axis0_ui64(
// CHECK:         %[[MAX:.*]] = arith.constant -1 : i64
// CHECK:         linalg.fill ins(%[[MAX]] : i64) outs(%{{.*}} : tensor<i64>)
// CHECK:         arith.minui %{{.*}}, %{{.*}} : i64
// CHECK:         tensor.bitcast %{{.*}} : tensor<i64> to tensor<ui64>
func.func @min_axis0_ui64(%input: tensor<4xui64>) -> tensor<ui64> {
  %0 = reduce.min %input axes [0] : tensor<4xui64> -> tensor<ui64>
  return %0 : tensor<ui64>
}

/// nan_mode ignore: a two-output linalg.generic (min over non-NaN values,
/// whether one was seen) and a map that gives NaN where none was.
// CHECK-LABEL: func.func @min_ignore_nan_axis1_f32(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4x8xf32>)
// CHECK:         %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK:         %[[MIN_INIT:.*]] = linalg.fill ins(%[[INF]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[NOT_EMPTY:.*]] = arith.constant 0 : i8
// CHECK:         %[[SEEN_INIT:.*]] = linalg.fill ins(%[[NOT_EMPTY]] : i8) outs(%{{.*}} : tensor<4xi8>)
// CHECK:         %[[RED:.*]]:2 = linalg.generic {indexing_maps = [#[[$ID:.*]], #[[$ROW:.*]], #[[$ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[INPUT]] : tensor<4x8xf32>) outs(%[[MIN_INIT]], %[[SEEN_INIT]] : tensor<4xf32>, tensor<4xi8>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[MIN_ACC:.*]]: f32, %[[SEEN_ACC:.*]]: i8):
// CHECK-NEXT:      %[[IS_NUMBER:.*]] = arith.cmpf ord, %[[IN]], %[[IN]] : f32
// CHECK-NEXT:      %[[IS_NUMBER_FLAG:.*]] = arith.extui %[[IS_NUMBER]] : i1 to i8
// CHECK-NEXT:      %[[BODY_INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT:      %[[NUMBER:.*]] = arith.select %[[IS_NUMBER]], %[[IN]], %[[BODY_INF]] : f32
// CHECK-NEXT:      %[[MIN:.*]] = arith.minimumf %[[NUMBER]], %[[MIN_ACC]] : f32
// CHECK-NEXT:      %[[SEEN:.*]] = arith.ori %[[IS_NUMBER_FLAG]], %[[SEEN_ACC]] : i8
// CHECK-NEXT:      linalg.yield %[[MIN]], %[[SEEN]] : f32, i8
// CHECK:         %[[RESULT:.*]] = linalg.map ins(%[[RED]]#0, %[[RED]]#1 : tensor<4xf32>, tensor<4xi8>) outs(%{{.*}} : tensor<4xf32>)
// CHECK-NEXT:      (%[[VALUE:.*]]: f32, %[[ANY:.*]]: i8, %{{.*}}: f32) {
// CHECK-NEXT:        %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:        %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-NEXT:        %[[ANY_SEEN:.*]] = arith.cmpi ne, %[[ANY]], %[[ZERO]] : i8
// CHECK-NEXT:        %[[SELECTED:.*]] = arith.select %[[ANY_SEEN]], %[[VALUE]], %[[NAN]] : f32
// CHECK-NEXT:        linalg.yield %[[SELECTED]] : f32
// CHECK:         return %[[RESULT]]
func.func @min_ignore_nan_axis1_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.min %input axes [1] nan_mode ignore : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

/// nan_mode ignore over a dynamic dim: the "seen" init is 1 when the
/// reduced extent is 0, so that the result is the identity +inf.
// CHECK-LABEL: func.func @min_ignore_nan_dynamic_f64(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<?x3xf64>)
// CHECK:         %[[DIM0:.*]] = tensor.dim %[[INPUT]], %{{.*}}
// CHECK:         %[[INF:.*]] = arith.constant 0x7FF0000000000000 : f64
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:         %[[IS_EMPTY:.*]] = arith.cmpi eq, %[[DIM0]], %[[ZERO]] : index
// CHECK:         %[[IS_EMPTY_FLAG:.*]] = arith.extui %[[IS_EMPTY]] : i1 to i8
// CHECK:         %[[SEEN_INIT:.*]] = linalg.fill ins(%[[IS_EMPTY_FLAG]] : i8) outs(%{{.*}} : tensor<3xi8>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%[[INPUT]] : tensor<?x3xf64>) outs(%{{.*}}, %[[SEEN_INIT]] : tensor<3xf64>, tensor<3xi8>)
// CHECK:           arith.minimumf %{{.*}}, %{{.*}} : f64
// CHECK:         arith.constant 0x7FF8000000000000 : f64
func.func @min_ignore_nan_dynamic_f64(%input: tensor<?x3xf64>) -> tensor<3xf64> {
  %0 = reduce.min %input axes [0] nan_mode ignore : tensor<?x3xf64> -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

/// nan_mode ignore over a static size-0 dim: the "seen" init is 1.
// CHECK-LABEL: func.func @min_ignore_nan_size0_f32(
// CHECK:         %[[EMPTY:.*]] = arith.constant 1 : i8
// CHECK:         %[[SEEN_INIT:.*]] = linalg.fill ins(%[[EMPTY]] : i8) outs(%{{.*}} : tensor<3xi8>)
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<0x3xf32>) outs(%{{.*}}, %[[SEEN_INIT]] : tensor<3xf32>, tensor<3xi8>)
func.func @min_ignore_nan_size0_f32(%input: tensor<0x3xf32>) -> tensor<3xf32> {
  %0 = reduce.min %input axes [0] nan_mode ignore : tensor<0x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

/// Empty axes: the input itself.
// CHECK-LABEL: func.func @min_empty_axes_bf16(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<2x?xbf16>)
// CHECK-NEXT:    return %[[INPUT]] : tensor<2x?xbf16>
func.func @min_empty_axes_bf16(%input: tensor<2x?xbf16>) -> tensor<2x?xbf16> {
  %0 = reduce.min %input axes [] : tensor<2x?xbf16> -> tensor<2x?xbf16>
  return %0 : tensor<2x?xbf16>
}
