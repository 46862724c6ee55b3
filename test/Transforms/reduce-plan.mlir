// RUN: reduce-opt %s --split-input-file --lower-reduce --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256" --reduce-collapse-dims \
// RUN:   --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=AVX2
// RUN: reduce-opt %s --split-input-file --lower-reduce --reduce-attach-target="set=vector_bits=512,stream_vector_bits=512" --reduce-collapse-dims \
// RUN:   --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=AVX512
// RUN: reduce-opt %s --split-input-file --lower-reduce --reduce-attach-target="set=vector_bits=512,stream_vector_bits=256" --reduce-collapse-dims \
// RUN:   --reduce-plan-function="threads=2" --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=THREADS
// RUN: reduce-opt %s --split-input-file --lower-reduce --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256" --reduce-collapse-dims \
// RUN:   --reduce-plan-function="strict-fp-order=true" --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=STRICT
// RUN: reduce-opt %s --split-input-file --lower-reduce --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,min_short_split_factor=4096" --reduce-collapse-dims \
// RUN:   --reduce-plan-splits --reduce-split-reductions --reduce-plan \
// RUN:   | FileCheck %s --check-prefix=FACTOR

// The plans reduce-plan records for each layout, after reduce-collapse-dims
// and reduce-split-reductions (a split shows as its two ops, each with its
// plan), for two fixed target
// descriptions: 256-bit registers everywhere (AVX2), and 512-bit registers
// for in-cache and streamed inputs (AVX-512); then 512-bit registers
// streaming at 256 bits on two threads, and strict-fp-order.

