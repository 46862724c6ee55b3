// RUN: reduce-opt %s --lower-reduce --mlir-print-op-on-diagnostic=false --mlir-disable-threading \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256" --reduce-collapse-dims --reduce-plan-splits="remarks=true" --reduce-split-reductions \
// RUN:   --reduce-plan="remarks=true" --reduce-vectorize -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// RUN: reduce-opt %s --lower-reduce --mlir-print-op-on-diagnostic=false --mlir-disable-threading \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256" --reduce-collapse-dims --reduce-plan-splits="remarks=true" --reduce-split-reductions -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPLIT
// RUN: reduce-opt %s --lower-reduce --mlir-print-op-on-diagnostic=false --mlir-disable-threading \
// RUN:   --reduce-attach-target="set=vector_bits=512,stream_vector_bits=256" --reduce-collapse-dims --reduce-plan-splits="remarks=true" --reduce-split-reductions \
// RUN:   --reduce-plan="remarks=true" --reduce-vectorize -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HELD

// With remarks=true each split and each plan gets a remark with the choice
// and why (one thread: the functions are planned in parallel otherwise,
// remarks interleaved): reduce-split-reductions on the op it splits,
// reduce-plan on each op it plans, the two ops of a split included.

// CHECK: remark: plan #reduce.split_plan<kind = blocks, parts = 512>: streamed: 4194304 input bytes >= min_stream_bytes 1048576; 256-bit registers of 8 x 32-bit lanes, 4 per tile; split_blocks: 1048576 elements reduced to one value, in 512 blocks of 2048 (about 64 tiles of 32)
// CHECK: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>: streamed: 4194304 input bytes >= min_stream_bytes 1048576; {{.*}}; inner: the innermost dim (2048) is reduced into accumulators of 32 elements, one row from each of 4 parts of the rows at once
// CHECK: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32>: in cache: 2048 input bytes < min_stream_bytes 1048576; {{.*}}; inner: the innermost dim (512) is reduced into accumulators of 32 elements
// CHECK: remark: plan #reduce.elementwise_plan<vector_bits = 256, inner_tile = 1>: in cache: 0 input bytes < min_stream_bytes 1048576; 256-bit registers of 8 x 32-bit lanes, 4 per tile; elementwise: 1-D vectors of 1
// CHECK: remark: plan #reduce.split_plan<kind = short_rows>
// CHECK: remark: plan #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 1536, block_rows = 4, rows_per_step = 4, row_streams = 4>: streamed: 12582912 input bytes >= min_stream_bytes 1048576; {{.*}}; outer: the innermost dim (1536) is kept, vectors of 32 across it, in blocks of 1536, 4 reduced rows per step, one from each of 4 parts of the rows
// CHECK: remark: plan #reduce.row_tiles_plan<vector_bits = 256, row_tile = 64>: in cache: 6144 input bytes < min_stream_bytes 1048576; {{.*}}; row_tiles: rows of 24 elements, 64 at a time, reduced against each other by one shuffle tree per 8 rows

// reduce-split-reductions alone says why it splits, and nothing of the ops
// it leaves whole.
// SPLIT: remark: plan #reduce.split_plan<kind = blocks, parts = 512>: streamed
// SPLIT: remark: plan #reduce.split_plan<kind = short_rows>: streamed: 12582912 input bytes >= min_stream_bytes 1048576; 256-bit registers of 8 x 32-bit lanes, 4 per tile; split_short_rows: inner rows of 24 elements (at most 256) reduced inside a kept dim: the outer reduction streams the input in order, then the short rows are reduced
// SPLIT-NOT: remark

// Streaming at 256 bits on a 512-bit host: reduce-split-reductions holds a
// function whose streamed reduction is split into blocks to 256-bit
// registers, and reduce-plan plans the in-cache op of its split at that
// width too.
// HELD: remark: plan #reduce.split_plan<kind = blocks, parts = 512>: streamed: 4194304 input bytes >= min_stream_bytes 1048576; the function streams an input: registers of at most 256 bits throughout; 256-bit registers
// HELD: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32>: in cache: 2048 input bytes < min_stream_bytes 1048576; the function streams an input: registers of at most 256 bits throughout; 256-bit registers

// log_sum_exp computes an exp per element: its passes over the input are
// bound by arithmetic, planned with the wide registers and one row at a
// time, and its function is not held (its max pass, read-bound, streams at
// 256 bits, one row from each of 4 parts of the rows at once).
// HELD: remark: plan #reduce.inner_plan<vector_bits = 512, inner_tile = 64>: kernel: 1 input, 1 result, 2 ops per element with a transcendental; streamed: 4194304 input bytes >= min_stream_bytes 1048576; a transcendental per element bounds it by arithmetic: registers of vector_bits; 512-bit registers
// HELD-NOT: the function streams an input
// HELD: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>: streamed: 4194304 input bytes >= min_stream_bytes 1048576; 256-bit registers
// HELD: remark: plan #reduce.inner_plan<vector_bits = 512, inner_tile = 64>: kernel: 2 inputs, 1 result, 3 ops per element with a transcendental; streamed: 4195328 input bytes >= min_stream_bytes 1048576; a transcendental per element

func.func @all_axes(%x: tensor<1048576xf32>) -> tensor<f32> {
  %r = reduce.sum %x axes [0] : tensor<1048576xf32> -> tensor<f32>
  return %r : tensor<f32>
}

func.func @mixed_axes(%x: tensor<2048x64x24xf32>) -> tensor<64xf32> {
  %r = reduce.sum %x axes [0, 2] : tensor<2048x64x24xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

func.func @log_sum_exp_rows(%x: tensor<256x4096xf32>) -> tensor<256xf32> {
  %r = reduce.log_sum_exp %x axes [1] : tensor<256x4096xf32> -> tensor<256xf32>
  return %r : tensor<256xf32>
}
