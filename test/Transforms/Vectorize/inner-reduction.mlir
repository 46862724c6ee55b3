// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s

// reduce-vectorize, the `inner` strategy (InnerReduction.cpp): vector
// accumulators along the innermost reduced dim, with one horizontal reduction
// per output element. Each op carries the plan reduce-plan records for 256-bit
// registers and four accumulators (tiles of 32 f32), streamed or in blocks
// where the comment says so, and reduce-vectorize runs alone, with no target
// and no tuning setting: the hot loop works on vector values. The choice of the
// streamed plans is checked in test/Transforms/select-strategy.mlir.

/// Innermost axis: 4 rows at a time (4 streams), each with a vector<32xf32>
/// accumulator (4 registers of 8 lanes), a vector<4x32xf32> in all; after
/// the loop, each row's registers are added by a tree and the 4 rows share
/// one shuffle tree (no horizontal reduction per row).
// Plan: #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>.
// CHECK-LABEL: func.func @sum_innermost_axis(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<64x1024xf32>)
// CHECK-DAG:     %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4x32xf32>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %[[C4]] iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<64xf32>)
// CHECK:           %[[ACC:.*]] = scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %[[C32]] iter_args(%[[PARTIAL:.*]] = %[[ZEROS]]) -> (vector<4x32xf32>)
// CHECK-NEXT:        %[[CHUNK:.*]] = vector.transfer_read %[[INPUT]][%[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true]} : tensor<64x1024xf32>, vector<4x32xf32>
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[CHUNK]], %[[PARTIAL]] : vector<4x32xf32>
// CHECK-NEXT:        scf.yield %[[ADD]] : vector<4x32xf32>
// CHECK-NEXT:      }
// CHECK-NOT:       vector.multi_reduction
// CHECK-NOT:       vector.reduction
// CHECK:           vector.shuffle
// CHECK:           vector.transfer_write %{{.*}}, %[[OUT]][%[[ROW]]] {in_bounds = [true]} : vector<4xf32>, tensor<64xf32>
func.func @sum_innermost_axis(%input: tensor<64x1024xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<64x1024xf32>) outs(%1 : tensor<64xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<64xf32>
}

// -----

