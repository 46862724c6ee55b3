// RUN: reduce-opt %s --split-input-file --reduce-to-llvm="vector-width=512" \
// RUN:   --mlir-print-ir-after=reduce-vectorize --mlir-disable-threading \
// RUN:   -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAME
// RUN: reduce-opt %s --split-input-file --reduce-to-llvm="vector-width=512 stream-vector-width=256" \
// RUN:   --mlir-print-ir-after=reduce-vectorize --mlir-disable-threading \
// RUN:   -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STREAM

// The pipeline options vector-width and stream-vector-width reach the target
// description, through the whole pipeline from the reduce ops. What the
// plans become is checked in target-options.mlir, which plan each target
// chooses in test/Transforms/select-strategy.mlir.

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