// Long rows in cache: accumulators along the row, 4 rows at a time.
// AVX2-LABEL: func.func @long_rows
// AVX2:         linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>}
// AVX512-LABEL: func.func @long_rows
// AVX512:       linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, stream_rows = 4>}
// THREADS-LABEL: func.func @long_rows
// THREADS:      linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, stream_rows = 4>}
// STRICT-LABEL: func.func @long_rows
// STRICT:       linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, ordered = true>}
func.func @long_rows(%x: tensor<64x1024xf32>) -> tensor<64xf32> {
  %r = reduce.sum %x axes [1] : tensor<64x1024xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// Short rows: a register's lanes of rows at once (8 or 16), streamed as 4
// parts of the rows; ordered sums keep one reduction per row.
// AVX2-LABEL: func.func @short_rows
// AVX2:         linalg.reduce {{.*}} {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8, row_streams = 4>}
// AVX512-LABEL: func.func @short_rows
// AVX512:       linalg.reduce {{.*}} {reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 16, row_streams = 4>}
// THREADS-LABEL: func.func @short_rows
// THREADS:      linalg.reduce {{.*}} {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8, row_streams = 4, threads = <count = 2, dim = 0, chunk = 32768>>}
// STRICT-LABEL: func.func @short_rows
// STRICT:       linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 16, ordered = true>}
func.func @short_rows(%x: tensor<65536x16xf32>) -> tensor<65536xf32> {
  %r = reduce.sum %x axes [1] : tensor<65536x16xf32> -> tensor<65536xf32>
  return %r : tensor<65536xf32>
}

// -----

// Everything to one value: blocks of about 64 tiles (not for ordered sums).
// AVX2-LABEL: func.func @all_axes
// AVX2:         linalg.generic {{.*}} ins(%{{.*}} : tensor<512x2048xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>}
// AVX2:         linalg.generic {{.*}} ins(%{{.*}} : tensor<512xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32>}
// AVX512-LABEL: func.func @all_axes
// AVX512:       linalg.generic {{.*}} ins(%{{.*}} : tensor<256x4096xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, row_streams = 4>}
// AVX512:       linalg.generic {{.*}} ins(%{{.*}} : tensor<256xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64>}
// THREADS-LABEL: func.func @all_axes
// THREADS-SAME:  reduce.function_plan = #reduce.function_plan<vector_bits = 256, threads = 2>
// THREADS:      linalg.generic {{.*}} ins(%{{.*}} : tensor<512x2048xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4, threads = <count = 2, dim = 0, chunk = 256>>}
// THREADS:      linalg.generic {{.*}} ins(%{{.*}} : tensor<512xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32>}
// STRICT-LABEL: func.func @all_axes
// STRICT:       linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, ordered = true>}
func.func @all_axes(%x: tensor<1048576xf32>) -> tensor<f32> {
  %r = reduce.sum %x axes [0] : tensor<1048576xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// Columns: vectors across the kept dim, blocked, 8 rows per step, one from
// each of 8 parts of the rows (a streamed input; a minimum is exact, so
// strict-fp-order keeps the parts); on two threads, one slice of rows per
// thread.
// AVX2-LABEL: func.func @columns
// AVX2:         linalg.reduce {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 4096, block_rows = 8, rows_per_step = 8, row_streams = 8>}
// AVX512-LABEL: func.func @columns
// AVX512:       linalg.reduce {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 512, inner_tile = 64, kept_block = 4096, block_rows = 8, rows_per_step = 8, row_streams = 8>}
// THREADS-LABEL: func.func @columns
// THREADS:      linalg.generic {{.*}} ins(%{{.*}} : tensor<2x512x4096xf32>) {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 4096, block_rows = 8, rows_per_step = 8, threads = <count = 2, dim = 0, chunk = 1>>}
// THREADS:      linalg.generic {{.*}} ins(%{{.*}} : tensor<2x4096xf32>) {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 512, inner_tile = 64, kept_block = 4096>}
// STRICT-LABEL: func.func @columns
// STRICT:       linalg.reduce {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 4096, block_rows = 8, rows_per_step = 8, row_streams = 8>}
func.func @columns(%x: tensor<1024x4096xf32>) -> tensor<4096xf32> {
  %r = reduce.min %x axes [0] : tensor<1024x4096xf32> -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// -----

// Short inner rows of a mixed-axes reduction: split into an outer reduction
// and one of the short rows.
// AVX2-LABEL: func.func @mixed_axes
// AVX2:         linalg.generic {{.*}} ins(%{{.*}} : tensor<2048x1536xf32>) {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 1536, block_rows = 4, rows_per_step = 4, row_streams = 4>}
// AVX2:         linalg.generic {{.*}} ins(%{{.*}} : tensor<64x24xf32>) {{.*}} {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 64>}
// AVX512-LABEL: func.func @mixed_axes
// AVX512:       linalg.generic {{.*}} ins(%{{.*}} : tensor<2048x1536xf32>) {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 512, inner_tile = 64, kept_block = 1536, block_rows = 4, rows_per_step = 4, row_streams = 4>}
// AVX512:       linalg.generic {{.*}} ins(%{{.*}} : tensor<64x24xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 24, stream_rows = 4>}
// FACTOR-LABEL: func.func @mixed_axes
// FACTOR:       linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 24, stream_rows = 4>}
// STRICT-LABEL: func.func @mixed_axes
// STRICT:       linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 24, ordered = true>}
func.func @mixed_axes(%x: tensor<2048x64x24xf32>) -> tensor<64xf32> {
  %r = reduce.sum %x axes [0, 2] : tensor<2048x64x24xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// Long inner rows (4 KiB) of a mixed-axes reduction, streamed (W3): split
// into a reduction of the rows, then one of the outer dim.
// AVX2-LABEL: func.func @mixed_axes_long_rows
// AVX2:         linalg.generic {{.*}} ins(%{{.*}} : tensor<16384x1024xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>}
// AVX2:         linalg.generic {{.*}} ins(%{{.*}} : tensor<64x256xf32>) {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 256, block_rows = 4, rows_per_step = 4>}
// AVX512-LABEL: func.func @mixed_axes_long_rows
// AVX512:       linalg.generic {{.*}} ins(%{{.*}} : tensor<16384x1024xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, row_streams = 4>}
// AVX512:       linalg.generic {{.*}} ins(%{{.*}} : tensor<64x256xf32>) {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 512, inner_tile = 64, rows_per_step = 4>}
// THREADS-LABEL: func.func @mixed_axes_long_rows
// THREADS-SAME:  reduce.function_plan = #reduce.function_plan<vector_bits = 256, threads = 2>
// THREADS:      linalg.generic {{.*}} ins(%{{.*}} : tensor<16384x1024xf32>) {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4, threads = <count = 2, dim = 0, chunk = 8192>>}
// THREADS:      linalg.generic {{.*}} ins(%{{.*}} : tensor<64x256xf32>) {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 256, block_rows = 4, rows_per_step = 4>}
// FACTOR-LABEL: func.func @mixed_axes_long_rows
// FACTOR:       linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>}
// STRICT-LABEL: func.func @mixed_axes_long_rows
// STRICT:       linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, ordered = true>}
func.func @mixed_axes_long_rows(%x: tensor<64x256x1024xf32>) -> tensor<256xf32> {
  %r = reduce.sum %x axes [0, 2] : tensor<64x256x1024xf32> -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// -----

// Adjacent dims of the same kind are collapsed before the plan is chosen:
// 72 rows of 240 f32, tiles of a power of two of registers that divides
// 240 (16 with 8 lanes); with 16 lanes, rows of 15 registers, in cache:
// tiles of 3 groups of 8 rows, the first multiple of 8 that divides 72 and
// reads at least min-row-tile-registers (256) registers a step.
// AVX2-LABEL: func.func @collapsed
// AVX2:         linalg.generic {{.*}} ins(%{{.*}} : tensor<72x240xf32>) {{.*}} attrs = {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 16, stream_rows = 4>}
// AVX512-LABEL: func.func @collapsed
// AVX512:       linalg.generic {{.*}} ins(%{{.*}} : tensor<72x240xf32>) {{.*}} attrs = {reduce.plan = #reduce.row_tiles_plan<vector_bits = 512, row_tile = 24>}
func.func @collapsed(%x: tensor<6x12x10x24xf32>) -> tensor<6x12xf32> {
  %r = reduce.sum %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  return %r : tensor<6x12xf32>
}

// -----

// Dynamic shapes are taken as in cache, with no row streams.
// AVX2-LABEL: func.func @dynamic
// AVX2:         linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32>}
// AVX512-LABEL: func.func @dynamic
// AVX512:       linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64>}
func.func @dynamic(%x: tensor<?x1024xf32>) -> tensor<?xf32> {
  %r = reduce.l1 %x axes [1] : tensor<?x1024xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A float sum of columns: 4 parts of the rows (a minimum takes 8: its step
// is a tree), but with strict-fp-order 4 consecutive rows per step, added
// in row order.
// AVX2-LABEL: func.func @columns_sum
// AVX2:         linalg.reduce {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 4096, block_rows = 4, rows_per_step = 4, row_streams = 4>}
// STRICT-LABEL: func.func @columns_sum
// STRICT:       linalg.reduce {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 4096, block_rows = 4, rows_per_step = 4>}
func.func @columns_sum(%x: tensor<1024x4096xf32>) -> tensor<4096xf32> {
  %r = reduce.sum %x axes [0] : tensor<1024x4096xf32> -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// -----

// A product of f32 columns accumulates in f64: the block is still the whole
// 16 KiB input row (32 KiB of accumulators), and twice the rows per step
// load and store as many accumulator bytes per input byte as a sum.
// AVX2-LABEL: func.func @columns_prod
// AVX2:         linalg.reduce {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 16, kept_block = 4096, block_rows = 8, rows_per_step = 8, row_streams = 8>}
// AVX512-LABEL: func.func @columns_prod
// AVX512:       linalg.reduce {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 512, inner_tile = 32, kept_block = 4096, block_rows = 8, rows_per_step = 8, row_streams = 8>}
func.func @columns_prod(%x: tensor<1024x4096xf32>) -> tensor<4096xf32> {
  %r = reduce.prod %x axes [0] : tensor<1024x4096xf32> -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// -----

// f16 columns accumulate in f32: blocks of 16 KiB of the input row (8192
// elements), 8 rows per step.
// AVX2-LABEL: func.func @columns_f16
// AVX2:         linalg.reduce {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 8192, block_rows = 8, rows_per_step = 8, row_streams = 8>}
func.func @columns_f16(%x: tensor<1024x16384xf16>) -> tensor<16384xf16> {
  %r = reduce.sum %x axes [0] : tensor<1024x16384xf16> -> tensor<16384xf16>
  return %r : tensor<16384xf16>
}

// -----

// A function whose streamed reductions read rows into accumulators (inner,
// split_blocks) with registers narrower than the host's keeps to them
// throughout, its in-cache reductions too, and records that width for the
// backend (the vector_bits of its reduce.function_plan). A function that streams nothing, or that
// streams with another strategy (outer, row tiles, short-rows split: the
// backend's wider registers do better there), keeps the wide registers.
// THREADS-LABEL: func.func @streamed_and_cached
// THREADS-SAME:    attributes {reduce.function_plan = #reduce.function_plan<vector_bits = 256, threads = 2>}
// THREADS:         linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4, threads = <count = 2, dim = 0, chunk = 1024>>}
// THREADS:         linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, stream_rows = 4>}
// THREADS-LABEL: func.func @cached_only
// THREADS-SAME:    attributes {reduce.function_plan = #reduce.function_plan<threads = 2>}
// THREADS:         linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, stream_rows = 4>}
// THREADS-LABEL: func.func @streamed_columns
// THREADS-SAME:    attributes {reduce.function_plan = #reduce.function_plan<threads = 2>}
// THREADS:         linalg.generic {{.*}} tensor<2x512x4096xf32>{{.*}}vector_bits = 256
// THREADS:         linalg.generic {{.*}} tensor<2x4096xf32>{{.*}}vector_bits = 512
// THREADS:         linalg.reduce {{.*}}<vector_bits = 512
// AVX512-LABEL: func.func @streamed_and_cached
// AVX512-NOT:     reduce.function_plan
// AVX512:         linalg.reduce {{.*}}<vector_bits = 512
// AVX512:         linalg.reduce {{.*}}<vector_bits = 512
func.func @streamed_and_cached(%x: tensor<2048x1024xf32>, %y: tensor<64x1024xf32>) -> (tensor<2048xf32>, tensor<64xf32>) {
  %r = reduce.max %x axes [1] : tensor<2048x1024xf32> -> tensor<2048xf32>
  %s = reduce.sum %y axes [1] : tensor<64x1024xf32> -> tensor<64xf32>
  return %r, %s : tensor<2048xf32>, tensor<64xf32>
}
func.func @cached_only(%y: tensor<64x1024xf32>) -> tensor<64xf32> {
  %s = reduce.sum %y axes [1] : tensor<64x1024xf32> -> tensor<64xf32>
  return %s : tensor<64xf32>
}
func.func @streamed_columns(%x: tensor<1024x4096xf32>, %y: tensor<64x1024xf32>) -> (tensor<4096xf32>, tensor<64xf32>) {
  %r = reduce.max %x axes [0] : tensor<1024x4096xf32> -> tensor<4096xf32>
  %s = reduce.sum %y axes [1] : tensor<64x1024xf32> -> tensor<64xf32>
  return %r, %s : tensor<4096xf32>, tensor<64xf32>
}

// -----

// An exp per element bounds log_sum_exp's passes by arithmetic: over
// columns, at most `accumulators` (4) rows per step instead of 8; its max
// pass, bound by its reads, keeps 8.
// AVX512-LABEL: func.func @log_sum_exp_columns
// AVX512:         linalg.generic {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 512, inner_tile = 64, kept_block = 4096, block_rows = 4, rows_per_step = 4, row_streams = 4>}
// AVX512:         linalg.reduce {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 512, inner_tile = 64, kept_block = 4096, block_rows = 8, rows_per_step = 8, row_streams = 8>}
// AVX512:         linalg.generic {{.*}} {reduce.plan = #reduce.outer_plan<vector_bits = 512, inner_tile = 64, kept_block = 4096, block_rows = 4, rows_per_step = 4>}
func.func @log_sum_exp_columns(%x: tensor<4096x4096xf32>) -> tensor<4096xf32> {
  %r = reduce.log_sum_exp %x axes [0] : tensor<4096x4096xf32> -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// -----

// Streamed rows of bools: one row at a time (several rows of i1 at once
// are arrays of i1 vectors, lowered lane by lane into mask registers).
// Streamed rows of more than row-stream-block-bytes (64 MiB): blocks of
// 1024 rows (64 MiB), each read as 4 parts of 256 rows, 16 MiB apart.
// AVX2-LABEL: func.func @bool_rows
// AVX2:         linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 128>}
// AVX2-LABEL: func.func @rows_in_blocks
// AVX2:         linalg.reduce {{.*}} {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4, stream_block = 1024>}
func.func @bool_rows(%x: tensor<4096x4096xi1>) -> tensor<4096xi1> {
  %r = reduce.logical_and %x axes [1] : tensor<4096x4096xi1> -> tensor<4096xi1>
  return %r : tensor<4096xi1>
}
func.func @rows_in_blocks(%x: tensor<16384x16384xf32>) -> tensor<16384xf32> {
  %r = reduce.sum %x axes [1] : tensor<16384x16384xf32> -> tensor<16384xf32>
  return %r : tensor<16384xf32>
}

// -----

// An elementwise op of a large static input (a softmax's output pass) is
// distributed over threads too; a fill, which reads nothing, is not.
// AVX2-LABEL: func.func @elementwise_exp
// AVX2:         linalg.map { math.exp } {{.*}} {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>}
// THREADS-LABEL: func.func @elementwise_exp
// THREADS:       linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64>}
// THREADS:       linalg.map { math.exp } {{.*}} {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64, threads = <count = 2, dim = 0, chunk = 524288>>}
func.func @elementwise_exp(%x: tensor<1024x1024xf32>) -> (tensor<1024x1024xf32>, tensor<1024x1024xf32>) {
  %e = tensor.empty() : tensor<1024x1024xf32>
  %c = arith.constant 1.0 : f32
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %m = linalg.map { math.exp } ins(%x : tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>)
  return %f, %m : tensor<1024x1024xf32>, tensor<1024x1024xf32>
}