/// Streamed (min_stream_bytes=1), the rows are viewed as 4 parts of 16
/// rows (row_streams = 4, the target's row-streams): a step reads row j of
/// every part, 4 long streams side by side, and the 4 rows still share one
/// shuffle tree.
// Plan: #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>.
// CHECK-LABEL: func.func @sum_innermost_axis_streams(
// CHECK-DAG:     %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4x1x32xf32>
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         %[[PARTS:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [4, 16, 1024] : tensor<64x1024xf32> into tensor<4x16x1024xf32>
// CHECK:         %[[OUTS:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [4, 16] : tensor<64xf32> into tensor<4x16xf32>
// CHECK:         %[[RESULT:.*]] = scf.for %[[ROW:.*]] = %{{.*}} to %[[C16]] step %{{.*}} iter_args(%[[OUT:.*]] = %[[OUTS]]) -> (tensor<4x16xf32>)
// CHECK:           scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %[[C32]] iter_args(%[[PARTIAL:.*]] = %[[ZEROS]]) -> (vector<4x1x32xf32>)
// CHECK-NEXT:        %[[CHUNK:.*]] = vector.transfer_read %[[PARTS]][%{{.*}}, %[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true, true]} : tensor<4x16x1024xf32>, vector<4x1x32xf32>
// CHECK-NEXT:        arith.addf %[[CHUNK]], %[[PARTIAL]] : vector<4x1x32xf32>
// CHECK-NOT:       vector.multi_reduction
// CHECK-NOT:       vector.reduction
// CHECK:           vector.shuffle
// CHECK:           vector.transfer_write %{{.*}}, %[[OUT]][%{{.*}}, %[[ROW]]] {in_bounds = [true, true]} : vector<4x1xf32>, tensor<4x16xf32>
// CHECK:         tensor.collapse_shape %[[RESULT]] {{\[}}[0, 1]] : tensor<4x16xf32> into tensor<64xf32>
func.func @sum_innermost_axis_streams(%input: tensor<64x1024xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<64x1024xf32>) outs(%1 : tensor<64xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<64xf32>
}

// -----

/// With blocks of at most 64 KiB (row-stream-block-bytes), the 64 rows of
/// 4 KiB are 4 blocks of 16 rows (stream_block = 16), each read as 4 parts
/// of 4 rows: the parts lie 16 KiB apart instead of 64 KiB.
// Plan: #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4, stream_block = 16>.
// CHECK-LABEL: func.func @sum_innermost_axis_blocks(
// CHECK:         %[[PARTS:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2], [3]] output_shape [4, 4, 4, 1024] : tensor<64x1024xf32> into tensor<4x4x4x1024xf32>
// CHECK:         scf.for %[[BLOCK:[^ ]*]] = {{.*}} -> (tensor<4x4x4xf32>)
// CHECK:           scf.for %[[ROW:[^ ]*]] = {{.*}} -> (tensor<4x4x4xf32>)
// CHECK:             scf.for %[[COL:[^ ]*]] = {{.*}} -> (vector<4x1x32xf32>)
// CHECK-NEXT:          vector.transfer_read %[[PARTS]][%[[BLOCK]], %{{.*}}, %[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true, true]} : tensor<4x4x4x1024xf32>, vector<4x1x32xf32>
// CHECK:             vector.shuffle
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : tensor<4x4x4xf32> into tensor<64xf32>
func.func @sum_innermost_axis_blocks(%input: tensor<64x1024xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<64x1024xf32>) outs(%1 : tensor<64xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4, stream_block = 16>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<64xf32>
}

// -----

/// Mixed axes with the innermost dim reduced: rows of 32 are one vector, 4
/// of the 64 kept rows at a time; the unit reduced dim of the accumulators
/// (vector<4x1x32>) is dropped so that the 4 rows share a shuffle tree. (4
/// outer rows are too few for the split of @l1_short_mixed in split.mlir.)
// Plan: #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>.
// CHECK-LABEL: func.func @min_mixed_axes_inner(
// CHECK-DAG:     %[[MAXES:.*]] = arith.constant dense<2147483647> : vector<4x1x32xi32>
// CHECK:         scf.for {{.*}} step %c4 {{.*}} -> (tensor<64xi32>)
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %[[MAXES]]) -> (vector<4x1x32xi32>)
// CHECK-NEXT:        vector.transfer_read {{.*}} : tensor<4x64x32xi32>, vector<4x32xi32>
// CHECK:             arith.minsi %{{.*}}, %{{.*}} : vector<4x32xi32>
// CHECK-NOT:       vector.multi_reduction
// CHECK:           vector.shuffle
// CHECK:           arith.minsi %{{.*}}, %{{.*}} : vector<4xi32>
func.func @min_mixed_axes_inner(%input: tensor<4x64x32xi32>) -> tensor<64xi32> {
  %c2147483647_i32 = arith.constant 2147483647 : i32
  %0 = tensor.empty() : tensor<64xi32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%c2147483647_i32 : i32) outs(%0 : tensor<64xi32>) -> tensor<64xi32>
  %reduced = linalg.reduce ins(%input : tensor<4x64x32xi32>) outs(%1 : tensor<64xi32>) dimensions = [0, 2]  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>}
    (%in: i32, %init: i32) {
      %2 = arith.minsi %in, %init : i32
      linalg.yield %2 : i32
    }
  return %reduced : tensor<64xi32>
}

// -----

/// Dynamic sizes: masked vector reads of the row.
// Plan: #reduce.inner_plan<vector_bits = 256, inner_tile = 32>.
// CHECK-LABEL: func.func @min_dynamic(
// CHECK:         scf.for
// CHECK:           scf.for {{.*}} step %{{.*}} iter_args(%{{.*}}) -> (tensor<1x32xf32>)
// CHECK:             %[[MASK:.*]] = vector.create_mask %{{.*}}, %{{.*}} : vector<1x32xi1>
// CHECK:             vector.mask %[[MASK]] { vector.transfer_read {{.*}} : tensor<?x?xf32>, vector<1x32xf32> }
// CHECK:             arith.minimumf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK:           vector.multi_reduction <minimumf>, %{{.*}}, %{{.*}} [1] : vector<1x32xf32> to vector<1xf32>
func.func @min_dynamic(%input: tensor<?x?xf32>) -> tensor<?xf32> {
  %cst = arith.constant 0x7F800000 : f32
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %input, %c0 : tensor<?x?xf32>
  %0 = tensor.empty(%dim) : tensor<?xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<?xf32>) -> tensor<?xf32>
  %reduced = linalg.reduce ins(%input : tensor<?x?xf32>) outs(%1 : tensor<?xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32>}
    (%in: f32, %init: f32) {
      %2 = arith.minimumf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<?xf32>
}

