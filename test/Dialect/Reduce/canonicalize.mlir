// RUN: reduce-opt %s --canonicalize --split-input-file | FileCheck %s

/// Empty axes reduce nothing: sum and min fold to their input.
// CHECK-LABEL: func @empty_axes_sum_min
// CHECK-SAME:    (%[[X:.*]]: tensor<?x4xf32>)
// CHECK-NOT:     reduce.
// CHECK:         return %[[X]], %[[X]]
func.func @empty_axes_sum_min(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %sum = reduce.sum %x axes [] : tensor<?x4xf32> -> tensor<?x4xf32>
  %min = reduce.min %x axes [] nan_mode ignore : tensor<?x4xf32> -> tensor<?x4xf32>
  return %sum, %min : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

/// Empty axes on an unranked input fold as well.
// CHECK-LABEL: func @empty_axes_unranked
// CHECK-SAME:    (%[[X:.*]]: tensor<*xi32>)
// CHECK:         return %[[X]]
func.func @empty_axes_unranked(%x: tensor<*xi32>) -> tensor<*xi32> {
  %sum = reduce.sum %x axes [] : tensor<*xi32> -> tensor<*xi32>
  return %sum : tensor<*xi32>
}

// -----

/// reduce.l1 over no axis is the elementwise |x|.
// CHECK-LABEL: func @empty_axes_l1
// CHECK-SAME:    (%[[F:.*]]: tensor<2x3xf32>, %[[I:.*]]: tensor<4xi8>, %[[U:.*]]: tensor<4xui8>, %[[H:.*]]: tensor<*xf16>)
// CHECK-DAG:     %[[ABSF:.*]] = math.absf %[[F]] : tensor<2x3xf32>
// CHECK-DAG:     %[[ABSI:.*]] = math.absi %[[I]] : tensor<4xi8>
// CHECK-DAG:     %[[ABSH:.*]] = math.absf %[[H]] : tensor<*xf16>
// CHECK:         return %[[ABSF]], %[[ABSI]], %[[U]], %[[ABSH]]
func.func @empty_axes_l1(%f: tensor<2x3xf32>, %i: tensor<4xi8>, %u: tensor<4xui8>, %h: tensor<*xf16>)
    -> (tensor<2x3xf32>, tensor<4xi8>, tensor<4xui8>, tensor<*xf16>) {
  %0 = reduce.l1 %f axes [] : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = reduce.l1 %i axes [] : tensor<4xi8> -> tensor<4xi8>
  %2 = reduce.l1 %u axes [] : tensor<4xui8> -> tensor<4xui8>
  %3 = reduce.l1 %h axes [] : tensor<*xf16> -> tensor<*xf16>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<4xi8>, tensor<4xui8>, tensor<*xf16>
}

// -----

/// A less static written result type gets a cast instead of a fold.
// CHECK-LABEL: func @empty_axes_less_static_result
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[CAST:.*]] = tensor.cast %[[X]] : tensor<2x3xf32> to tensor<?x3xf32>
// CHECK:         return %[[CAST]]
func.func @empty_axes_less_static_result(%x: tensor<2x3xf32>) -> tensor<?x3xf32> {
  %0 = reduce.sum %x axes [] : tensor<2x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

/// Static axes are normalized: non-negative and sorted.
// CHECK-LABEL: func @normalize_axes
// CHECK:         reduce.sum %{{.*}} axes [0, 3] : tensor<6x12x10x24xf32> -> tensor<12x10xf32>
// CHECK:         reduce.min %{{.*}} axes [1, 2] keep_dims nan_mode ignore : tensor<6x12x10x24xf32> -> tensor<6x1x1x24xf32>
func.func @normalize_axes(%x: tensor<6x12x10x24xf32>) -> (tensor<12x10xf32>, tensor<6x1x1x24xf32>) {
  %0 = reduce.sum %x axes [-1, 0] : tensor<6x12x10x24xf32> -> tensor<12x10xf32>
  %1 = reduce.min %x axes [-2, 1] keep_dims nan_mode ignore : tensor<6x12x10x24xf32> -> tensor<6x1x1x24xf32>
  return %0, %1 : tensor<12x10xf32>, tensor<6x1x1x24xf32>
}

// -----

/// A constant axes operand becomes the static list; the result type is
/// refined and cast back to the written one.
// CHECK-LABEL: func @constant_axes_operand
// CHECK-SAME:    (%[[X:.*]]: tensor<6x12xf32>)
// CHECK:         %[[SUM:.*]] = reduce.sum %[[X]] axes [1] : tensor<6x12xf32> -> tensor<6xf32>
// CHECK:         %[[CAST:.*]] = tensor.cast %[[SUM]] : tensor<6xf32> to tensor<?xf32>
// CHECK:         return %[[CAST]]
func.func @constant_axes_operand(%x: tensor<6x12xf32>) -> tensor<?xf32> {
  %a = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

/// Duplicates in a constant axes operand are merged (0-D axes, i32 axes).
// CHECK-LABEL: func @constant_axes_duplicates
// CHECK:         %[[MIN:.*]] = reduce.min %{{.*}} axes [0, 2] keep_dims nan_mode ignore : tensor<4x5x6xi32> -> tensor<1x5x1xi32>
// CHECK:         %[[L1:.*]] = reduce.l1 %{{.*}} axes [1] : tensor<4x5x6xi32> -> tensor<4x6xi32>
// CHECK:         tensor.cast %[[L1]] : tensor<4x6xi32> to tensor<*xi32>
func.func @constant_axes_duplicates(%x: tensor<4x5x6xi32>) -> (tensor<?x?x?xi32>, tensor<*xi32>) {
  %a = arith.constant dense<[2, -1, 0, -3]> : tensor<4xi32>
  %0 = reduce.min %x axes %a keep_dims nan_mode ignore : tensor<4x5x6xi32>, tensor<4xi32> -> tensor<?x?x?xi32>
  %b = arith.constant dense<1> : tensor<i8>
  %1 = reduce.l1 %x axes %b : tensor<4x5x6xi32>, tensor<i8> -> tensor<*xi32>
  return %0, %1 : tensor<?x?x?xi32>, tensor<*xi32>
}

// -----

/// An empty constant axes tensor: no reduction by default (OpenVINO), all
/// axes with `empty_axes all` (ONNX noop_with_empty_axes = 0).
// CHECK-LABEL: func @constant_empty_axes
// CHECK-SAME:    (%[[X:.*]]: tensor<4x5xf32>)
// CHECK:         %[[ALL:.*]] = reduce.sum %[[X]] axes [0, 1] : tensor<4x5xf32> -> tensor<f32>
// CHECK:         %[[CAST:.*]] = tensor.cast %[[ALL]] : tensor<f32> to tensor<*xf32>
// CHECK:         return %[[X]], %[[CAST]]
func.func @constant_empty_axes(%x: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<*xf32>) {
  %e = arith.constant dense<> : tensor<0xi64>
  %0 = reduce.sum %x axes %e : tensor<4x5xf32>, tensor<0xi64> -> tensor<4x5xf32>
  %1 = reduce.sum %x axes %e empty_axes all : tensor<4x5xf32>, tensor<0xi64> -> tensor<*xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<*xf32>
}

// -----

/// A runtime axes operand stays.
// CHECK-LABEL: func @negative_runtime_axes
// CHECK:         reduce.l1 %{{.*}} axes %{{.*}} keep_dims : tensor<4x5xf32>, tensor<?xi64> -> tensor<?x?xf32>
func.func @negative_runtime_axes(%x: tensor<4x5xf32>, %a: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = reduce.l1 %x axes %a keep_dims : tensor<4x5xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

/// Reductions over size-1 dims only are reshapes: keep_dims folds to the
/// input, otherwise the unit dims are collapsed away.
// CHECK-LABEL: func @unit_dims
// CHECK-SAME:    (%[[X:.*]]: tensor<?x1x4x1xf32>)
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2, 3]] : tensor<?x1x4x1xf32> into tensor<?x4xf32>
// CHECK:         return %[[C]], %[[X]]
func.func @unit_dims(%x: tensor<?x1x4x1xf32>) -> (tensor<?x4xf32>, tensor<?x1x4x1xf32>) {
  %0 = reduce.min %x axes [1, 3] : tensor<?x1x4x1xf32> -> tensor<?x4xf32>
  %1 = reduce.sum %x axes [-1, 1] keep_dims : tensor<?x1x4x1xf32> -> tensor<?x1x4x1xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x1x4x1xf32>
}

// -----

/// Leading unit dims join the next group; all-unit inputs collapse to rank 0;
/// reduce.l1 takes |x| first.
// CHECK-LABEL: func @unit_dims_l1
// CHECK-SAME:    (%[[X:.*]]: tensor<1x1x3xi16>, %[[Y:.*]]: tensor<1x1xf32>)
// CHECK:         %[[A:.*]] = math.absi %[[X]] : tensor<1x1x3xi16>
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1, 2]] : tensor<1x1x3xi16> into tensor<3xi16>
// CHECK:         %[[B:.*]] = math.absf %[[Y]] : tensor<1x1xf32>
// CHECK:         %[[D:.*]] = tensor.collapse_shape %[[B]] [] : tensor<1x1xf32> into tensor<f32>
// CHECK:         return %[[C]], %[[D]]
func.func @unit_dims_l1(%x: tensor<1x1x3xi16>, %y: tensor<1x1xf32>) -> (tensor<3xi16>, tensor<f32>) {
  %0 = reduce.l1 %x axes [0, 1] : tensor<1x1x3xi16> -> tensor<3xi16>
  %1 = reduce.l1 %y axes [0, 1] : tensor<1x1xf32> -> tensor<f32>
  return %0, %1 : tensor<3xi16>, tensor<f32>
}

