// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s

// reduce-vectorize of the splits (Split.cpp): one reduction has become two,
// each vectorized on its own. The input is the IR after reduce-plan for
// 256-bit registers, four accumulators (tiles of 32 f32) and 8 rows per outer
// step, and reduce-vectorize runs alone, with no target and no tuning setting:
// the hot loop works on vector values. The split itself, from a hand-written
// #reduce.split_plan, is checked in split-apply.mlir; which split is chosen,
// in test/Transforms/select-strategy.mlir.

/// All axes, at least 4 blocks of 64 vector tiles (2048 f32): split into
/// blocks whose sums are a parallel dim (the 4 blocks read at once, 4
/// streams, and their sums merged by a shuffle tree), then the reduction of
/// the sums.
// Plans: #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>, #reduce.inner_plan<vector_bits = 256, inner_tile = 4>.
// CHECK-LABEL: func.func @sum_all_axes_split(
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<64x128xf32> into tensor<8192xf32>
// CHECK:         %[[BLOCKS:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [4, 2048] : tensor<8192xf32> into tensor<4x2048xf32>
// CHECK:         scf.for {{.*}} -> (vector<4x32xf32>)
// CHECK-NEXT:      vector.transfer_read %[[BLOCKS]]{{.*}} : tensor<4x2048xf32>, vector<4x32xf32>
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:         vector.shuffle
// CHECK:         vector.multi_reduction <add>, %{{.*}}, %{{.*}} [0] : vector<4xf32> to f32
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0) -> ()>
func.func @sum_all_axes_split(%input: tensor<64x128xf32>) -> tensor<f32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<f32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 1>} ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
  %collapsed = tensor.collapse_shape %input [[0, 1]] : tensor<64x128xf32> into tensor<8192xf32>
  %expanded = tensor.expand_shape %collapsed [[0, 1]] output_shape [4, 2048] : tensor<8192xf32> into tensor<4x2048xf32>
  %2 = tensor.empty() : tensor<4xf32>
  %cst_0 = arith.constant 0.000000e+00 : f32
  %3 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 4>} ins(%cst_0 : f32) outs(%2 : tensor<4xf32>) -> tensor<4xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%expanded : tensor<4x2048xf32>) outs(%3 : tensor<4xf32>) attrs =  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>} {
  ^bb0(%in: f32, %out: f32):
    %6 = arith.addf %in, %out : f32
    linalg.yield %6 : f32
  } -> tensor<4xf32>
  %5 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["reduction"]} ins(%4 : tensor<4xf32>) outs(%1 : tensor<f32>) attrs =  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 4>} {
  ^bb0(%in: f32, %out: f32):
    %6 = arith.addf %in, %out : f32
    linalg.yield %6 : f32
  } -> tensor<f32>
  return %5 : tensor<f32>
}

// -----

/// Mixed axes with a short innermost reduced dim: the outer dim is reduced
/// first, streaming the input as 16 rows of 144 contiguous elements (8 rows
/// per step) into a 6x24 partial result; then the rows of 24 of the partial
/// result are summed, without |x| again.
// Plans: #reduce.outer_plan<vector_bits = 256, inner_tile = 24, kept_block = 144, block_rows = 8, rows_per_step = 8>, #reduce.row_tiles_plan<vector_bits = 256, row_tile = 2>.
// CHECK-LABEL: func.func @l1_short_mixed(
// CHECK:         tensor.empty() : tensor<6x24xf32>
// CHECK:         scf.for
// CHECK:           vector.transfer_read {{.*}} : tensor<16x144xf32>, vector<8x24xf32>
// CHECK:           math.absf %{{.*}} : vector<8x24xf32>
// CHECK:         %[[PARTIAL:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [6, 24]
// CHECK:         scf.for
// CHECK:           vector.transfer_read %[[PARTIAL]]{{.*}} : tensor<6x24xf32>, vector<2x24xf32>
// CHECK-NOT:       math.absf
// CHECK:         return
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
func.func @l1_short_mixed(%input: tensor<16x6x24xf32>) -> tensor<6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 6>} ins(%cst : f32) outs(%0 : tensor<6xf32>) -> tensor<6xf32>
  %cst_0 = arith.constant 0.000000e+00 : f32
  %2 = tensor.empty() : tensor<6x24xf32>
  %collapsed = tensor.collapse_shape %input [[0], [1, 2]] : tensor<16x6x24xf32> into tensor<16x144xf32>
  %collapsed_2 = tensor.collapse_shape %2 [[0, 1]] : tensor<6x24xf32> into tensor<144xf32>
  %4 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 24>} ins(%cst_0 : f32) outs(%collapsed_2 : tensor<144xf32>) -> tensor<144xf32>
  %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel"]} ins(%collapsed : tensor<16x144xf32>) outs(%4 : tensor<144xf32>) attrs =  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 24, kept_block = 144, block_rows = 8, rows_per_step = 8>} {
  ^bb0(%in: f32, %out: f32):
    %7 = math.absf %in : f32
    %8 = arith.addf %7, %out : f32
    linalg.yield %8 : f32
  } -> tensor<144xf32>
  %expanded = tensor.expand_shape %5 [[0, 1]] output_shape [6, 24] : tensor<144xf32> into tensor<6x24xf32>
  %6 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "reduction"]} ins(%expanded : tensor<6x24xf32>) outs(%1 : tensor<6xf32>) attrs =  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 2>} {
  ^bb0(%in: f32, %out: f32):
    %7 = arith.addf %in, %out : f32
    linalg.yield %7 : f32
  } -> tensor<6xf32>
  return %6 : tensor<6xf32>
}

