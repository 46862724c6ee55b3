// RUN: reduce-opt %s --split-input-file --verify-diagnostics

// The verifiers of the plan attributes: sizes in range and consistent with
// each other, whatever op carries the plan.

// expected-error @below {{expected inner_tile to be at least 1, found 0}}
func.func @no_inner_tile() attributes {p = #reduce.inner_plan<inner_tile = 0>} {
  return
}

// -----

// expected-error @below {{struct is missing required parameter: inner_tile}}
func.func @inner_tile_left_out() attributes {p = #reduce.outer_plan<vector_bits = 256>} {
  return
}

// -----

// expected-error @below {{expected parts to be at least 2, found 1}}
func.func @one_part() attributes {p = #reduce.split_plan<kind = blocks, parts = 1>} {
  return
}

// -----

// expected-error @below {{expected parts to be at least 2, found 0}}
func.func @threads_split_without_parts() attributes {p = #reduce.split_plan<kind = threads>} {
  return
}

// -----

// expected-error @below {{expected no parts for kind long_rows, found 4}}
func.func @parts_of_rows_split() attributes {p = #reduce.split_plan<kind = long_rows, parts = 4>} {
  return
}

// -----

// expected-error @below {{expected row_streams to be at least 1, found 0}}
func.func @no_streams() attributes {p = #reduce.row_tiles_plan<row_tile = 8, row_streams = 0>} {
  return
}

// -----

// expected-error @below {{expected row_tile to be at least 1, found 0}}
func.func @no_row_tile() attributes {p = #reduce.row_tiles_plan<row_tile = 0>} {
  return
}

// -----

// expected-error @below {{expected stream_block to be a multiple of row_streams = 4, found 6}}
func.func @stream_block_not_parts() attributes {p = #reduce.inner_plan<inner_tile = 8, row_streams = 4, stream_block = 6>} {
  return
}

// -----

// expected-error @below {{expected stream_block to be at least 0, found -4}}
func.func @negative_stream_block() attributes {p = #reduce.inner_plan<inner_tile = 8, stream_block = -4>} {
  return
}

// -----

// expected-error @below {{expected stream_rows or row_streams to be 1, found 2 and 2}}
func.func @rows_and_streams() attributes {p = #reduce.inner_plan<inner_tile = 32, stream_rows = 2, row_streams = 2>} {
  return
}

// -----

// expected-error @below {{expected rows_per_step to be at least 1, found 0}}
func.func @no_rows_per_step() attributes {p = #reduce.outer_plan<inner_tile = 32, rows_per_step = 0>} {
  return
}

// -----

// expected-error @below {{expected vector_bits to be at least 0, found -256}}
func.func @negative_vector_bits() attributes {p = #reduce.elementwise_plan<vector_bits = -256, inner_tile = 8>} {
  return
}

// -----

// expected-error @below {{expected count to be at least 2, found 1}}
func.func @one_thread() attributes {p = #reduce.threads<count = 1, dim = 0, chunk = 64>} {
  return
}

// -----

// expected-error @below {{expected chunk to be at least 1, found 0}}
// expected-error @below {{failed to parse Reduce_InnerPlanAttr parameter 'threads'}}
func.func @no_chunk() attributes {p = #reduce.inner_plan<inner_tile = 8, threads = <count = 2, dim = 0, chunk = 0>>} {
  return
}

// -----

// expected-error @below {{expected dim to be at least 0, found -1}}
func.func @negative_dim() attributes {p = #reduce.threads<count = 2, dim = -1, chunk = 8>} {
  return
}

// -----

// expected-error @below {{expected one of [short_rows, long_rows, blocks, threads] for how reduce-split-reductions splits one linalg reduction into two, got: sideways}}
// expected-error @below {{failed to parse Reduce_SplitPlanAttr parameter 'kind'}}
func.func @bad_kind() attributes {p = #reduce.split_plan<kind = sideways>} {
  return
}

// -----

// expected-error @below {{unknown attribute `plan` in dialect `reduce`}}
func.func @old_flat_plan() attributes {p = #reduce.plan<strategy = inner>} {
  return
}

// -----

// expected-error @below {{expected no partial split for kind blocks, found #reduce.split_plan<kind = threads, parts = 2>}}
func.func @partial_of_blocks() attributes {p = #reduce.split_plan<kind = blocks, parts = 4, partial = <kind = threads, parts = 2>>} {
  return
}

// -----

// The plan of a function: its registers are one of the x86 widths (or 0),
// its threads at least 1, and it is recorded on functions only.

// expected-error @below {{expected vector_bits to be 0, 128, 256 or 512, found 64}}
func.func @too_narrow() attributes {reduce.function_plan = #reduce.function_plan<vector_bits = 64>} {
  return
}

// -----

// expected-error @below {{expected threads to be at least 1, found 0}}
func.func @no_threads() attributes {reduce.function_plan = #reduce.function_plan<threads = 0>} {
  return
}

// -----

// expected-error @below {{expected 'reduce.function_plan' to be a #reduce.function_plan, found 256 : i64}}
func.func @not_a_function_plan() attributes {reduce.function_plan = 256 : i64} {
  return
}

// -----

func.func @function_plan_on_an_op(%x: f32) -> f32 {
  // expected-error @below {{expected 'reduce.function_plan' on a function, found it on 'arith.addf'}}
  %y = arith.addf %x, %x {reduce.function_plan = #reduce.function_plan<threads = 2>} : f32
  return %y : f32
}

// -----

func.func @plan_not_a_plan(%x: f32) -> f32 {
  // expected-error @below {{expected 'reduce.plan' to be a plan attribute, found #reduce.threads<count = 2, dim = 0, chunk = 1>}}
  %y = arith.addf %x, %x {reduce.plan = #reduce.threads<count = 2, dim = 0, chunk = 1>} : f32
  return %y : f32
}
