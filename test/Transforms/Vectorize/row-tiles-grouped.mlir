// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize | FileCheck %s

// reduce-vectorize, the `row_tiles` strategy on medium rows in cache: the
// tile grows by whole groups of the largest power of two of rows that
// divides the rows (each group reduced by its own shuffle tree) until a
// step reads `min-row-tile-registers` registers (default 256), and the
// tile divides the rows. Each op carries the plan reduce-plan records
// for 512-bit registers (the default 256 registers a step, or 64 where the
// comment says so), and reduce-vectorize runs alone, with no target and no
// tuning setting. The choice is checked in test/Transforms/select-strategy.mlir;
// the pipeline option, in row-tiles-grouped-run.mlir.

/// 72 rows of 240 f32 (15 registers of 16 lanes, the benchmark's W4): groups
/// of 8 rows; 8 rows read 120 registers, 24 rows (the next multiple of 8
/// that divides 72) read 360: tiles of 24 rows, three shuffle trees, one
/// vector<24xf32> of results per step, no horizontal reduction per row.
// Plan: #reduce.row_tiles_plan<vector_bits = 512, row_tile = 24>.
// CHECK-LABEL: func.func @sum_72x240(
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c24
// CHECK:           vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<72x240xf32>, vector<24x240xf32>
// CHECK-NOT:       vector.reduction
// CHECK:           vector.transfer_write {{.*}} : vector<24xf32>, tensor<72xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @sum_72x240(%x: tensor<6x12x10x24xf32>) -> tensor<6x12xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6x12xf32>
  %collapsed = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<6x12x10x24xf32> into tensor<72x240xf32>
  %collapsed_1 = tensor.collapse_shape %0 [[0, 1]] : tensor<6x12xf32> into tensor<72xf32>
  %2 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64>} ins(%cst : f32) outs(%collapsed_1 : tensor<72xf32>) -> tensor<72xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%collapsed : tensor<72x240xf32>) outs(%2 : tensor<72xf32>) attrs =  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 24>} {
  ^bb0(%in: f32, %out: f32):
    %4 = arith.addf %in, %out : f32
    linalg.yield %4 : f32
  } -> tensor<72xf32>
  %expanded = tensor.expand_shape %3 [[0, 1]] output_shape [6, 12] : tensor<72xf32> into tensor<6x12xf32>
  return %expanded : tensor<6x12xf32>
}

// -----

/// With 64 registers a step, one group of 8 rows (120 registers) is enough;
/// a streamed input keeps the group too (its rows are read as row streams
/// when they divide into them): the same plan.
// Plan: #reduce.row_tiles_plan<vector_bits = 512, row_tile = 8>.
// CHECK-LABEL: func.func @sum_72x240_one_group(
// CHECK:         scf.for {{.*}} step %c8
// CHECK:           vector<8x240xf32>
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @sum_72x240_one_group(%x: tensor<6x12x10x24xf32>) -> tensor<6x12xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6x12xf32>
  %collapsed = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<6x12x10x24xf32> into tensor<72x240xf32>
  %collapsed_1 = tensor.collapse_shape %0 [[0, 1]] : tensor<6x12xf32> into tensor<72xf32>
  %2 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64>} ins(%cst : f32) outs(%collapsed_1 : tensor<72xf32>) -> tensor<72xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%collapsed : tensor<72x240xf32>) outs(%2 : tensor<72xf32>) attrs =  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 8>} {
  ^bb0(%in: f32, %out: f32):
    %4 = arith.addf %in, %out : f32
    linalg.yield %4 : f32
  } -> tensor<72xf32>
  %expanded = tensor.expand_shape %3 [[0, 1]] output_shape [6, 12] : tensor<72xf32> into tensor<6x12xf32>
  return %expanded : tensor<6x12xf32>
}

// -----

/// 48 rows of 64 f32 (4 registers): groups of 16 rows (the lanes), which
/// read 64 registers; the tile grows to the whole 48 rows (192 registers,
/// no multiple of 16 in between divides 48) and stops there.
// Plan: #reduce.row_tiles_plan<vector_bits = 512, row_tile = 48>.
// CHECK-LABEL: func.func @min_48x64(
// CHECK:         vector.transfer_read {{.*}} : tensor<48x64xf32>, vector<48x64xf32>
// CHECK:         vector.transfer_write {{.*}} : vector<48xf32>, tensor<48xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
func.func @min_48x64(%x: tensor<48x64xf32>) -> tensor<48xf32> {
  %cst = arith.constant 0x7F800000 : f32
  %0 = tensor.empty() : tensor<48xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 48>} ins(%cst : f32) outs(%0 : tensor<48xf32>) -> tensor<48xf32>
  %reduced = linalg.reduce ins(%x : tensor<48x64xf32>) outs(%1 : tensor<48xf32>) dimensions = [1]  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 48>}
    (%in: f32, %init: f32) {
      %2 = arith.minimumf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<48xf32>
}

// -----

/// With 64 registers a step, one group of 16 rows (64 registers).
// Plan: #reduce.row_tiles_plan<vector_bits = 512, row_tile = 16>.
// CHECK-LABEL: func.func @min_48x64_one_group(
// CHECK:         scf.for {{.*}} step %c16
// CHECK:           vector<16x64xf32>
func.func @min_48x64_one_group(%x: tensor<48x64xf32>) -> tensor<48xf32> {
  %cst = arith.constant 0x7F800000 : f32
  %0 = tensor.empty() : tensor<48xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 48>} ins(%cst : f32) outs(%0 : tensor<48xf32>) -> tensor<48xf32>
  %reduced = linalg.reduce ins(%x : tensor<48x64xf32>) outs(%1 : tensor<48xf32>) dimensions = [1]  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 16>}
    (%in: f32, %init: f32) {
      %2 = arith.minimumf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<48xf32>
}

// -----

/// 2018 rows (2 x 1009) of 32 f32 (2 registers): groups of 2 rows; no other
/// multiple of 2 up to 256 rows (twice 256 registers) divides 2018, so the
/// tile stays one group, and the search stops there.
// Plan: #reduce.row_tiles_plan<vector_bits = 512, row_tile = 2>.
// CHECK-LABEL: func.func @sum_2018x32(
// CHECK:         scf.for {{.*}} step %c2
// CHECK:           vector.transfer_read {{.*}} : tensor<2018x32xf32>, vector<2x32xf32>
func.func @sum_2018x32(%x: tensor<2018x32xf32>) -> tensor<2018xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2018xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64>} ins(%cst : f32) outs(%0 : tensor<2018xf32>) -> tensor<2018xf32>
  %reduced = linalg.reduce ins(%x : tensor<2018x32xf32>) outs(%1 : tensor<2018xf32>) dimensions = [1]  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 2>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<2018xf32>
}
