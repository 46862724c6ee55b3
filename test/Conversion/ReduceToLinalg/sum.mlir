// RUN: reduce-opt --lower-reduce %s | FileCheck %s

// Lowering of reduce.sum to linalg: every type family, static and dynamic
// shapes, keep_dims, negative, empty and all axes, rank 0.

/// Innermost axis of a static f32 tensor: linalg.reduce over a zero fill.
// CHECK-LABEL: func.func @sum_axis1_static_f32(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4x8xf32>)
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<4xf32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<4xf32>)
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%[[INPUT]] : tensor<4x8xf32>) outs(%[[FILL]] : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:        linalg.yield %[[ADD]] : f32
// CHECK:         return %[[SUM]] : tensor<4xf32>
func.func @sum_axis1_static_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

/// Negative axis, dynamic sizes, keep_dims: tensor.dim for the init and the
/// expand_shape.
// CHECK-LABEL: func.func @sum_negative_axis_keep_dims_dynamic_f32(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<?x?x8xf32>)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[DIM0:.*]] = tensor.dim %[[INPUT]], %[[C0]]
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%[[DIM0]]) : tensor<?x8xf32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<?x8xf32>)
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%[[INPUT]] : tensor<?x?x8xf32>) outs(%[[FILL]] : tensor<?x8xf32>) dimensions = [1]
// CHECK:           arith.addf
// CHECK:         %[[EXPANDED:.*]] = tensor.expand_shape %[[SUM]] {{\[}}[0], [1, 2]] output_shape [%[[DIM0]], 1, 8] : tensor<?x8xf32> into tensor<?x1x8xf32>
// CHECK:         return %[[EXPANDED]]
func.func @sum_negative_axis_keep_dims_dynamic_f32(%input: tensor<?x?x8xf32>) -> tensor<?x1x8xf32> {
  %0 = reduce.sum %input axes [-2] keep_dims : tensor<?x?x8xf32> -> tensor<?x1x8xf32>
  return %0 : tensor<?x1x8xf32>
}

/// All axes: a rank-0 result; keep_dims expands it with no reassociation.
// CHECK-LABEL: func.func @sum_all_axes_keep_dims_f64(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<f64>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f64) outs(%[[EMPTY]] : tensor<f64>)
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<2x3xf64>) outs(%[[FILL]] : tensor<f64>) dimensions = [0, 1]
// CHECK:           arith.addf %{{.*}}, %{{.*}} : f64
// CHECK:         %[[EXPANDED:.*]] = tensor.expand_shape %[[SUM]] [] output_shape [1, 1] : tensor<f64> into tensor<1x1xf64>
// CHECK:         return %[[EXPANDED]]
func.func @sum_all_axes_keep_dims_f64(%input: tensor<2x3xf64>) -> tensor<1x1xf64> {
  %0 = reduce.sum %input axes [0, 1] keep_dims : tensor<2x3xf64> -> tensor<1x1xf64>
  return %0 : tensor<1x1xf64>
}

