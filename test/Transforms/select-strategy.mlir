// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4,min_row_tile_registers=1" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=TILES256
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512,min_row_tile_registers=1" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=ROWS512
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=CACHED
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4,min_stream_bytes=1" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=STREAMS
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4,min_stream_bytes=1,row_stream_block_bytes=65536" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=BLOCKS
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=SAME
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512,min_row_tile_registers=64" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512,min_stream_bytes=4096" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=STREAMED
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=512,stream_vector_bits=256" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=STREAM
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,outer_rows_per_step=8,outer_min_max_rows_per_step=2" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=ROWS
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,min_parallel_bytes=0,min_row_tile_registers=1" \
// RUN:   --reduce-collapse-dims --reduce-plan-function="threads=2" --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=THREADS
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,min_parallel_bytes=0,min_row_tile_registers=1" \
// RUN:   --reduce-collapse-dims --reduce-plan-function="threads=2 strict-fp-order=true" --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=STRICT-THREADS
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4" \
// RUN:   --reduce-collapse-dims --reduce-plan-function="strict-fp-order=true" --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=STRICT
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4,min_row_tile_registers=1,outer_rows_per_step=8" \
// RUN:   --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=SPLIT

// Which plan reduce-plan records, for fixed target descriptions and pass
// options: only the choice is checked here. What each plan becomes is checked
// by the rewrite tests in Vectorize/, which feed the same plans by hand to
// reduce-vectorize alone (named in each case below).

/// Collapsed to 72 rows of 240 f32: with 256-bit registers, an inner
/// reduction tiled by 16 (a divisor of 240), 4 rows at a time; with 512-bit
/// registers the row is 15 registers, medium rows: row tiles of 8 rows.
/// Rewrites: Vectorize/collapse.mlir @sum_spec_example, @sum_spec_example_512.
// TILES256-LABEL: func.func @sum_spec_example(
// TILES256:     linalg.generic {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 16, stream_rows = 4>}
// ROWS512-LABEL: func.func @sum_spec_example(
// ROWS512:     linalg.generic {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 8>}
func.func @sum_spec_example(%input: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
  %0 = reduce.sum %input axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  return %0 : tensor<6x12x1x1xf32>
}

// -----

