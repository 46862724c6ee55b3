// RUN: reduce-opt --lower-reduce %s | FileCheck %s

// Lowering of reduce.l1 to linalg: |x| per type family (float, wrapping
// signless, unsigned), f16 widening, keep_dims, empty and all axes, rank 0.

/// Float l1: math.absf before the add.
// CHECK-LABEL: func.func @l1_axis1_f32(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xf32>) outs(%[[FILL]] : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK-NEXT:        %[[ABS:.*]] = math.absf %[[IN]] : f32
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[ABS]], %[[ACC]] : f32
// CHECK-NEXT:        linalg.yield %[[ADD]] : f32
func.func @l1_axis1_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.l1 %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

/// f16 l1 extends first (no 16-bit arithmetic), accumulates |x| in f32,
/// rounded once; dynamic size from tensor.dim.
// CHECK-LABEL: func.func @l1_axis0_dynamic_f16(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<?x?xf16>)
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[DIM1:.*]] = tensor.dim %[[INPUT]], %[[C1]]
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%[[DIM1]]) : tensor<?xf32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<?xf32>)
// CHECK:         %[[L1:.*]] = linalg.reduce ins(%[[INPUT]] : tensor<?x?xf16>) outs(%[[FILL]] : tensor<?xf32>) dimensions = [0]
// CHECK-NEXT:      (%[[IN:.*]]: f16, %[[ACC:.*]]: f32) {
// CHECK-NEXT:        %[[WIDE:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:        %[[ABS:.*]] = math.absf %[[WIDE]] : f32
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[ABS]], %[[ACC]] : f32
// CHECK:         %[[NARROW_INIT:.*]] = tensor.empty(%[[DIM1]]) : tensor<?xf16>
// CHECK:         %[[NARROW:.*]] = linalg.map { arith.truncf } ins(%[[L1]] : tensor<?xf32>) outs(%[[NARROW_INIT]] : tensor<?xf16>)
// CHECK:         return %[[NARROW]]
func.func @l1_axis0_dynamic_f16(%input: tensor<?x?xf16>) -> tensor<?xf16> {
  %0 = reduce.l1 %input axes [0] : tensor<?x?xf16> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}

/// Signless integers: wrapping math.absi (|INT_MIN| = INT_MIN) then addi.
// CHECK-LABEL: func.func @l1_all_axes_i16(
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<i16>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : i16) outs(%[[EMPTY]] : tensor<i16>)
// CHECK:         %[[L1:.*]] = linalg.reduce ins(%{{.*}} : tensor<3x5xi16>) outs(%[[FILL]] : tensor<i16>) dimensions = [0, 1]
// CHECK-NEXT:      (%[[IN:.*]]: i16, %[[ACC:.*]]: i16) {
// CHECK-NEXT:        %[[ABS:.*]] = math.absi %[[IN]] : i16
// CHECK-NEXT:        %[[ADD:.*]] = arith.addi %[[ABS]], %[[ACC]] : i16
// CHECK:         return %[[L1]] : tensor<i16>
func.func @l1_all_axes_i16(%input: tensor<3x5xi16>) -> tensor<i16> {
  %0 = reduce.l1 %input axes [-1, 0] : tensor<3x5xi16> -> tensor<i16>
  return %0 : tensor<i16>
}

/// Unsigned values are their own absolute value: no math.absi.
// CHECK-LABEL: func.func @l1_axis1_keep_dims_ui32(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4x8xui32>)
// CHECK:         %[[SIGNLESS:.*]] = tensor.bitcast %[[INPUT]] : tensor<4x8xui32> to tensor<4x8xi32>
// CHECK:         %[[L1:.*]] = linalg.reduce ins(%[[SIGNLESS]] : tensor<4x8xi32>) outs(%{{.*}} : tensor<4xi32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: i32, %[[ACC:.*]]: i32) {
// CHECK-NEXT:        %[[ADD:.*]] = arith.addi %[[IN]], %[[ACC]] : i32
// CHECK-NEXT:        linalg.yield %[[ADD]] : i32
// CHECK:         %[[EXPANDED:.*]] = tensor.expand_shape %[[L1]] {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xi32> into tensor<4x1xi32>
// CHECK:         %[[UNSIGNED:.*]] = tensor.bitcast %[[EXPANDED]] : tensor<4x1xi32> to tensor<4x1xui32>
// CHECK:         return %[[UNSIGNED]]
func.func @l1_axis1_keep_dims_ui32(%input: tensor<4x8xui32>) -> tensor<4x1xui32> {
  %0 = reduce.l1 %input axes [1] keep_dims : tensor<4x8xui32> -> tensor<4x1xui32>
  return %0 : tensor<4x1xui32>
}

/// Empty axes: the elementwise |x|.
// CHECK-LABEL: func.func @l1_empty_axes_f32(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<?x4xf32>)
// CHECK:         %[[DIM0:.*]] = tensor.dim %[[INPUT]], %{{.*}}
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%[[DIM0]]) : tensor<?x4xf32>
// CHECK:         %[[ABS:.*]] = linalg.map { math.absf } ins(%[[INPUT]] : tensor<?x4xf32>) outs(%[[EMPTY]] : tensor<?x4xf32>)
// CHECK-NOT:     linalg.reduce
// CHECK:         return %[[ABS]]
func.func @l1_empty_axes_f32(%input: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = reduce.l1 %input axes [] : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

/// Empty axes on a rank-0 i64: the elementwise wrapping |x|.
// CHECK-LABEL: func.func @l1_rank0_i64(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<i64>)
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<i64>
// CHECK:         %[[ABS:.*]] = linalg.map { math.absi } ins(%[[INPUT]] : tensor<i64>) outs(%[[EMPTY]] : tensor<i64>)
// CHECK:         return %[[ABS]]
func.func @l1_rank0_i64(%input: tensor<i64>) -> tensor<i64> {
  %0 = reduce.l1 %input axes [] : tensor<i64> -> tensor<i64>
  return %0 : tensor<i64>
}

/// Empty axes on unsigned data: the input itself.
// CHECK-LABEL: func.func @l1_empty_axes_ui8(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4xui8>)
// CHECK-NEXT:    return %[[INPUT]] : tensor<4xui8>
func.func @l1_empty_axes_ui8(%input: tensor<4xui8>) -> tensor<4xui8> {
  %0 = reduce.l1 %input axes [] : tensor<4xui8> -> tensor<4xui8>
  return %0 : tensor<4xui8>
}
