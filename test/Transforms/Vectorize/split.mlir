// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4,min_row_tile_registers=1,outer_rows_per_step=8" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s

// reduce-vectorize, the splits (Split.cpp): one reduction becomes two, each
// vectorized on its own, for 256-bit registers, four accumulators (tiles of
// 32 f32) and 8 rows per outer step: the hot loop works on vector values.

/// All axes, at least 4 blocks of 64 vector tiles (2048 f32): split into
/// blocks whose sums are a parallel dim (the 4 blocks read at once, 4
/// streams, and their sums merged by a shuffle tree), then the reduction of
/// the sums.
// CHECK-LABEL: func.func @sum_all_axes_split(
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<64x128xf32> into tensor<8192xf32>
// CHECK:         %[[BLOCKS:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [4, 2048] : tensor<8192xf32> into tensor<4x2048xf32>
// CHECK:         scf.for {{.*}} -> (vector<4x32xf32>)
// CHECK-NEXT:      vector.transfer_read %[[BLOCKS]]{{.*}} : tensor<4x2048xf32>, vector<4x32xf32>
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:         vector.shuffle
// CHECK:         vector.multi_reduction <add>, %{{.*}}, %{{.*}} [0] : vector<4xf32> to f32
func.func @sum_all_axes_split(%input: tensor<64x128xf32>) -> tensor<f32> {
  %0 = reduce.sum %input axes [0, 1] : tensor<64x128xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

/// Mixed axes with a short innermost reduced dim: the outer dim is reduced
/// first, streaming the input as 16 rows of 144 contiguous elements (8 rows
/// per step) into a 6x24 partial result; then the rows of 24 of the partial
/// result are summed, without |x| again.
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
func.func @l1_short_mixed(%input: tensor<16x6x24xf32>) -> tensor<6xf32> {
  %0 = reduce.l1 %input axes [0, 2] : tensor<16x6x24xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

/// Mixed axes with a long innermost reduced dim (rows of 2 KiB, more than
/// max-short-row-bytes): the rows are reduced first, in order, 4 at a time
/// (|x| into vector accumulators, one shuffle tree for the 4), into a 16x6
/// partial result; then the outer dim of that result is summed, without
/// |x| again.
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
func.func @l1_long_mixed(%input: tensor<16x6x512xf32>) -> tensor<6xf32> {
  %0 = reduce.l1 %input axes [0, 2] : tensor<16x6x512xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

/// Too few outer elements per result (4 < 8): one reduction.
// CHECK-LABEL: func.func @sum_short_mixed_few(
// CHECK-NOT:     tensor<6x24xf32>
// CHECK:         return
func.func @sum_short_mixed_few(%input: tensor<4x6x24xf32>) -> tensor<6xf32> {
  %0 = reduce.sum %input axes [0, 2] : tensor<4x6x24xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
