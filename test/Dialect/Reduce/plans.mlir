// RUN: reduce-opt %s | FileCheck %s
// RUN: reduce-opt %s | reduce-opt | FileCheck %s

// Every plan family prints as it is written, its default parameters left
// out (the dictionary sorts them by name). A `threads` parameter is written
// in the short form of a parameter of known type, or in full.

// CHECK-LABEL: func.func @plans()
// CHECK-SAME: elementwise = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>
// CHECK-SAME: elementwise_threads = #reduce.elementwise_plan<inner_tile = 64, threads = <count = 2, dim = 0, chunk = 2048>>
// CHECK-SAME: inner = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, row_streams = 4, stream_block = 64, threads = <count = 2, dim = 0, chunk = 512>>
// CHECK-SAME: none = #reduce.none_plan
// CHECK-SAME: ordered = #reduce.inner_plan<inner_tile = 32, ordered = true>
// CHECK-SAME: outer = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, kept_block = 4096, block_rows = 8, rows_per_step = 8>
// CHECK-SAME: row_tiles = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8, row_streams = 2>
// CHECK-SAME: split = #reduce.split_plan<kind = blocks, parts = 64>
// CHECK-SAME: split_rows = #reduce.split_plan<kind = short_rows>
// CHECK-SAME: split_rows_threads = #reduce.split_plan<kind = short_rows, partial = <kind = threads, parts = 2>>
// CHECK-SAME: threads = #reduce.threads<count = 4, dim = 1, chunk = 16>
// CHECK-LABEL: func.func @function_plans()
// CHECK-SAME: default = #reduce.function_plan<>
// CHECK-SAME: held = #reduce.function_plan<vector_bits = 256, threads = 2, strict_fp_order = true>
// CHECK-SAME: reduce.function_plan = #reduce.function_plan<threads = 4>
func.func @plans() attributes {
    split = #reduce.split_plan<kind = blocks, parts = 64>,
    split_rows_threads = #reduce.split_plan<kind = short_rows,
        partial = #reduce.split_plan<kind = threads, parts = 2>>,
    split_rows = #reduce.split_plan<kind = short_rows, parts = 0>,
    row_tiles = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8,
                                       row_streams = 2>,
    inner = #reduce.inner_plan<threads = #reduce.threads<count = 2, dim = 0, chunk = 512>,
                               vector_bits = 512, inner_tile = 64,
                               row_streams = 4, stream_block = 64>,
    ordered = #reduce.inner_plan<inner_tile = 32, stream_rows = 1,
                                 ordered = true>,
    outer = #reduce.outer_plan<vector_bits = 256, inner_tile = 32,
                               kept_block = 4096, block_rows = 8,
                               rows_per_step = 8>,
    elementwise = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>,
    elementwise_threads = #reduce.elementwise_plan<inner_tile = 64,
        threads = <count = 2, dim = 0, chunk = 2048>>,
    none = #reduce.none_plan,
    threads = #reduce.threads<count = 4, dim = 1, chunk = 16>} {
  return
}

func.func @function_plans() attributes {
    reduce.function_plan = #reduce.function_plan<threads = 4>,
    held = #reduce.function_plan<strict_fp_order = true, vector_bits = 256,
                                 threads = 2>,
    default = #reduce.function_plan<vector_bits = 0, threads = 1>} {
  return
}
