// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize --canonicalize | FileCheck %s
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512,min_row_tile_registers=64" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize \
// RUN:   --canonicalize | FileCheck %s --check-prefix=SMALL
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512,min_stream_bytes=4096" --reduce-collapse-dims --reduce-split-reductions --reduce-plan --reduce-vectorize \
// RUN:   --canonicalize | FileCheck %s --check-prefix=STREAMED
// RUN: reduce-opt %s --split-input-file \
// RUN:   --reduce-to-llvm="vector-width=512 min-row-tile-registers=64 plan-remarks=true" \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=PIPELINE

// reduce-vectorize, the `row_tiles` strategy on medium rows in cache: the
// tile grows by whole groups of the largest power of two of rows that
// divides the rows (each group reduced by its own shuffle tree) until a
// step reads `min-row-tile-registers` registers (default 256), and the
// tile divides the rows.

/// 72 rows of 240 f32 (15 registers of 16 lanes, the benchmark's W4): groups
/// of 8 rows; 8 rows read 120 registers, 24 rows (the next multiple of 8
/// that divides 72) read 360: tiles of 24 rows, three shuffle trees, one
/// vector<24xf32> of results per step, no horizontal reduction per row.
// CHECK-LABEL: func.func @sum_72x240(
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c24
// CHECK:           vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<72x240xf32>, vector<24x240xf32>
// CHECK-NOT:       vector.reduction
// CHECK:           vector.transfer_write {{.*}} : vector<24xf32>, tensor<72xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
/// With 64 registers a step, one group of 8 rows (120 registers) is enough.
// SMALL-LABEL: func.func @sum_72x240(
// SMALL:         scf.for {{.*}} step %c8
// SMALL:           vector<8x240xf32>
/// The reduce-to-llvm option reaches the planner and the recorded target.
// PIPELINE: remark: plan #reduce.row_tiles_plan<vector_bits = 512, row_tile = 8>
// PIPELINE: module attributes {reduce.target = {{{.*}}min_row_tile_registers = 64 : i64
/// A streamed input keeps the group (its rows are read as row streams when
/// they divide into them).
// STREAMED-LABEL: func.func @sum_72x240(
// STREAMED:         scf.for {{.*}} step %c8
// STREAMED:           vector<8x240xf32>
func.func @sum_72x240(%x: tensor<6x12x10x24xf32>) -> tensor<6x12xf32> {
  %r = reduce.sum %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  return %r : tensor<6x12xf32>
}

// -----

/// 48 rows of 64 f32 (4 registers): groups of 16 rows (the lanes), which
/// read 64 registers; the tile grows to the whole 48 rows (192 registers,
/// no multiple of 16 in between divides 48) and stops there.
// CHECK-LABEL: func.func @min_48x64(
// CHECK:         vector.transfer_read {{.*}} : tensor<48x64xf32>, vector<48x64xf32>
// CHECK:         vector.transfer_write {{.*}} : vector<48xf32>, tensor<48xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
// SMALL-LABEL: func.func @min_48x64(
// SMALL:         scf.for {{.*}} step %c16
// SMALL:           vector<16x64xf32>
func.func @min_48x64(%x: tensor<48x64xf32>) -> tensor<48xf32> {
  %r = reduce.min %x axes [1] : tensor<48x64xf32> -> tensor<48xf32>
  return %r : tensor<48xf32>
}

// -----

/// 2018 rows (2 x 1009) of 32 f32 (2 registers): groups of 2 rows; no other
/// multiple of 2 up to 256 rows (twice 256 registers) divides 2018, so the
/// tile stays one group, and the search stops there.
// CHECK-LABEL: func.func @sum_2018x32(
// CHECK:         scf.for {{.*}} step %c2
// CHECK:           vector.transfer_read {{.*}} : tensor<2018x32xf32>, vector<2x32xf32>
func.func @sum_2018x32(%x: tensor<2018x32xf32>) -> tensor<2018xf32> {
  %r = reduce.sum %x axes [1] : tensor<2018x32xf32> -> tensor<2018xf32>
  return %r : tensor<2018xf32>
}
