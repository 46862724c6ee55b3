// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s

// reduce-vectorize, the `row_tiles` strategy (RowTiles.cpp): tiles of rows each
// read whole and reduced by one shuffle tree. Each op carries the plan
// reduce-plan records for 256-bit registers and four accumulators (tiles of 32
// f32), and reduce-vectorize runs alone, with no target and no tuning setting:
// the hot loop works on vector values.

/// Short rows (8 f32, one 256-bit register): tiles of 8 rows read as one
/// vector<8x8xf32>, reduced against each other by a shuffle tree (3 levels of
/// 4, 2 and 1 pairs, then one shuffle into row order) with no horizontal
/// reduction, and the fill of the init fused into the loop as a constant.
// Plan: #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8>.
// CHECK-LABEL: func.func @sum_short_rows(
// CHECK-NOT:     linalg.fill
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c8 iter_args(%{{.*}}) -> (tensor<64xf32>)
// CHECK:           %[[TILE:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<64x8xf32>, vector<8x8xf32>
// CHECK-COUNT-8:   vector.extract %[[TILE]][{{[0-9]}}] : vector<8xf32> from vector<8x8xf32>
// CHECK:           vector.shuffle {{.*}} [0, 1, 2, 3, 8, 9, 10, 11]
// CHECK:           vector.shuffle {{.*}} [4, 5, 6, 7, 12, 13, 14, 15]
// CHECK-COUNT-7:   arith.addf {{.*}} : vector<8xf32>
// CHECK:           vector.shuffle %[[SUMS:.*]], %[[SUMS]] [0, 4, 2, 6, 1, 5, 3, 7]
// CHECK:           vector.transfer_write {{.*}} : vector<8xf32>, tensor<64xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK-NOT:     vector.reduction
// CHECK:         return
func.func @sum_short_rows(%input: tensor<64x8xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<64x8xf32>) outs(%1 : tensor<64xf32>) dimensions = [1]  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<64xf32>
}

// -----

/// Short rows, 1 MiB or more (32768 rows of 8 f32): the rows are viewed as
/// 4 consecutive parts and each step reads a tile of 8 rows of every part
/// (4 streams), as one vector<4x8x8xf32>, reduced part by part by the
/// shuffle tree; the results are collapsed back.
// Plan: #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8, row_streams = 4>.
// CHECK-LABEL: func.func @sum_short_rows_streams(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<32768x8xf32>)
// CHECK:         %[[PARTS:.*]] = tensor.expand_shape %[[INPUT]] {{\[}}[0, 1], [2]] output_shape [4, 8192, 8] : tensor<32768x8xf32> into tensor<4x8192x8xf32>
// CHECK:         %[[SUMS:.*]] = scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c8 iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<4x8192xf32>)
// CHECK-NEXT:      vector.transfer_read %[[PARTS]][%{{.*}}, %[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true, true, true]} : tensor<4x8192x8xf32>, vector<4x8x8xf32>
// CHECK-NOT:       vector.multi_reduction
// CHECK:           vector.transfer_write %{{.*}}, %[[OUT]][%{{.*}}, %[[ROW]]] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x8192xf32>
// CHECK:         tensor.collapse_shape %[[SUMS]] {{\[}}[0, 1]] : tensor<4x8192xf32> into tensor<32768xf32>
func.func @sum_short_rows_streams(%input: tensor<32768x8xf32>) -> tensor<32768xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<32768xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<32768xf32>) -> tensor<32768xf32>
  %reduced = linalg.reduce ins(%input : tensor<32768x8xf32>) outs(%1 : tensor<32768xf32>) dimensions = [1]  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8, row_streams = 4>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<32768xf32>
}

// -----

/// Medium rows (40 f32, five 256-bit registers), 24 of them: tiles of 8 rows
/// read as one vector<8x40xf32>; each row is reduced to one register by a
/// tree over its registers, then the 8 rows share one shuffle tree.
// Plan: #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8>.
// CHECK-LABEL: func.func @sum_medium_rows(
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c8 iter_args(%{{.*}}) -> (tensor<24xf32>)
// CHECK:           %[[TILE:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<24x40xf32>, vector<8x40xf32>
// CHECK:           vector.extract_strided_slice %{{.*}} {offsets = [32], sizes = [8], strides = [1]} : vector<40xf32> to vector<8xf32>
// CHECK:           vector.shuffle
// CHECK:           vector.transfer_write {{.*}} : vector<8xf32>, tensor<24xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
func.func @sum_medium_rows(%input: tensor<24x40xf32>) -> tensor<24xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<24xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 24>} ins(%cst : f32) outs(%0 : tensor<24xf32>) -> tensor<24xf32>
  %reduced = linalg.reduce ins(%input : tensor<24x40xf32>) outs(%1 : tensor<24xf32>) dimensions = [1]  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<24xf32>
}

// -----

/// A per-row value beside the tile (the shift of a centred sum of squares,
/// read through `(d0, d1) -> (d0)`): one column of 8 rows broadcast along
/// the rows, not a broadcast transposed (whose LLVM lowering moves each of
/// the 320 elements on its own).
// CHECK-LABEL: func.func @row_value_medium_rows(
// CHECK:         scf.for
// CHECK:           %[[SHIFT:.*]] = vector.transfer_read %{{.*}} : tensor<24xf32>, vector<8xf32>
// CHECK:           %[[COLUMN:.*]] = vector.shape_cast %[[SHIFT]] : vector<8xf32> to vector<8x1xf32>
// CHECK:           vector.broadcast %[[COLUMN]] : vector<8x1xf32> to vector<8x40xf32>
// CHECK-NOT:     vector.transpose
// CHECK:         return
func.func @row_value_medium_rows(%input: tensor<24x40xf32>, %shift: tensor<24xf32>) -> tensor<24xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<24xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 24>} ins(%cst : f32) outs(%0 : tensor<24xf32>) -> tensor<24xf32>
  %reduced = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%input, %shift : tensor<24x40xf32>, tensor<24xf32>) outs(%1 : tensor<24xf32>) attrs = {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8>} {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %d = arith.subf %in, %c : f32
    %sq = arith.mulf %d, %d : f32
    %a = arith.addf %sq, %out : f32
    linalg.yield %a : f32
  } -> tensor<24xf32>
  return %reduced : tensor<24xf32>
}