// -----

/// A reduction over a non-unit or dynamic dim stays.
// CHECK-LABEL: func @negative_non_unit_dims
// CHECK:         reduce.sum %{{.*}} axes [0, 1] : tensor<?x1xf32> -> tensor<f32>
// CHECK:         reduce.sum %{{.*}} axes [0] : tensor<3x1xf32> -> tensor<1xf32>
func.func @negative_non_unit_dims(%x: tensor<?x1xf32>, %y: tensor<3x1xf32>) -> (tensor<f32>, tensor<1xf32>) {
  %0 = reduce.sum %x axes [0, 1] : tensor<?x1xf32> -> tensor<f32>
  %1 = reduce.sum %y axes [0] : tensor<3x1xf32> -> tensor<1xf32>
  return %0, %1 : tensor<f32>, tensor<1xf32>
}

// -----

/// Over unit dims only: sum_square is x * x (integers wrap, f16 squares are
/// exact in f32), max, prod, mean and log_sum_exp are reshapes (each is its
/// one element).
// CHECK-LABEL: func @unit_dims_family
// CHECK-SAME:    (%[[X:.*]]: tensor<4x1xf32>, %[[I:.*]]: tensor<1x3xi8>)
// CHECK:         %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : tensor<4x1xf32>
// CHECK:         %[[SQC:.*]] = tensor.collapse_shape %[[SQ]] {{\[}}[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
// CHECK:         %[[ISQ:.*]] = arith.muli %[[I]], %[[I]] : tensor<1x3xi8>
// CHECK:         %[[ISQC:.*]] = tensor.collapse_shape %[[ISQ]] {{\[}}[0, 1]] : tensor<1x3xi8> into tensor<3xi8>
// CHECK:         %[[MAX:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
// CHECK:         %[[PROD:.*]] = tensor.collapse_shape %[[I]] {{\[}}[0, 1]] : tensor<1x3xi8> into tensor<3xi8>
// CHECK:         %[[MEAN:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
// CHECK:         %[[LSE:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
// CHECK-NOT:     reduce.
// CHECK:         return %[[SQC]], %[[ISQC]], %[[MAX]], %[[PROD]], %[[MEAN]], %[[LSE]], %[[X]]
func.func @unit_dims_family(%x: tensor<4x1xf32>, %i: tensor<1x3xi8>)
    -> (tensor<4xf32>, tensor<3xi8>, tensor<4xf32>, tensor<3xi8>, tensor<4xf32>, tensor<4xf32>, tensor<4x1xf32>) {
  %0 = reduce.sum_square %x axes [1] : tensor<4x1xf32> -> tensor<4xf32>
  %1 = reduce.sum_square %i axes [0] : tensor<1x3xi8> -> tensor<3xi8>
  %2 = reduce.max %x axes [1] nan_mode ignore : tensor<4x1xf32> -> tensor<4xf32>
  %3 = reduce.prod %i axes [0] : tensor<1x3xi8> -> tensor<3xi8>
  %4 = reduce.mean %x axes [1] : tensor<4x1xf32> -> tensor<4xf32>
  %5 = reduce.log_sum_exp %x axes [1] : tensor<4x1xf32> -> tensor<4xf32>
  %6 = reduce.mean %x axes [1] keep_dims : tensor<4x1xf32> -> tensor<4x1xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<3xi8>, tensor<4xf32>, tensor<3xi8>, tensor<4xf32>, tensor<4xf32>, tensor<4x1xf32>
}

