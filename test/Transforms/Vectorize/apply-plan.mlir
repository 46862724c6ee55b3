// RUN: reduce-opt %s --split-input-file \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256" --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan --reduce-vectorize --canonicalize | FileCheck %s

// reduce-vectorize applies a plan written on the op instead of choosing
// one: here other tiles than the 32-element tiles its planner picks for
// 256-bit registers.

// CHECK-LABEL: func.func @inner_tile_16
// CHECK:         scf.for {{.*}} step %c2
// CHECK:           scf.for {{.*}} step %c16 {{.*}} -> (tensor<2x16xf32>)
// CHECK:             vector.transfer_read {{.*}} : tensor<64x1024xf32>, vector<2x16xf32>
func.func @inner_tile_16(%x: tensor<64x1024xf32>,
                         %init: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x1024xf32>) outs(%init : tensor<64xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<inner_tile = 16, stream_rows = 2>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// CHECK-LABEL: func.func @outer_unblocked
// CHECK:         scf.for {{.*}} step %c64
// CHECK:           scf.for {{.*}} step %c4
// CHECK:             vector.transfer_read {{.*}} vector<4x64xf32>
func.func @outer_unblocked(%x: tensor<1024x4096xf32>,
                           %init: tensor<4096xf32>) -> tensor<4096xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<1024x4096xf32>) outs(%init : tensor<4096xf32>)
      attrs = {reduce.plan = #reduce.outer_plan<inner_tile = 64, rows_per_step = 4>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.minimumf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// -----

// A split into 4 blocks, whose two ops are then planned by reduce-vectorize.
// CHECK-LABEL: func.func @four_blocks
// CHECK:         %[[EXPANDED:.*]] = tensor.expand_shape {{.*}} into tensor<4x16384xf32>
// CHECK:         scf.for {{.*}} step %c32 {{.*}} -> (tensor<4x32xf32>)
// CHECK:           vector.transfer_read %[[EXPANDED]]{{.*}} vector<4x32xf32>
func.func @four_blocks(%x: tensor<65536xf32>, %init: tensor<f32>)
    -> tensor<f32> {
  %r = linalg.reduce {arith.addf} ins(%x : tensor<65536xf32>)
      outs(%init : tensor<f32>) dimensions = [0]
      {reduce.plan = #reduce.split_plan<kind = blocks, parts = 4>}
  return %r : tensor<f32>
}

// -----

// outer with row_streams: the rows are viewed as 4 parts (expand_shape) and
// each step reads row j of every part (rows j, 16 + j, 32 + j, 48 + j) and
// adds them in part order.
// CHECK-LABEL: func.func @outer_row_streams(
// CHECK-SAME:      %[[X:.*]]: tensor<64x4096xf32>
// CHECK:         %[[PARTS:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1], [2]] output_shape [4, 16, 4096] : tensor<64x4096xf32> into tensor<4x16x4096xf32>
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}}
// CHECK:           scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %{{.*}}
// CHECK:             %[[ROWS:.*]] = vector.transfer_read %[[PARTS]][%{{.*}}, %[[ROW]], %[[COL]]]{{.*}} : tensor<4x16x4096xf32>, vector<4x1x32xf32>
// CHECK:             %[[ACC:.*]] = vector.transfer_read {{.*}} : tensor<4096xf32>, vector<32xf32>
// CHECK:             %[[P0:.*]] = vector.extract %[[ROWS]][0, 0]
// CHECK:             %[[S0:.*]] = arith.addf %[[ACC]], %[[P0]]
// CHECK:             %[[P1:.*]] = vector.extract %[[ROWS]][1, 0]
// CHECK:             %[[S1:.*]] = arith.addf %[[S0]], %[[P1]]
// CHECK-COUNT-2:     arith.addf
// CHECK:             vector.transfer_write
func.func @outer_row_streams(%x: tensor<64x4096xf32>,
                             %init: tensor<4096xf32>) -> tensor<4096xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x4096xf32>) outs(%init : tensor<4096xf32>)
      attrs = {reduce.plan = #reduce.outer_plan<inner_tile = 32, kept_block = 4096, block_rows = 4, rows_per_step = 4, row_streams = 4>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}