// -----

/// Mixed axes with a long innermost reduced dim (rows of 2 KiB, more than
/// max-short-row-bytes): the rows are reduced first, in order, 4 at a time
/// (|x| into vector accumulators, one shuffle tree for the 4), into a 16x6
/// partial result; then the outer dim of that result is summed, without
/// |x| again.
// Plans: #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>, #reduce.outer_plan<vector_bits = 256, inner_tile = 6, rows_per_step = 8>.
// CHECK-LABEL: func.func @l1_long_mixed(
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<16x6x512xf32> into tensor<96x512xf32>
// CHECK:         scf.for
// CHECK:           scf.for {{.*}} -> (vector<4x32xf32>)
// CHECK-NEXT:        vector.transfer_read %[[ROWS]]{{.*}} : tensor<96x512xf32>, vector<4x32xf32>
// CHECK-NEXT:        math.absf %{{.*}} : vector<4x32xf32>
// CHECK-NEXT:        arith.addf
// CHECK:           vector.shuffle
// CHECK:           vector.transfer_write %{{.*}} : vector<4xf32>, tensor<96xf32>
// CHECK:         %[[PARTIAL:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [16, 6]
// CHECK:         scf.for {{.*}} -> (vector<6xf32>)
// CHECK:           vector.transfer_read %[[PARTIAL]]{{.*}} : tensor<16x6xf32>, vector<8x6xf32>
// CHECK-NOT:       math.absf
// CHECK:         return
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
func.func @l1_long_mixed(%input: tensor<16x6x512xf32>) -> tensor<6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 6>} ins(%cst : f32) outs(%0 : tensor<6xf32>) -> tensor<6xf32>
  %cst_0 = arith.constant 0.000000e+00 : f32
  %2 = tensor.empty() : tensor<16x6xf32>
  %collapsed = tensor.collapse_shape %input [[0, 1], [2]] : tensor<16x6x512xf32> into tensor<96x512xf32>
  %collapsed_2 = tensor.collapse_shape %2 [[0, 1]] : tensor<16x6xf32> into tensor<96xf32>
  %4 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst_0 : f32) outs(%collapsed_2 : tensor<96xf32>) -> tensor<96xf32>
  %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%collapsed : tensor<96x512xf32>) outs(%4 : tensor<96xf32>) attrs =  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>} {
  ^bb0(%in: f32, %out: f32):
    %7 = math.absf %in : f32
    %8 = arith.addf %7, %out : f32
    linalg.yield %8 : f32
  } -> tensor<96xf32>
  %expanded = tensor.expand_shape %5 [[0, 1]] output_shape [16, 6] : tensor<96xf32> into tensor<16x6xf32>
  %6 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "parallel"]} ins(%expanded : tensor<16x6xf32>) outs(%1 : tensor<6xf32>) attrs =  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 6, rows_per_step = 8>} {
  ^bb0(%in: f32, %out: f32):
    %7 = arith.addf %in, %out : f32
    linalg.yield %7 : f32
  } -> tensor<6xf32>
  return %6 : tensor<6xf32>
}