// -----

/// l2 and log_sum have no elementwise form here (sqrt(x * x) and log x are
/// left to their lowering), neither over unit dims nor over empty axes.
// CHECK-LABEL: func @negative_unit_dims_l2_log_sum
// CHECK:         reduce.l2 %{{.*}} axes [1] : tensor<4x1xf32> -> tensor<4xf32>
// CHECK:         reduce.log_sum %{{.*}} axes [1] keep_dims : tensor<4x1xf32> -> tensor<4x1xf32>
// CHECK:         reduce.l2 %{{.*}} axes [] : tensor<4x1xf32> -> tensor<4x1xf32>
// CHECK:         reduce.log_sum %{{.*}} axes [] : tensor<4x1xf32> -> tensor<4x1xf32>
func.func @negative_unit_dims_l2_log_sum(%x: tensor<4x1xf32>)
    -> (tensor<4xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %0 = reduce.l2 %x axes [1] : tensor<4x1xf32> -> tensor<4xf32>
  %1 = reduce.log_sum %x axes [1] keep_dims : tensor<4x1xf32> -> tensor<4x1xf32>
  %2 = reduce.l2 %x axes [] : tensor<4x1xf32> -> tensor<4x1xf32>
  %3 = reduce.log_sum %x axes [] : tensor<4x1xf32> -> tensor<4x1xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

/// Empty axes fold the ops that are the identity on one element to their
/// input; sum_square becomes x * x.
// CHECK-LABEL: func @empty_axes_family
// CHECK-SAME:    (%[[X:.*]]: tensor<?x4xf16>)
// CHECK:         %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : tensor<?x4xf16>
// CHECK-NOT:     reduce.
// CHECK:         return %[[X]], %[[X]], %[[X]], %[[X]], %[[SQ]]
func.func @empty_axes_family(%x: tensor<?x4xf16>)
    -> (tensor<?x4xf16>, tensor<?x4xf16>, tensor<?x4xf16>, tensor<?x4xf16>, tensor<?x4xf16>) {
  %0 = reduce.max %x axes [] : tensor<?x4xf16> -> tensor<?x4xf16>
  %1 = reduce.prod %x axes [] : tensor<?x4xf16> -> tensor<?x4xf16>
  %2 = reduce.mean %x axes [] : tensor<?x4xf16> -> tensor<?x4xf16>
  %3 = reduce.log_sum_exp %x axes [] : tensor<?x4xf16> -> tensor<?x4xf16>
  %4 = reduce.sum_square %x axes [] : tensor<?x4xf16> -> tensor<?x4xf16>
  return %0, %1, %2, %3, %4 : tensor<?x4xf16>, tensor<?x4xf16>, tensor<?x4xf16>, tensor<?x4xf16>, tensor<?x4xf16>
}
