// RUN: reduce-opt %s --reduce-vectorize | FileCheck %s

// reduce-vectorize of plans on two threads: each op carries the plan
// reduce-plan{threads=2} records for 256-bit registers (min_parallel_bytes =
// 0), after reduce-split-reductions{threads=2}, and reduce-vectorize runs
// alone, with no target and no tuning setting. The choice of these plans is
// checked in test/Transforms/select-strategy.mlir.

/// A reduction whose only reduced dim is the outermost one is split by rows
/// into two reductions of consecutive halves (each thread streams its own
/// half of the input), run as an scf.forall, then their results are
/// combined. Each thread reads 4 rows per step and adds them to its
/// accumulators in order (a vector<1x4x32> reduced over its middle dim; the
/// upstream lowering would transpose it).
// Plans: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4, threads = <count = 2, dim = 0, chunk = 1>>,
// #reduce.outer_plan<vector_bits = 256, inner_tile = 32, threads = <count = 2, dim = 1, chunk = 32>>.
// CHECK-LABEL: func.func @sum_columns(
// CHECK:         %[[HALVES:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [2, 32, 64] : tensor<64x64xf32> into tensor<2x32x64xf32>
// CHECK:         %[[PARTS:.*]] = scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}}) -> (tensor<2x64xf32>)
// CHECK-NOT:       vector.multi_reduction
// CHECK:           vector.transfer_read %[[HALVES]]{{.*}} : tensor<2x32x64xf32>, vector<4x32xf32>
// CHECK-COUNT-4:   arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK-NOT:       vector.multi_reduction
// CHECK:         vector.transfer_read %[[PARTS]]
// CHECK:         return
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
func.func @sum_columns(%x: tensor<64x64xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %expanded = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 32, 64] : tensor<64x64xf32> into tensor<2x32x64xf32>
  %2 = tensor.empty() : tensor<2x64xf32>
  %3 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%2 : tensor<2x64xf32>) -> tensor<2x64xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "parallel"]} ins(%expanded : tensor<2x32x64xf32>) outs(%3 : tensor<2x64xf32>) attrs =  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4, threads = <count = 2, dim = 0, chunk = 1>>} {
  ^bb0(%in: f32, %out: f32):
    %6 = arith.addf %in, %out : f32
    linalg.yield %6 : f32
  } -> tensor<2x64xf32>
  %5 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["reduction", "parallel"]} ins(%4 : tensor<2x64xf32>) outs(%1 : tensor<64xf32>) attrs =  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, threads = <count = 2, dim = 1, chunk = 32>>} {
  ^bb0(%in: f32, %out: f32):
    %6 = arith.addf %in, %out : f32
    linalg.yield %6 : f32
  } -> tensor<64xf32>
  return %5 : tensor<64xf32>
}

// strict-fp-order keeps float sums in order: no split, one reduction whose
// plan runs on the 2 threads along the kept dim.
// Plan: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4, threads = <count = 2, dim = 1, chunk = 32>>.
// CHECK-LABEL: func.func @sum_columns_strict(
// CHECK-NOT:     tensor.expand_shape
// CHECK:         return
func.func @sum_columns_strict(%x: tensor<64x64xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%x : tensor<64x64xf32>) outs(%1 : tensor<64xf32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4, threads = <count = 2, dim = 1, chunk = 32>>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<64xf32>
}

// The fill of the init is fused into each thread's tile, and into its row
// tiles there: no fill before the scf.forall (one thread would write the
// whole result, and the threads read it back), no buffer of the thread's
// own (the tiles write the thread's part of the result), and the loop does
// not read the init.
// Plan: #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8, threads = <count = 2, dim = 0, chunk = 8192>>.
// CHECK-LABEL: func.func @min_short_rows(
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     vector.transfer_write
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<16384xf32>
// CHECK:         scf.forall {{.*}} shared_outs(%[[OUT:.*]] = %[[EMPTY]])
// CHECK:           %[[PART:.*]] = tensor.extract_slice %[[OUT]]
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %[[PART]]) -> (tensor<8192xf32>)
// CHECK-NOT:         vector.transfer_read {{.*}} : tensor<8192xf32>
// CHECK:             vector.transfer_write {{.*}} : vector<8xf32>, tensor<8192xf32>
// CHECK:         return
func.func @min_short_rows(%x: tensor<16384x16xf32>) -> tensor<16384xf32> {
  %cst = arith.constant 0x7F800000 : f32
  %0 = tensor.empty() : tensor<16384xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<16384xf32>) -> tensor<16384xf32>
  %reduced = linalg.reduce ins(%x : tensor<16384x16xf32>) outs(%1 : tensor<16384xf32>) dimensions = [1]  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8, threads = <count = 2, dim = 0, chunk = 8192>>}
    (%in: f32, %init: f32) {
      %2 = arith.minimumf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<16384xf32>
}
