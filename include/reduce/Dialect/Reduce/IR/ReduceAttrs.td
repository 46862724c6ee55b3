//===- ReduceAttrs.td - Reduce dialect attributes ----------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Attributes of the reduce dialect.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCEATTRS_TD
#define REDUCE_DIALECT_REDUCE_IR_REDUCEATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "reduce/Dialect/Reduce/IR/ReduceDialect.td"
include "reduce/Dialect/Reduce/IR/ReduceEnums.td"

def Reduce_PlanAttr : AttrDef<Reduce_Dialect, "Plan"> {
  let mnemonic = "plan";
  let summary = "how reduce-vectorize tiles and vectorizes one linalg "
                "reduction";
  let description = [{
    The plan that `reduce-plan` records on a linalg op (as the `reduce.plan`
    attribute) and `reduce-vectorize` applies. The op is first normalized:
    adjacent dims of the same iterator kind are collapsed. Sizes are in
    elements of the op's loops; a parameter left out has its default, which
    means "not used".

    `reduce-split-reductions` applies the splits, which `reduce-plan` never
    records: it plans the two ops of a split as it plans any other. A split
    plan written on an op by hand is applied by `reduce-split-reductions`:
    - `split_short_rows`: a mixed-axes reduction with short inner rows
      becomes an outer reduction into a partial result that keeps the short
      dim, then the reduction of the short rows;
    - `split_long_rows`: a mixed-axes reduction with long inner rows
      becomes the reduction of the rows into a partial result per row,
      then the reduction of the outer reduced dims of that result;
    - `split_blocks`: a reduction of everything to one value becomes
      `parts` blocks of partial results, then their reduction;
    - `split_threads`: a reduction of the outermost dim becomes `parts`
      consecutive slices reduced side by side, then their combination.

    The other strategies tile and vectorize the op itself, after
    distributing `thread_dim` over `threads` `scf.forall` tiles of
    `thread_chunk` when `threads` > 1:
    - `row_tiles`: short or medium rows, `row_tile` rows at a time, each
      read whole; on streamed inputs the rows are read as `row_streams`
      parts side by side;
    - `inner`: the innermost dim is reduced in tiles of `inner_tile` into
      vector accumulators, `stream_rows` rows of the innermost kept dim at
      once, or with `row_streams` > 1 (2-D rows, streamed) one row from
      each of `row_streams` parts of the rows at once, the parts of each
      block of `stream_block` rows when it is set (parts far apart read
      slower); `ordered` keeps the float additions in sequential order;
    - `outer`: the innermost dim is kept and vectorized by `inner_tile`; a
      long kept dim is blocked by `kept_block` with `block_rows` rows of
      the innermost reduced dim per step, and the block walked with
      `rows_per_step` rows per step; with `row_streams` > 1 (2-D, streamed)
      the rows are first viewed as `row_streams` parts and the rows of a
      step are one row of each part;
    - `elementwise`: no reduced dim left; the innermost dim is vectorized
      by `inner_tile`;
    - `none`: the op is left as it is (an empty iteration space computes
      nothing).

    With `threads` > 1, the fills of the inits are fused into each thread's
    tile; the plan of those copies is the one recorded on the fill.

    `vector_bits` is the register width the sizes were chosen for.

    Example:

    ```mlir
    linalg.generic {..., reduce.plan = #reduce.plan<strategy = inner,
        vector_bits = 256, inner_tile = 32, stream_rows = 4>} ...
    ```
  }];
  let parameters = (ins
    EnumParameter<Reduce_VectorStrategy>:$strategy,
    DefaultValuedParameter<"int64_t", "0">:$parts,
    DefaultValuedParameter<"int64_t", "0">:$vector_bits,
    DefaultValuedParameter<"int64_t", "1">:$threads,
    DefaultValuedParameter<"int64_t", "0">:$thread_dim,
    DefaultValuedParameter<"int64_t", "0">:$thread_chunk,
    DefaultValuedParameter<"int64_t", "0">:$inner_tile,
    DefaultValuedParameter<"int64_t", "0">:$row_tile,
    DefaultValuedParameter<"int64_t", "1">:$row_streams,
    DefaultValuedParameter<"int64_t", "1">:$stream_rows,
    DefaultValuedParameter<"bool", "false">:$ordered,
    DefaultValuedParameter<"int64_t", "0">:$kept_block,
    DefaultValuedParameter<"int64_t", "1">:$block_rows,
    DefaultValuedParameter<"int64_t", "1">:$rows_per_step,
    DefaultValuedParameter<"int64_t", "0">:$stream_block
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEATTRS_TD
