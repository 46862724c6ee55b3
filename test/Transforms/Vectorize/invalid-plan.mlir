// RUN: reduce-opt %s --split-input-file --verify-diagnostics \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256" --reduce-collapse-dims --reduce-plan-splits --reduce-split-reductions --reduce-plan --reduce-vectorize

// Plans that do not fit their op are errors on the op (malformed plans are
// rejected by the attributes' verifiers: test/Dialect/Reduce/invalid-plans.mlir).

func.func @inner_on_kept_dim(%x: tensor<64x1024xf32>,
                             %init: tensor<1024xf32>) -> tensor<1024xf32> {
  // expected-error @below {{reduce.plan: expected the innermost dim to be reduced for strategy inner}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x1024xf32>) outs(%init : tensor<1024xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<inner_tile = 32>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

func.func @stream_rows_do_not_divide(%x: tensor<6x1024xf32>,
                                     %init: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @below {{reduce.plan: expected a static kept dim that is a multiple of stream_rows = 4}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<6x1024xf32>) outs(%init : tensor<6xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<inner_tile = 32, stream_rows = 4>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

func.func @inner_row_streams_do_not_divide(%x: tensor<6x1024xf32>,
                                           %init: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @below {{reduce.plan: expected static 2-D rows that divide into 4 parts for strategy inner, found loops of 6 x 1024}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<6x1024xf32>) outs(%init : tensor<6xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<inner_tile = 32, row_streams = 4>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

func.func @inner_stream_block_does_not_divide(%x: tensor<24x1024xf32>,
                                              %init: tensor<24xf32>) -> tensor<24xf32> {
  // expected-error @below {{reduce.plan: expected blocks of stream_block = 16 rows to divide the 24 rows}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<24x1024xf32>) outs(%init : tensor<24xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<inner_tile = 32, row_streams = 4, stream_block = 16>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<24xf32>
  return %r : tensor<24xf32>
}

// -----

func.func @plan_not_a_plan(%x: tensor<8x1024xf32>,
                           %init: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{expected 'reduce.plan' to be a plan attribute, found 4 : i64}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%init : tensor<8xf32>)
      attrs = {reduce.plan = 4} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @row_streams_do_not_divide(%x: tensor<24x16xf32>,
                                     %init: tensor<24xf32>) -> tensor<24xf32> {
  // expected-error @below {{reduce.plan: expected 2-D rows that divide into 4 parts of tiles of 8 rows, found loops of 24 x 16}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<24x16xf32>) outs(%init : tensor<24xf32>)
      attrs = {reduce.plan = #reduce.row_tiles_plan<row_tile = 8, row_streams = 4>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<24xf32>
  return %r : tensor<24xf32>
}

// -----

func.func @row_tiles_on_columns(%x: tensor<64x16xf32>,
                                %init: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @below {{reduce.plan: expected rows (a kept dim then the only reduced dim, static) for strategy row_tiles}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x16xf32>) outs(%init : tensor<16xf32>)
      attrs = {reduce.plan = #reduce.row_tiles_plan<row_tile = 8>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

func.func @outer_on_rows(%x: tensor<64x16xf32>,
                         %init: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @below {{reduce.plan: expected a reduction whose innermost dim is kept for strategy outer}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x16xf32>) outs(%init : tensor<64xf32>)
      attrs = {reduce.plan = #reduce.outer_plan<inner_tile = 16>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

func.func @rows_per_step_do_not_divide(%x: tensor<12x4096xf32>,
                                       %init: tensor<4096xf32>) -> tensor<4096xf32> {
  // expected-error @below {{reduce.plan: expected the innermost reduced dim to be a static multiple of block_rows and rows_per_step, found 12}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<12x4096xf32>) outs(%init : tensor<4096xf32>)
      attrs = {reduce.plan = #reduce.outer_plan<inner_tile = 32, rows_per_step = 8>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// -----

func.func @thread_dim_reduced(%x: tensor<64x1024xf32>,
                              %init: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @below {{reduce.plan: expected threads dim to be a parallel dim of the 2 loops, found 1}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x1024xf32>) outs(%init : tensor<64xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<inner_tile = 32, threads = <count = 2, dim = 1, chunk = 512>>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

func.func @short_rows_of_two_inputs(%x: tensor<64x8x16xf32>, %y: tensor<64x8x16xf32>,
                                    %init: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{reduce.plan: expected a reduction of one input indexed in dim order into one init, reducing the innermost dim with one binary combiner, for strategy split_short_rows}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d1)>],
                       iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%x, %y : tensor<64x8x16xf32>, tensor<64x8x16xf32>) outs(%init : tensor<8xf32>)
      attrs = {reduce.plan = #reduce.split_plan<kind = short_rows>} {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @long_rows_of_two_inputs(%x: tensor<64x8x16xf32>, %y: tensor<64x8x16xf32>,
                                    %init: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{reduce.plan: expected a reduction of one input indexed in dim order into one init, reducing the innermost dim with one binary combiner, for strategy split_long_rows}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d1)>],
                       iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%x, %y : tensor<64x8x16xf32>, tensor<64x8x16xf32>) outs(%init : tensor<8xf32>)
      attrs = {reduce.plan = #reduce.split_plan<kind = long_rows>} {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @blocks_without_neutral(%x: tensor<65536xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @below {{reduce.plan: cannot split this reduction into 4 parts (one static reduced dim and a combiner with a neutral element expected)}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%x : tensor<65536xf32>) outs(%init : tensor<f32>)
      attrs = {reduce.plan = #reduce.split_plan<kind = blocks, parts = 4>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.divf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @huge_inner_tile(%x: tensor<64x1024xf32>,
                           %init: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @below {{reduce.plan: expected vector tiles of at most 1048576 elements, found 4611686018427387904 x 1}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x1024xf32>) outs(%init : tensor<64xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<inner_tile = 4611686018427387904>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

func.func @huge_rows(%x: tensor<8x4194304xf32>,
                     %init: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{reduce.plan: expected vector tiles of at most 1048576 elements, found 1 x 8 x 4194304}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4194304xf32>) outs(%init : tensor<8xf32>)
      attrs = {reduce.plan = #reduce.row_tiles_plan<row_tile = 8>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @outer_streams_do_not_divide(%x: tensor<12x4096xf32>,
                                       %init: tensor<4096xf32>) -> tensor<4096xf32> {
  // expected-error @below {{reduce.plan: expected a 2-D reduction of columns whose rows divide into 8 parts for strategy outer with row_streams}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<12x4096xf32>) outs(%init : tensor<4096xf32>)
      attrs = {reduce.plan = #reduce.outer_plan<inner_tile = 32, kept_block = 4096, block_rows = 8, rows_per_step = 8, row_streams = 8>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