/// 64 rows of 4 KiB: in cache, 4 rows at a time; streamed (min_stream_bytes
/// = 1), 4 parts of the rows read side by side (row_streams); with blocks of
/// at most 64 KiB (row_stream_block_bytes), blocks of 16 rows.
/// Rewrites: Vectorize/inner-reduction.mlir @sum_innermost_axis,
/// @sum_innermost_axis_streams, @sum_innermost_axis_blocks.
// CACHED-LABEL: func.func @sum_innermost_axis(
// CACHED:     linalg.reduce {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>}
// STREAMS-LABEL: func.func @sum_innermost_axis(
// STREAMS:     linalg.reduce {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>}
// BLOCKS-LABEL: func.func @sum_innermost_axis(
// BLOCKS:     linalg.reduce {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4, stream_block = 16>}
func.func @sum_innermost_axis(%input: tensor<64x1024xf32>) -> tensor<64xf32> {
  %0 = reduce.sum %input axes [1] : tensor<64x1024xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

/// Medium rows in cache with 512-bit registers: the row tile grows by groups
/// of rows until a step reads min_row_tile_registers registers (default
/// 256) and divides the rows; with 64 registers a step, one group is enough;
/// a streamed input keeps the group.
/// Rewrites: Vectorize/row-tiles-grouped.mlir.
// SAME-LABEL: func.func @sum_72x240(
// SAME:     linalg.generic {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 24>}
// SMALL-LABEL: func.func @sum_72x240(
// SMALL:     linalg.generic {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 8>}
// STREAMED-LABEL: func.func @sum_72x240(
// STREAMED:     linalg.generic {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 8>}
func.func @sum_72x240(%x: tensor<6x12x10x24xf32>) -> tensor<6x12xf32> {
  %r = reduce.sum %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  return %r : tensor<6x12xf32>
}
// SAME-LABEL: func.func @min_48x64(
// SAME:     linalg.reduce {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 48>}
// SMALL-LABEL: func.func @min_48x64(
// SMALL:     linalg.reduce {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 16>}
func.func @min_48x64(%x: tensor<48x64xf32>) -> tensor<48xf32> {
  %r = reduce.min %x axes [1] : tensor<48x64xf32> -> tensor<48xf32>
  return %r : tensor<48xf32>
}
// SAME-LABEL: func.func @sum_2018x32(
// SAME:     linalg.reduce {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 2>}
func.func @sum_2018x32(%x: tensor<2018x32xf32>) -> tensor<2018xf32> {
  %r = reduce.sum %x axes [1] : tensor<2018x32xf32> -> tensor<2018xf32>
  return %r : tensor<2018xf32>
}

// -----

/// The rows an outer-reduction step adds: 4 by default and 8 for a
/// NaN-propagating float minimum (a tree per step); set by the target's
/// outer_rows_per_step and outer_min_max_rows_per_step.
/// Rewrites: Vectorize/target-options.mlir.
// ROWS-LABEL: func.func @l1_outer_axis(
// ROWS:     linalg.reduce {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>}
// DEFAULT-LABEL: func.func @l1_outer_axis(
// DEFAULT:     linalg.reduce {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4>}
func.func @l1_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %0 = reduce.l1 %input axes [0] : tensor<1024x64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
// ROWS-LABEL: func.func @min_outer_axis(
// ROWS:     linalg.reduce {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 2>}
// DEFAULT-LABEL: func.func @min_outer_axis(
// DEFAULT:     linalg.reduce {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>}
func.func @min_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %0 = reduce.min %input axes [0] : tensor<1024x64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
// ROWS-LABEL: func.func @min_i32_outer_axis(
// ROWS:     linalg.reduce {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>}
// DEFAULT-LABEL: func.func @min_i32_outer_axis(
// DEFAULT:     linalg.reduce {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4>}
func.func @min_i32_outer_axis(%input: tensor<1024x64xi32>) -> tensor<64xi32> {
  %0 = reduce.min %input axes [0] : tensor<1024x64xi32> -> tensor<64xi32>
  return %0 : tensor<64xi32>
}

// -----

/// A static input of at least 1 MiB is streamed and tiled with registers of
/// the target's stream_vector_bits; a smaller one with vector_bits.
/// Rewrites: Vectorize/target-options.mlir.
// STREAM-LABEL: func.func @sum_rows_4mib(
// STREAM:     linalg.reduce {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>}
// SAME-LABEL: func.func @sum_rows_4mib(
// SAME:     linalg.reduce {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, row_streams = 4>}
func.func @sum_rows_4mib(%x: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %r = reduce.sum %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
// STREAM-LABEL: func.func @sum_rows_below_1mib(
// STREAM:     linalg.reduce {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, stream_rows = 4>}
// SAME-LABEL: func.func @sum_rows_below_1mib(
// SAME:     linalg.reduce {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, stream_rows = 4>}
func.func @sum_rows_below_1mib(%x: tensor<252x1024xf32>) -> tensor<252xf32> {
  %r = reduce.sum %x axes [1] : tensor<252x1024xf32> -> tensor<252xf32>
  return %r : tensor<252xf32>
}

// -----

/// Two threads (min_parallel_bytes = 0): a reduction over the outermost dim
/// only is split by rows into two halves (a threads split), the halves on
/// the 2 threads, then their combination on 2 threads along the kept dim;
/// strict-fp-order keeps a float sum in order: no split, one reduction on 2
/// threads along the kept dim. A minimum of short rows is row-tiled on 2
/// threads.
/// Rewrites: Vectorize/threads.mlir.
// THREADS-LABEL: func.func @sum_columns(
// THREADS:     linalg.generic {{.*}}ins(%{{.*}} : tensor<2x32x64xf32>) {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4, threads = <count = 2, dim = 0, chunk = 1>>}
// THREADS:     linalg.generic {{.*}}ins(%{{.*}} : tensor<2x64xf32>) {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, threads = <count = 2, dim = 1, chunk = 32>>}
// STRICT-THREADS-LABEL: func.func @sum_columns(
// STRICT-THREADS:     linalg.reduce {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4, threads = <count = 2, dim = 1, chunk = 32>>}
func.func @sum_columns(%x: tensor<64x64xf32>) -> tensor<64xf32> {
  %r = reduce.sum %x axes [0] : tensor<64x64xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}
// THREADS-LABEL: func.func @min_short_rows(
// THREADS:     linalg.reduce {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8, threads = <count = 2, dim = 0, chunk = 8192>>}
func.func @min_short_rows(%x: tensor<16384x16xf32>) -> tensor<16384xf32> {
  %r = reduce.min %x axes [1] : tensor<16384x16xf32> -> tensor<16384xf32>
  return %r : tensor<16384xf32>
}

// -----

/// strict-fp-order: a float sum of short rows is an ordered inner reduction
/// (a shuffle tree reassociates); an integer sum, exact in any order, keeps
/// the row tiles.
/// Rewrites: Vectorize/row-tiles-strict.mlir.
// STRICT-LABEL: func.func @sum_f32(
// STRICT:     linalg.reduce {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 8, ordered = true>}
func.func @sum_f32(%x: tensor<64x8xf32>) -> tensor<64xf32> {
  %r = reduce.sum %x axes [1] : tensor<64x8xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}
// STRICT-LABEL: func.func @sum_i32(
// STRICT:     linalg.reduce {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8>}
func.func @sum_i32(%x: tensor<64x8xi32>) -> tensor<64xi32> {
  %r = reduce.sum %x axes [1] : tensor<64x8xi32> -> tensor<64xi32>
  return %r : tensor<64xi32>
}

// -----

/// Splits, for 256-bit registers, four accumulators and 8 rows per outer
/// step: everything to one value in 4 blocks (then the reduction of the 4
/// sums); a mixed-axes reduction of short inner rows, the outer dim first;
/// of long inner rows, the rows first; with too few outer elements per
/// result (4 < 8), no split.
/// Rewrites: Vectorize/split-apply.mlir (the splits), Vectorize/split.mlir.
// SPLIT-LABEL: func.func @sum_all_axes_split(
// SPLIT:     linalg.generic {{.*}}ins(%{{.*}} : tensor<4x2048xf32>) {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>}
// SPLIT:     linalg.generic {{.*}}ins(%{{.*}} : tensor<4xf32>) {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 4>}
func.func @sum_all_axes_split(%input: tensor<64x128xf32>) -> tensor<f32> {
  %0 = reduce.sum %input axes [0, 1] : tensor<64x128xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
// SPLIT-LABEL: func.func @l1_short_mixed(
// SPLIT:     linalg.generic {{.*}}ins(%{{.*}} : tensor<16x144xf32>) {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 24, kept_block = 144, block_rows = 8, rows_per_step = 8>}
// SPLIT:     linalg.generic {{.*}}ins(%{{.*}} : tensor<6x24xf32>) {{.*}}reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 2>}
func.func @l1_short_mixed(%input: tensor<16x6x24xf32>) -> tensor<6xf32> {
  %0 = reduce.l1 %input axes [0, 2] : tensor<16x6x24xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
// SPLIT-LABEL: func.func @l1_long_mixed(
// SPLIT:     linalg.generic {{.*}}ins(%{{.*}} : tensor<96x512xf32>) {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>}
// SPLIT:     linalg.generic {{.*}}ins(%{{.*}} : tensor<16x6xf32>) {{.*}}reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 6, rows_per_step = 8>}
func.func @l1_long_mixed(%input: tensor<16x6x512xf32>) -> tensor<6xf32> {
  %0 = reduce.l1 %input axes [0, 2] : tensor<16x6x512xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
// SPLIT-LABEL: func.func @sum_short_mixed_few(
// SPLIT-NOT:     tensor<6x24xf32>
// SPLIT:         linalg.reduce {{.*}}reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 24>}
// SPLIT-NOT:     linalg.generic
// SPLIT:         return
func.func @sum_short_mixed_few(%input: tensor<4x6x24xf32>) -> tensor<6xf32> {
  %0 = reduce.sum %input axes [0, 2] : tensor<4x6x24xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
