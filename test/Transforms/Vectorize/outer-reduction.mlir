// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s

// reduce-vectorize, the `outer` strategy (OuterReduction.cpp): vectors across
// the innermost kept dim, no horizontal reduction. Each op carries the plan
// reduce-plan records for 256-bit registers, four accumulators (tiles of 32
// f32) and 8 rows per step, and reduce-vectorize runs alone, with no target
// and no tuning setting: the hot loop works on vector values.

/// Outer axis: vectorized across the kept contiguous dim, the accumulator
/// stays in registers across the rows, no horizontal reduction. Each step
/// reads 8 rows and adds them to the accumulator in row order.
// Plan: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>.
// CHECK-LABEL: func.func @l1_outer_axis(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<1024x64xf32>)
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}}) -> (tensor<64xf32>)
// CHECK:           %[[INIT:.*]] = vector.transfer_read {{.*}} : tensor<64xf32>, vector<32xf32>
// CHECK:           %[[ACC:.*]] = scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %[[C8]] iter_args(%[[PARTIAL:.*]] = %[[INIT]]) -> (vector<32xf32>)
// CHECK-NEXT:        %[[CHUNK:.*]] = vector.transfer_read %[[INPUT]][%[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true]} : tensor<1024x64xf32>, vector<8x32xf32>
// CHECK-NEXT:        %[[ABS:.*]] = math.absf %[[CHUNK]] : vector<8x32xf32>
// CHECK-NEXT:        %[[ROW0:.*]] = vector.extract %[[ABS]][0] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[ADD0:.*]] = arith.addf %[[PARTIAL]], %[[ROW0]] : vector<32xf32>
// CHECK-NEXT:        %[[ROW1:.*]] = vector.extract %[[ABS]][1] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[ADD1:.*]] = arith.addf %[[ADD0]], %[[ROW1]] : vector<32xf32>
// CHECK-COUNT-5:     arith.addf
// CHECK-NEXT:        %[[ROW7:.*]] = vector.extract %[[ABS]][7] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[ADD7:.*]] = arith.addf %{{.*}}, %[[ROW7]] : vector<32xf32>
// CHECK-NEXT:        scf.yield %[[ADD7]] : vector<32xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      vector.transfer_write %[[ACC]]
// CHECK-NOT:     vector.multi_reduction
// CHECK-NOT:     vector.reduction
// CHECK:         return
func.func @l1_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<1024x64xf32>) outs(%1 : tensor<64xf32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>}
    (%in: f32, %init: f32) {
      %2 = math.absf %in : f32
      %3 = arith.addf %2, %init : f32
      linalg.yield %3 : f32
    }
  return %reduced : tensor<64xf32>
}

// -----

/// Mixed axes with the innermost dim kept: the outer strategy. The two
/// adjacent reduced dims are collapsed into one of 1024 rows.
// Plan: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>.
// CHECK-LABEL: func.func @sum_mixed_axes_outer(
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<16x64x32xf32> into tensor<1024x32xf32>
// CHECK:         scf.for {{.*}} -> (vector<32xf32>)
// CHECK-NEXT:      vector.transfer_read %[[ROWS]]{{.*}} : tensor<1024x32xf32>, vector<8x32xf32>
// CHECK-NEXT:      vector.extract
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @sum_mixed_axes_outer(%input: tensor<16x64x32xf32>) -> tensor<32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<32xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<32xf32>) -> tensor<32xf32>
  %collapsed = tensor.collapse_shape %input [[0, 1], [2]] : tensor<16x64x32xf32> into tensor<1024x32xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel"]} ins(%collapsed : tensor<1024x32xf32>) outs(%1 : tensor<32xf32>) attrs =  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>} {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.addf %in, %out : f32
    linalg.yield %3 : f32
  } -> tensor<32xf32>
  return %2 : tensor<32xf32>
}

// -----