/// f16 accumulates in f32 (extf in the body) and is rounded once.
// CHECK-LABEL: func.func @sum_axis0_f16(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<8xf32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<8xf32>)
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xf16>) outs(%[[FILL]] : tensor<8xf32>) dimensions = [0]
// CHECK-NEXT:      (%[[IN:.*]]: f16, %[[ACC:.*]]: f32) {
// CHECK-NEXT:        %[[WIDE:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[WIDE]], %[[ACC]] : f32
// CHECK-NEXT:        linalg.yield %[[ADD]] : f32
// CHECK:         %[[NARROW_INIT:.*]] = tensor.empty() : tensor<8xf16>
// CHECK:         %[[NARROW:.*]] = linalg.map { arith.truncf } ins(%[[SUM]] : tensor<8xf32>) outs(%[[NARROW_INIT]] : tensor<8xf16>)
// CHECK:         return %[[NARROW]] : tensor<8xf16>
func.func @sum_axis0_f16(%input: tensor<4x8xf16>) -> tensor<8xf16> {
  %0 = reduce.sum %input axes [0] : tensor<4x8xf16> -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

/// bf16 is widened the same way.
// CHECK-LABEL: func.func @sum_axis1_bf16(
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xbf16>) outs(%{{.*}} : tensor<4xf32>) dimensions = [1]
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         linalg.map { arith.truncf } ins(%[[SUM]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xbf16>)
func.func @sum_axis1_bf16(%input: tensor<4x8xbf16>) -> tensor<4xbf16> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

/// Signless integers add with wrapping arith.addi.
// CHECK-LABEL: func.func @sum_axis1_i32(
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         linalg.fill ins(%[[ZERO]] : i32) outs(%{{.*}} : tensor<4xi32>)
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xi32>) outs(%{{.*}} : tensor<4xi32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: i32, %[[ACC:.*]]: i32) {
// CHECK-NEXT:        %[[ADD:.*]] = arith.addi %[[IN]], %[[ACC]] : i32
func.func @sum_axis1_i32(%input: tensor<4x8xi32>) -> tensor<4xi32> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

/// Unsigned data is bitcast to signless and back.
// CHECK-LABEL: func.func @sum_axis0_ui8(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4x8xui8>)
// CHECK:         %[[SIGNLESS:.*]] = tensor.bitcast %[[INPUT]] : tensor<4x8xui8> to tensor<4x8xi8>
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:         linalg.fill ins(%[[ZERO]] : i8) outs(%{{.*}} : tensor<8xi8>)
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%[[SIGNLESS]] : tensor<4x8xi8>) outs(%{{.*}} : tensor<8xi8>) dimensions = [0]
// CHECK:           arith.addi %{{.*}}, %{{.*}} : i8
// CHECK:         %[[UNSIGNED:.*]] = tensor.bitcast %[[SUM]] : tensor<8xi8> to tensor<8xui8>
// CHECK:         return %[[UNSIGNED]] : tensor<8xui8>
func.func @sum_axis0_ui8(%input: tensor<4x8xui8>) -> tensor<8xui8> {
  %0 = reduce.sum %input axes [0] : tensor<4x8xui8> -> tensor<8xui8>
  return %0 : tensor<8xui8>
}

/// Empty axes: the input itself.
// CHECK-LABEL: func.func @sum_empty_axes(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4x?xf32>)
// CHECK-NEXT:    return %[[INPUT]] : tensor<4x?xf32>
func.func @sum_empty_axes(%input: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %0 = reduce.sum %input axes [] : tensor<4x?xf32> -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

/// Rank 0: empty axes, the input itself.
// CHECK-LABEL: func.func @sum_rank0(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<f32>)
// CHECK-NEXT:    return %[[INPUT]] : tensor<f32>
func.func @sum_rank0(%input: tensor<f32>) -> tensor<f32> {
  %0 = reduce.sum %input axes [] : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}

/// A less static written result type gets a tensor.cast.
// CHECK-LABEL: func.func @sum_less_static_result(
// CHECK:         %[[SUM:.*]] = linalg.reduce
// CHECK:         %[[CAST:.*]] = tensor.cast %[[SUM]] : tensor<4xf32> to tensor<?xf32>
// CHECK:         return %[[CAST]] : tensor<?xf32>
func.func @sum_less_static_result(%input: tensor<4x8xf32>) -> tensor<?xf32> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

/// Size-0 reduced dim: the fill (identity 0) is the result.
// CHECK-LABEL: func.func @sum_size0_dim(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<8xf32>)
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<0x8xf32>) outs(%[[FILL]] : tensor<8xf32>) dimensions = [0]
func.func @sum_size0_dim(%input: tensor<0x8xf32>) -> tensor<8xf32> {
  %0 = reduce.sum %input axes [0] : tensor<0x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
