// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,outer_rows_per_step=8,outer_min_max_rows_per_step=2" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize \
// RUN:   --canonicalize | FileCheck %s --check-prefix=ROWS
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize --canonicalize \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=512,stream_vector_bits=256" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize \
// RUN:   --canonicalize | FileCheck %s --check-prefix=STREAM
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize --canonicalize \
// RUN:   | FileCheck %s --check-prefix=SAME
// RUN: reduce-opt %s --split-input-file --reduce-to-llvm="vector-width=512" \
// RUN:   --mlir-print-ir-after=reduce-vectorize --mlir-disable-threading \
// RUN:   -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAME
// RUN: reduce-opt %s --split-input-file --reduce-to-llvm="vector-width=512 stream-vector-width=256" \
// RUN:   --mlir-print-ir-after=reduce-vectorize --mlir-disable-threading \
// RUN:   -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STREAM

// The fields of the target description (docs/TargetFields.md), set by
// reduce-attach-target over the defaults: here the rows an outer-reduction
// step adds,
// 4 by default, and 8 for a NaN-propagating float minimum or maximum (a
// tree per step).

// ROWS-LABEL: func.func @l1_outer_axis
// ROWS:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<8x32xf32>
// ROWS-LABEL: func.func @min_outer_axis
// ROWS:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<2x32xf32>
// ROWS-LABEL: func.func @min_i32_outer_axis
// ROWS:         vector.transfer_read {{.*}} : tensor<1024x64xi32>, vector<8x32xi32>
// DEFAULT-LABEL: func.func @l1_outer_axis
// DEFAULT:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<4x32xf32>
// DEFAULT-LABEL: func.func @min_outer_axis
// DEFAULT:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<8x32xf32>
// DEFAULT-LABEL: func.func @min_i32_outer_axis
// DEFAULT:         vector.transfer_read {{.*}} : tensor<1024x64xi32>, vector<4x32xi32>
func.func @l1_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %0 = reduce.l1 %input axes [0] : tensor<1024x64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
func.func @min_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %0 = reduce.min %input axes [0] : tensor<1024x64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
func.func @min_i32_outer_axis(%input: tensor<1024x64xi32>) -> tensor<64xi32> {
  %0 = reduce.min %input axes [0] : tensor<1024x64xi32> -> tensor<64xi32>
  return %0 : tensor<64xi32>
}

// -----

// A reduction whose static input has at least 1 MiB streams it from L3 or
// memory and is tiled with registers of the target's stream_vector_bits; a
// smaller one with registers of vector_bits. The pipeline's
// stream-vector-width defaults to vector-width when that is set.

/// 4 MiB: one row of each of 4 parts of the rows at a time, 4 registers of
/// 8 lanes each.
// STREAM-LABEL: func.func @sum_rows_4mib(
// STREAM:         tensor.expand_shape {{.*}} : tensor<1024x1024xf32> into tensor<4x256x1024xf32>
// STREAM:         vector.transfer_read {{.*}} : tensor<4x256x1024xf32>, vector<4x1x32xf32>
// SAME-LABEL:  func.func @sum_rows_4mib(
// SAME:          vector.transfer_read {{.*}} : tensor<4x256x1024xf32>, vector<4x1x64xf32>
func.func @sum_rows_4mib(%x: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %r = reduce.sum %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

/// 1 MiB less 16 KiB: 4 registers of 16 lanes.
// STREAM-LABEL: func.func @sum_rows_below_1mib(
// STREAM:         vector.transfer_read {{.*}} : tensor<252x1024xf32>, vector<4x64xf32>
// SAME-LABEL:  func.func @sum_rows_below_1mib(
// SAME:          vector.transfer_read {{.*}} : tensor<252x1024xf32>, vector<4x64xf32>
func.func @sum_rows_below_1mib(%x: tensor<252x1024xf32>) -> tensor<252xf32> {
  %r = reduce.sum %x axes [1] : tensor<252x1024xf32> -> tensor<252xf32>
  return %r : tensor<252xf32>
}
