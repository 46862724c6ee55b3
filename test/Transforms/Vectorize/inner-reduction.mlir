// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4,min_stream_bytes=1" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize \
// RUN:   --canonicalize --cse --loop-invariant-subset-hoisting --canonicalize \
// RUN:   | FileCheck %s --check-prefix=STREAMS
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4,min_stream_bytes=1,row_stream_block_bytes=65536" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize \
// RUN:   --canonicalize --cse --loop-invariant-subset-hoisting --canonicalize \
// RUN:   | FileCheck %s --check-prefix=BLOCKS

// reduce-vectorize, the `inner` strategy (InnerReduction.cpp): vector
// accumulators along the innermost reduced dim, with one horizontal reduction
// per output element, for 256-bit registers and four accumulators (tiles of 32
// f32): the hot loop works on vector values.

/// Innermost axis: 4 rows at a time (4 streams), each with a vector<32xf32>
/// accumulator (4 registers of 8 lanes), a vector<4x32xf32> in all; after
/// the loop, each row's registers are added by a tree and the 4 rows share
/// one shuffle tree (no horizontal reduction per row).
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
/// Streamed (min_stream_bytes=1), the rows are viewed as 4 parts of 16
/// rows (row_streams = 4, the target's row-streams): a step reads row j of
/// every part, 4 long streams side by side, and the 4 rows still share one
/// shuffle tree.
// STREAMS-LABEL: func.func @sum_innermost_axis(
// STREAMS-DAG:     %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4x1x32xf32>
// STREAMS-DAG:     %[[C16:.*]] = arith.constant 16 : index
// STREAMS-DAG:     %[[C32:.*]] = arith.constant 32 : index
// STREAMS:         %[[PARTS:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [4, 16, 1024] : tensor<64x1024xf32> into tensor<4x16x1024xf32>
// STREAMS:         %[[OUTS:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [4, 16] : tensor<64xf32> into tensor<4x16xf32>
// STREAMS:         %[[RESULT:.*]] = scf.for %[[ROW:.*]] = %{{.*}} to %[[C16]] step %{{.*}} iter_args(%[[OUT:.*]] = %[[OUTS]]) -> (tensor<4x16xf32>)
// STREAMS:           scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %[[C32]] iter_args(%[[PARTIAL:.*]] = %[[ZEROS]]) -> (vector<4x1x32xf32>)
// STREAMS-NEXT:        %[[CHUNK:.*]] = vector.transfer_read %[[PARTS]][%{{.*}}, %[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true, true]} : tensor<4x16x1024xf32>, vector<4x1x32xf32>
// STREAMS-NEXT:        arith.addf %[[CHUNK]], %[[PARTIAL]] : vector<4x1x32xf32>
// STREAMS-NOT:       vector.multi_reduction
// STREAMS-NOT:       vector.reduction
// STREAMS:           vector.shuffle
// STREAMS:           vector.transfer_write %{{.*}}, %[[OUT]][%{{.*}}, %[[ROW]]] {in_bounds = [true, true]} : vector<4x1xf32>, tensor<4x16xf32>
// STREAMS:         tensor.collapse_shape %[[RESULT]] {{\[}}[0, 1]] : tensor<4x16xf32> into tensor<64xf32>

/// With blocks of at most 64 KiB (row-stream-block-bytes), the 64 rows of
/// 4 KiB are 4 blocks of 16 rows (stream_block = 16), each read as 4 parts
/// of 4 rows: the parts lie 16 KiB apart instead of 64 KiB.
// BLOCKS-LABEL: func.func @sum_innermost_axis(
// BLOCKS:         %[[PARTS:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2], [3]] output_shape [4, 4, 4, 1024] : tensor<64x1024xf32> into tensor<4x4x4x1024xf32>
// BLOCKS:         scf.for %[[BLOCK:[^ ]*]] = {{.*}} -> (tensor<4x4x4xf32>)
// BLOCKS:           scf.for %[[ROW:[^ ]*]] = {{.*}} -> (tensor<4x4x4xf32>)
// BLOCKS:             scf.for %[[COL:[^ ]*]] = {{.*}} -> (vector<4x1x32xf32>)
// BLOCKS-NEXT:          vector.transfer_read %[[PARTS]][%[[BLOCK]], %{{.*}}, %[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true, true]} : tensor<4x4x4x1024xf32>, vector<4x1x32xf32>
// BLOCKS:             vector.shuffle
// BLOCKS:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : tensor<4x4x4xf32> into tensor<64xf32>
func.func @sum_innermost_axis(%input: tensor<64x1024xf32>) -> tensor<64xf32> {
  %0 = reduce.sum %input axes [1] : tensor<64x1024xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

/// Mixed axes with the innermost dim reduced: rows of 32 are one vector, 4
/// of the 64 kept rows at a time; the unit reduced dim of the accumulators
/// (vector<4x1x32>) is dropped so that the 4 rows share a shuffle tree. (4
/// outer rows are too few for the split of @l1_short_mixed in split.mlir.)
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
  %0 = reduce.min %input axes [0, 2] : tensor<4x64x32xi32> -> tensor<64xi32>
  return %0 : tensor<64xi32>
}

// -----

/// Dynamic sizes: masked vector reads of the row.
// CHECK-LABEL: func.func @min_dynamic(
// CHECK:         scf.for
// CHECK:           scf.for {{.*}} step %{{.*}} iter_args(%{{.*}}) -> (tensor<1x32xf32>)
// CHECK:             %[[MASK:.*]] = vector.create_mask %{{.*}}, %{{.*}} : vector<1x32xi1>
// CHECK:             vector.mask %[[MASK]] { vector.transfer_read {{.*}} : tensor<?x?xf32>, vector<1x32xf32> }
// CHECK:             arith.minimumf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK:           vector.multi_reduction <minimumf>, %{{.*}}, %{{.*}} [1] : vector<1x32xf32> to vector<1xf32>
func.func @min_dynamic(%input: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = reduce.min %input axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

/// f16 data: 32 lanes sized after the f32 accumulator, widened in the loop
/// (rows of 256: more than 16 registers, the usual strategy, 4 rows at a
/// time).
// CHECK-LABEL: func.func @sum_f16(
// CHECK:           scf.for {{.*}} -> (vector<4x32xf32>)
// CHECK-NEXT:        vector.transfer_read {{.*}} : tensor<64x256xf16>, vector<4x32xf16>
// CHECK-NEXT:        arith.extf %{{.*}} : vector<4x32xf16> to vector<4x32xf32>
// CHECK-NEXT:        arith.addf %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:         arith.truncf %{{.*}} : vector<32xf32> to vector<32xf16>
func.func @sum_f16(%input: tensor<64x256xf16>) -> tensor<64xf16> {
  %0 = reduce.sum %input axes [1] : tensor<64x256xf16> -> tensor<64xf16>
  return %0 : tensor<64xf16>
}

// -----

/// nan_mode ignore vectorizes both reductions of the generic (rows of 256).
// CHECK-LABEL: func.func @min_ignore_nan(
// CHECK:           scf.for {{.*}} -> (vector<4x32xf32>, vector<4x32xi8>)
// CHECK:             arith.cmpf ord, %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:             arith.minimumf %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:             arith.ori %{{.*}}, %{{.*}} : vector<4x32xi8>
// CHECK:           vector.shuffle
// CHECK:           arith.minimumf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK:           arith.ori %{{.*}}, %{{.*}} : vector<4xi8>
func.func @min_ignore_nan(%input: tensor<64x256xf32>) -> tensor<64xf32> {
  %0 = reduce.min %input axes [1] nan_mode ignore : tensor<64x256xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
