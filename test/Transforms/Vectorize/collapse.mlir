// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4,min_row_tile_registers=1" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512,min_row_tile_registers=1" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize --canonicalize \
// RUN:   | FileCheck %s --check-prefix=ROWS512

// reduce-vectorize, the collapse of adjacent dims (Collapse.cpp) before a plan
// is chosen, for 256-bit registers and four accumulators (tiles of 32 f32): the
// hot loop works on vector values.

/// The spec example: adjacent kept dims and adjacent reduced dims are
/// collapsed (72 rows of 240, 4 at a time), and the row is tiled by 16, the
/// largest power of two of 8-lane registers that divides 240, instead of 32
/// with a masked remainder (or 40, whose accumulators LLVM scalarizes).
// CHECK-LABEL: func.func @sum_spec_example(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<6x12x10x24xf32> into tensor<72x240xf32>
// CHECK:         scf.for {{.*}} step %c4 {{.*}} -> (tensor<72xf32>)
// CHECK:           scf.for {{.*}} step %c16 {{.*}} -> (vector<4x16xf32>)
// CHECK-NEXT:        vector.transfer_read {{.*}} : tensor<72x240xf32>, vector<4x16xf32>
// CHECK-NEXT:        arith.addf %{{.*}}, %{{.*}} : vector<4x16xf32>
// CHECK-NOT:     vector.mask
// CHECK:         tensor.expand_shape {{.*}} output_shape [6, 12, 1, 1]
// With 512-bit registers the 240 elements are 15 registers, medium rows: 8
// rows per tile. The fill of the init, collapsed with the op, is still
// fused into the tiles: no separate fill, and the loop does not read the
// init.
// ROWS512-LABEL: func.func @sum_spec_example(
// ROWS512-NOT:     linalg.fill
// ROWS512-NOT:     vector.transfer_write
// ROWS512:         scf.for {{.*}} step %c8 iter_args({{.*}}) -> (tensor<72xf32>)
// ROWS512-NOT:       vector.transfer_read {{.*}} : tensor<72xf32>
// ROWS512:           vector.transfer_read {{.*}} : tensor<72x240xf32>, vector<8x240xf32>
// ROWS512-NOT:       vector.transfer_read {{.*}} : tensor<72xf32>
// ROWS512:           vector.transfer_write {{.*}} : vector<8xf32>, tensor<72xf32>
func.func @sum_spec_example(%input: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
  %0 = reduce.sum %input axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  return %0 : tensor<6x12x1x1xf32>
}

// -----

/// All axes: the dims are collapsed into one, with one accumulator and one
/// horizontal reduction.
// CHECK-LABEL: func.func @sum_all_axes(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
// CHECK:         %[[ACC:.*]] = scf.for {{.*}} -> (vector<32xf32>)
// CHECK-NEXT:      vector.transfer_read {{.*}} : tensor<4096xf32>, vector<32xf32>
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK:         vector.multi_reduction <add>, %[[ACC]], %{{.*}} [0] : vector<32xf32> to f32
func.func @sum_all_axes(%input: tensor<64x64xf32>) -> tensor<f32> {
  %0 = reduce.sum %input axes [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