// -----

/// f16 data: 32 lanes sized after the f32 accumulator, widened in the loop
/// (rows of 256: more than 16 registers, the usual strategy, 4 rows at a
/// time).
// Plans: #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>, #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>.
// CHECK-LABEL: func.func @sum_f16(
// CHECK:           scf.for {{.*}} -> (vector<4x32xf32>)
// CHECK-NEXT:        vector.transfer_read {{.*}} : tensor<64x256xf16>, vector<4x32xf16>
// CHECK-NEXT:        arith.extf %{{.*}} : vector<4x32xf16> to vector<4x32xf32>
// CHECK-NEXT:        arith.addf %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:         arith.truncf %{{.*}} : vector<32xf32> to vector<32xf16>
func.func @sum_f16(%input: tensor<64x256xf16>) -> tensor<64xf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<64x256xf16>) outs(%1 : tensor<64xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>}
    (%in: f16, %init: f32) {
      %3 = arith.extf %in : f16 to f32
      %4 = arith.addf %3, %init : f32
      linalg.yield %4 : f32
    }
  %2 = tensor.empty() : tensor<64xf16>
  %mapped = linalg.map { arith.truncf } ins(%reduced : tensor<64xf32>) outs(%2 : tensor<64xf16>) {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>}
  return %mapped : tensor<64xf16>
}

// -----

/// nan_mode ignore vectorizes both reductions of the generic (rows of 256).
// Plans: #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>, #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>.
// CHECK-LABEL: func.func @min_ignore_nan(
// CHECK:           scf.for {{.*}} -> (vector<4x32xf32>, vector<4x32xi8>)
// CHECK:             arith.cmpf ord, %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:             arith.minimumf %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:             arith.ori %{{.*}}, %{{.*}} : vector<4x32xi8>
// CHECK:           vector.shuffle
// CHECK:           arith.minimumf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK:           arith.ori %{{.*}}, %{{.*}} : vector<4xi8>
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @min_ignore_nan(%input: tensor<64x256xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0x7FC00000 : f32
  %c0_i8 = arith.constant 0 : i8
  %cst_0 = arith.constant 0x7F800000 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst_0 : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %2 = tensor.empty() : tensor<64xi8>
  %3 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 64>} ins(%c0_i8 : i8) outs(%2 : tensor<64xi8>) -> tensor<64xi8>
  %4:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%input : tensor<64x256xf32>) outs(%1, %3 : tensor<64xf32>, tensor<64xi8>) attrs =  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>} {
  ^bb0(%in: f32, %out: f32, %out_1: i8):
    %6 = arith.cmpf ord, %in, %in : f32
    %7 = arith.extui %6 : i1 to i8
    %8 = arith.select %6, %in, %cst_0 : f32
    %9 = arith.minimumf %8, %out : f32
    %10 = arith.ori %7, %out_1 : i8
    linalg.yield %9, %10 : f32, i8
  } -> (tensor<64xf32>, tensor<64xi8>)
  %5 = tensor.empty() : tensor<64xf32>
  %mapped = linalg.map ins(%4#0, %4#1 : tensor<64xf32>, tensor<64xi8>) outs(%5 : tensor<64xf32>) {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>}
    (%in: f32, %in_1: i8, %init: f32) {
      %6 = arith.cmpi ne, %in_1, %c0_i8 : i8
      %7 = arith.select %6, %in, %cst : f32
      linalg.yield %7 : f32
    }
  return %mapped : tensor<64xf32>
}
