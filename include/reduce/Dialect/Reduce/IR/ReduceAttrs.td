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
include "reduce/Dialect/Reduce/IR/ReducePlanInterface.td"

//===----------------------------------------------------------------------===//
// Plans: what reduce-plan records and reduce-vectorize applies
//===----------------------------------------------------------------------===//

/// A plan attribute of one strategy family. Its sizes are in elements of
/// the loops of the op it annotates, which is first normalized (adjacent
/// dims of the same iterator kind collapsed); a parameter left out has its
/// default.
class Reduce_PlanAttr<string name, string attrMnemonic, string strategy,
                      list<Trait> traits = []>
    : AttrDef<Reduce_Dialect, name,
              !listconcat([Reduce_PlanAttrInterface], traits)> {
  let mnemonic = attrMnemonic;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The strategy this attribute applies.
    ::mlir::reduce::VectorStrategy getStrategy() const {
      return ::mlir::reduce::VectorStrategy::}] # strategy # [{;
    }
  }];
}

def Reduce_ThreadsAttr : AttrDef<Reduce_Dialect, "Threads"> {
  let mnemonic = "threads";
  let summary = "the distribution of a linalg op over threads";
  let description = [{
    Dim `dim` of the op's loops is tiled by `chunk` in an `scf.forall` of
    `count` tiles, and the fills of the op's inits are fused into each
    tile; the plan of those copies is the one recorded on the fill. The
    rest of the plan applies to one tile.

    Example: `#reduce.threads<count = 2, dim = 0, chunk = 512>`
  }];
  let parameters = (ins
    "int64_t":$count,
    "int64_t":$dim,
    "int64_t":$chunk
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Reduce_SplitPlanAttr
    : Reduce_PlanAttr<"SplitPlan", "split_plan", "split_short_rows"> {
  let summary = "a reduction split into two linalg ops";
  let description = [{
    Chosen by `reduce-plan-splits` and applied by `reduce-split-reductions`;
    the two ops it leaves are planned as any other:
    - `short_rows`: a mixed-axes reduction with short inner rows becomes an
      outer reduction into a partial result that keeps the short dim, then
      the reduction of the short rows; the outer reduction is then split as
      `partial` says, if it is given;
    - `long_rows`: a mixed-axes reduction with long inner rows becomes the
      reduction of the rows into a partial result per row, then the
      reduction of the outer reduced dims of that result;
    - `blocks`: a reduction of everything to one value becomes `parts`
      blocks of partial results, then their reduction;
    - `threads`: a reduction of the outermost dim becomes `parts`
      consecutive slices reduced side by side, then their combination.

    Examples: `#reduce.split_plan<kind = blocks, parts = 64>`,
    `#reduce.split_plan<kind = short_rows, partial = <kind = threads,
    parts = 2>>`
  }];
  let parameters = (ins
    EnumParameter<Reduce_SplitKind>:$kind,
    DefaultValuedParameter<"int64_t", "0">:$parts,
    OptionalParameter<"::mlir::reduce::SplitPlanAttr">:$partial
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let extraClassDeclaration = [{
    /// The split strategy of `kind`.
    ::mlir::reduce::VectorStrategy getStrategy() const;
  }];
}

def Reduce_RowTilesPlanAttr
    : Reduce_PlanAttr<"RowTilesPlan", "row_tiles_plan", "row_tiles"> {
  let summary = "short or medium rows reduced a tile of rows at a time";
  let description = [{
    The rows (a kept dim, then the reduced one) are reduced `row_tile` at a
    time, each read whole; with `row_streams` > 1 (2-D rows) the rows are
    read as `row_streams` parts side by side.

    Example: `#reduce.row_tiles_plan<vector_bits = 256, row_tile = 8>`
  }];
  let parameters = (ins
    DefaultValuedParameter<"int64_t", "0">:$vector_bits,
    "int64_t":$row_tile,
    DefaultValuedParameter<"int64_t", "1">:$row_streams,
    OptionalParameter<"::mlir::reduce::ThreadsAttr">:$threads
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def Reduce_InnerPlanAttr
    : Reduce_PlanAttr<"InnerPlan", "inner_plan", "inner"> {
  let summary = "the innermost dim reduced into vector accumulators";
  let description = [{
    The innermost dim is reduced in tiles of `inner_tile` into vector
    accumulators, `stream_rows` rows of the innermost kept dim at once, or
    with `row_streams` > 1 (2-D rows) one row from each of `row_streams`
    parts of the rows at once, the parts of each block of `stream_block`
    rows when it is set. `ordered` keeps the float additions in sequential
    order.

    Example: `#reduce.inner_plan<vector_bits = 256, inner_tile = 32,
    stream_rows = 4>`
  }];
  let parameters = (ins
    DefaultValuedParameter<"int64_t", "0">:$vector_bits,
    "int64_t":$inner_tile,
    DefaultValuedParameter<"int64_t", "1">:$stream_rows,
    DefaultValuedParameter<"int64_t", "1">:$row_streams,
    DefaultValuedParameter<"int64_t", "0">:$stream_block,
    DefaultValuedParameter<"bool", "false">:$ordered,
    OptionalParameter<"::mlir::reduce::ThreadsAttr">:$threads
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def Reduce_OuterPlanAttr
    : Reduce_PlanAttr<"OuterPlan", "outer_plan", "outer"> {
  let summary = "the innermost dim kept and vectorized";
  let description = [{
    The innermost dim is kept and vectorized by `inner_tile`; a long kept
    dim is blocked by `kept_block`, with `block_rows` rows of the innermost
    reduced dim per step, and the block walked with `rows_per_step` rows
    per step; with `row_streams` > 1 (2-D) the rows are first viewed as
    `row_streams` parts and the rows of a step are one row of each part.

    Example: `#reduce.outer_plan<vector_bits = 256, inner_tile = 32,
    rows_per_step = 8>`
  }];
  let parameters = (ins
    DefaultValuedParameter<"int64_t", "0">:$vector_bits,
    "int64_t":$inner_tile,
    DefaultValuedParameter<"int64_t", "0">:$kept_block,
    DefaultValuedParameter<"int64_t", "1">:$block_rows,
    DefaultValuedParameter<"int64_t", "1">:$rows_per_step,
    DefaultValuedParameter<"int64_t", "1">:$row_streams,
    OptionalParameter<"::mlir::reduce::ThreadsAttr">:$threads
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def Reduce_ElementwisePlanAttr
    : Reduce_PlanAttr<"ElementwisePlan", "elementwise_plan", "elementwise"> {
  let summary = "an op with no reduced dim, vectorized along its innermost "
                "dim";
  let description = [{
    Fills, maps and fused elementwise kernels: 1-D vectors of `inner_tile`
    along the innermost dim, after the distribution over `threads` if any.

    Example: `#reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>`
  }];
  let parameters = (ins
    DefaultValuedParameter<"int64_t", "0">:$vector_bits,
    "int64_t":$inner_tile,
    OptionalParameter<"::mlir::reduce::ThreadsAttr">:$threads
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def Reduce_NonePlanAttr
    : Reduce_PlanAttr<"NonePlan", "none_plan", "none"> {
  let summary = "an op left as it is";
  let description = [{
    An empty iteration space computes nothing: the init is the result.

    Example: `#reduce.none_plan`
  }];
  let genVerifyDecl = 0;
}

//===----------------------------------------------------------------------===//
// The plan of a function: the choices that hold for all of its ops
//===----------------------------------------------------------------------===//

def Reduce_FunctionPlanAttr : AttrDef<Reduce_Dialect, "FunctionPlan"> {
  let mnemonic = "function_plan";
  let summary = "the choices that hold for every op of a function";
  let description = [{
    Recorded on a function as `reduce.function_plan`, as IREE records a
    `translation_info` beside each op's `lowering_config`: the passes after
    `reduce-plan-function` read it instead of options of their own. A
    function without one has the default plan.

    - `threads`: the threads a large static op is distributed over (1: no
      distribution);
    - `strict_fp_order`: float additions keep the order of the source:
      nothing fuses, splits or plans them in another order;
    - `vector_bits`: 0, or the widest register (128, 256 or 512 bits) the
      code of the function uses, recorded by `reduce-plan-splits` on a
      function that streams its inputs with registers narrower than the
      target's (docs/tuning.md): `reduce-plan`, `reduce-vectorize` and
      `reduce-expand-min-max` keep to it, and `reduce-finalize-llvm` holds
      the backend to it.

    Example: `#reduce.function_plan<vector_bits = 256, threads = 2>`
  }];
  let parameters = (ins
    DefaultValuedParameter<"int64_t", "0">:$vector_bits,
    DefaultValuedParameter<"int64_t", "1">:$threads,
    DefaultValuedParameter<"bool", "false">:$strict_fp_order
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The plan of a function that records none.
    static FunctionPlanAttr getDefault(::mlir::MLIRContext *context) {
      return get(context, /*vector_bits=*/0, /*threads=*/1,
                 /*strict_fp_order=*/false);
    }
  }];
}

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEATTRS_TD
