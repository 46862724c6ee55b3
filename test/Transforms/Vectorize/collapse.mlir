// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s
// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize \
// RUN:   | FileCheck %s --check-prefix=ROWS512

// reduce-vectorize on the IR after the collapse of adjacent dims
// (Collapse.cpp), with the plans reduce-plan records for 256-bit registers and
// four accumulators (tiles of 32 f32), and one for 512-bit registers: the hot
// loop works on vector values. The choice of these plans is checked in
// test/Transforms/select-strategy.mlir.

/// The spec example: adjacent kept dims and adjacent reduced dims are
/// collapsed (72 rows of 240, 4 at a time), and the row is tiled by 16, the
/// largest power of two of 8-lane registers that divides 240, instead of 32
/// with a masked remainder (or 40, whose accumulators LLVM scalarizes).
// Plan: #reduce.inner_plan<vector_bits = 256, inner_tile = 16, stream_rows = 4>.
// CHECK-LABEL: func.func @sum_spec_example(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<6x12x10x24xf32> into tensor<72x240xf32>
// CHECK:         scf.for {{.*}} step %c4 {{.*}} -> (tensor<72xf32>)
// CHECK:           scf.for {{.*}} step %c16 {{.*}} -> (vector<4x16xf32>)
// CHECK-NEXT:        vector.transfer_read {{.*}} : tensor<72x240xf32>, vector<4x16xf32>
// CHECK-NEXT:        arith.addf %{{.*}}, %{{.*}} : vector<4x16xf32>
// CHECK-NOT:     vector.mask
// CHECK:         tensor.expand_shape {{.*}} output_shape [6, 12, 1, 1]
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @sum_spec_example(%input: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6x12xf32>
  %collapsed = tensor.collapse_shape %input [[0, 1], [2, 3]] : tensor<6x12x10x24xf32> into tensor<72x240xf32>
  %collapsed_1 = tensor.collapse_shape %0 [[0, 1]] : tensor<6x12xf32> into tensor<72xf32>
  %2 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 24>} ins(%cst : f32) outs(%collapsed_1 : tensor<72xf32>) -> tensor<72xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%collapsed : tensor<72x240xf32>) outs(%2 : tensor<72xf32>) attrs =  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 16, stream_rows = 4>} {
  ^bb0(%in: f32, %out: f32):
    %4 = arith.addf %in, %out : f32
    linalg.yield %4 : f32
  } -> tensor<72xf32>
  %expanded = tensor.expand_shape %3 [[0, 1]] output_shape [6, 12] : tensor<72xf32> into tensor<6x12xf32>
  %expanded_2 = tensor.expand_shape %expanded [[0], [1, 2, 3]] output_shape [6, 12, 1, 1] : tensor<6x12xf32> into tensor<6x12x1x1xf32>
  return %expanded_2 : tensor<6x12x1x1xf32>
}

// -----

// With 512-bit registers the 240 elements are 15 registers, medium rows: 8
// rows per tile. The fill of the init, collapsed with the op, is still
// fused into the tiles: no separate fill, and the loop does not read the
// init.
// Plan: #reduce.row_tiles_plan<vector_bits = 512, row_tile = 8>.
// ROWS512-LABEL: func.func @sum_spec_example_512(
// ROWS512-NOT:     linalg.fill
// ROWS512-NOT:     vector.transfer_write
// ROWS512:         scf.for {{.*}} step %c8 iter_args({{.*}}) -> (tensor<72xf32>)
// ROWS512-NOT:       vector.transfer_read {{.*}} : tensor<72xf32>
// ROWS512:           vector.transfer_read {{.*}} : tensor<72x240xf32>, vector<8x240xf32>
// ROWS512-NOT:       vector.transfer_read {{.*}} : tensor<72xf32>
// ROWS512:           vector.transfer_write {{.*}} : vector<8xf32>, tensor<72xf32>
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @sum_spec_example_512(%input: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6x12xf32>
  %collapsed = tensor.collapse_shape %input [[0, 1], [2, 3]] : tensor<6x12x10x24xf32> into tensor<72x240xf32>
  %collapsed_1 = tensor.collapse_shape %0 [[0, 1]] : tensor<6x12xf32> into tensor<72xf32>
  %2 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64>} ins(%cst : f32) outs(%collapsed_1 : tensor<72xf32>) -> tensor<72xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%collapsed : tensor<72x240xf32>) outs(%2 : tensor<72xf32>) attrs =  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 8>} {
  ^bb0(%in: f32, %out: f32):
    %4 = arith.addf %in, %out : f32
    linalg.yield %4 : f32
  } -> tensor<72xf32>
  %expanded = tensor.expand_shape %3 [[0, 1]] output_shape [6, 12] : tensor<72xf32> into tensor<6x12xf32>
  %expanded_2 = tensor.expand_shape %expanded [[0], [1, 2, 3]] output_shape [6, 12, 1, 1] : tensor<6x12xf32> into tensor<6x12x1x1xf32>
  return %expanded_2 : tensor<6x12x1x1xf32>
}

// -----

/// All axes: the dims are collapsed into one, with one accumulator and one
/// horizontal reduction.
// Plan: #reduce.inner_plan<vector_bits = 256, inner_tile = 32>.
// CHECK-LABEL: func.func @sum_all_axes(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
// CHECK:         %[[ACC:.*]] = scf.for {{.*}} -> (vector<32xf32>)
// CHECK-NEXT:      vector.transfer_read {{.*}} : tensor<4096xf32>, vector<32xf32>
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK:         vector.multi_reduction <add>, %[[ACC]], %{{.*}} [0] : vector<32xf32> to f32
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
func.func @sum_all_axes(%input: tensor<64x64xf32>) -> tensor<f32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<f32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 1>} ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
  %collapsed = tensor.collapse_shape %input [[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction"]} ins(%collapsed : tensor<4096xf32>) outs(%1 : tensor<f32>) attrs =  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32>} {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.addf %in, %out : f32
    linalg.yield %3 : f32
  } -> tensor<f32>
  return %2 : tensor<f32>
}