/// Outer axis with rows longer than 4 tiles: the accumulators of a block
/// of the row (here all 512) live in memory (L1), and each step of the row
/// loop reads 8 whole rows, 8 streams, one tile of each at a time, so that
/// the accumulators are read and written once per 8 rows. 1003 rows (not a
/// multiple of 8) are read one at a time.
// Plans: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 512, block_rows = 8, rows_per_step = 8>, #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 512>.
// CHECK-LABEL: func.func @min_outer_axis_long_rows(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<64x512xf32>
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %[[C8]] iter_args({{.*}}) -> (tensor<512xf32>)
// CHECK-NEXT:      scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %[[C32]] iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<512xf32>)
// CHECK-NEXT:        %[[CHUNK:.*]] = vector.transfer_read %[[INPUT]][%[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true]} : tensor<64x512xf32>, vector<8x32xf32>
// CHECK-NEXT:        %[[ACC:.*]] = vector.transfer_read %[[OUT]][%[[COL]]], %{{.*}} {in_bounds = [true]} : tensor<512xf32>, vector<32xf32>
// CHECK-NEXT:        %[[ROW0:.*]] = vector.extract %[[CHUNK]][0] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[MIN0:.*]] = arith.minimumf %[[ACC]], %[[ROW0]] : vector<32xf32>
// CHECK-COUNT-6:     arith.minimumf
// CHECK-NEXT:        %[[ROW7:.*]] = vector.extract %[[CHUNK]][7] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[MIN7:.*]] = arith.minimumf %{{.*}}, %[[ROW7]] : vector<32xf32>
// CHECK-NEXT:        vector.transfer_write %[[MIN7]], %[[OUT]][%[[COL]]]
// CHECK-LABEL: func.func @sum_outer_axis_odd_rows(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args({{.*}}) -> (tensor<512xf32>)
// CHECK:           vector.transfer_read {{.*}} : tensor<1003x512xf32>, vector<32xf32>
func.func @min_outer_axis_long_rows(%input: tensor<64x512xf32>) -> tensor<512xf32> {
  %cst = arith.constant 0x7F800000 : f32
  %0 = tensor.empty() : tensor<512xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<512xf32>) -> tensor<512xf32>
  %reduced = linalg.reduce ins(%input : tensor<64x512xf32>) outs(%1 : tensor<512xf32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 512, block_rows = 8, rows_per_step = 8>}
    (%in: f32, %init: f32) {
      %2 = arith.minimumf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<512xf32>
}
func.func @sum_outer_axis_odd_rows(%input: tensor<1003x512xf32>) -> tensor<512xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<512xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<512xf32>) -> tensor<512xf32>
  %reduced = linalg.reduce ins(%input : tensor<1003x512xf32>) outs(%1 : tensor<512xf32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 512>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<512xf32>
}

// -----

/// Rows of 100, masked vectors (no tile of 8-lane registers divides 100):
/// one row per step, as a masked vector.multi_reduction must stay the single
/// op of its vector.mask (the differential tester found this).
// Plans: #reduce.outer_plan<vector_bits = 256, inner_tile = 32>, #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>.
// CHECK-LABEL: func.func @min_outer_axis_masked(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args({{.*}}) -> (tensor<100xf32>)
// CHECK:           vector.create_mask
// CHECK:           vector.mask %{{.*}} { vector.transfer_read {{.*}} : tensor<64x100xf16>, vector<1x32xf16> }
func.func @min_outer_axis_masked(%input: tensor<64x100xf16>) -> tensor<100xf16> {
  %cst = arith.constant 0x7F800000 : f32
  %0 = tensor.empty() : tensor<100xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<100xf32>) -> tensor<100xf32>
  %reduced = linalg.reduce ins(%input : tensor<64x100xf16>) outs(%1 : tensor<100xf32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32>}
    (%in: f16, %init: f32) {
      %3 = arith.extf %in : f16 to f32
      %4 = arith.minimumf %3, %init : f32
      linalg.yield %4 : f32
    }
  %2 = tensor.empty() : tensor<100xf16>
  %mapped = linalg.map { arith.truncf } ins(%reduced : tensor<100xf32>) outs(%2 : tensor<100xf16>) {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>}
  return %mapped : tensor<100xf16>
}
