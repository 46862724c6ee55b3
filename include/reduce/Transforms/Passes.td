//===- Passes.td - Reduce code generation passes -----------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The passes the `reduce-to-llvm` pipeline runs between `lower-reduce` and
// the upstream lowerings to LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TRANSFORMS_PASSES_TD
#define REDUCE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// The option of the passes that choose plans. What the plans may do is the
// plan of the function (`reduce.function_plan`, `reduce-plan-function`);
// the target description comes from the module (`reduce.target`,
// `reduce-attach-target`).
defvar ReducePlanOptions = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each op with its choice and the reasons for it">,
];

def ReducePlanFunctionPass
    : Pass<"reduce-plan-function", "::mlir::func::FuncOp"> {
  let summary = "Record the plan of each function";
  let description = [{
    Records on each function that records none a `#reduce.function_plan`
    attribute named `reduce.function_plan` with the threads and the float
    order of its options: the choices that hold for every op of the
    function, which the passes after it (`reduce-fuse-elementwise`,
    `reduce-plan-splits`, `reduce-plan`) read instead of options of their
    own. `reduce-plan-splits` adds the registers of the function
    (`vector_bits`). A plan written on a function is kept. It rewrites
    nothing.
  }];
  let options = [
    Option<"strictFpOrder", "strict-fp-order", "bool", /*default=*/"false",
           "Keep float additions in the order of the source: no fusion, "
           "split or plan reassociates them">,
    Option<"threads", "threads", "unsigned", /*default=*/"1",
           "Split the outermost parallel dim of each op whose static input "
           "is at least the target's min_parallel_bytes into this many "
           "scf.forall tiles (1: no scf.forall)">,
  ];
  let dependentDialects = [
    "::mlir::reduce::ReduceDialect",
  ];
}

def ReduceElementwiseToLinalgPass
    : Pass<"reduce-elementwise-to-linalg", "::mlir::func::FuncOp"> {
  let summary = "Bring the elementwise neighbours of the reductions into "
                "linalg.generic form";
  let description = [{
    Runs after `lower-reduce`. The elementwise ops of `arith` and `math` on
    ranked tensors (every op with the `ElementwiseMappable` trait: `addf`,
    `mulf`, `exp`, `extf`, `extui`, `sitofp`, `select`, ...) become
    all-parallel `linalg.generic` ops, and every linalg op but `linalg.fill`
    (the reductions, `linalg.map`, `linalg.broadcast`, `linalg.transpose`,
    the named elementwise ops such as `linalg.add` and `linalg.exp`,
    `linalg.elementwise`) is generalized, so that
    `reduce-fuse-elementwise` and the strategies see one form. A fill stays
    a fill: the tiles of a reduction fuse the fill of its init.

    It then checks that every op left on tensors (outside linalg bodies)
    can be compiled: an op that has neither a bufferization model nor a
    lowering in the pipeline, or an elementwise op on unranked tensors,
    gets an error that names it and lists what is supported, and the pass
    fails (instead of "op was not bufferized" from bufferization).
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ReduceFuseElementwisePass
    : Pass<"reduce-fuse-elementwise", "::mlir::func::FuncOp"> {
  let summary = "Fuse elementwise producers and sibling reductions into one "
                "loop nest";
  let description = [{
    Runs after `reduce-elementwise-to-linalg`, before the plans.

    Producer fusion: an all-parallel `linalg.generic` whose result feeds
    other `linalg.generic` ops is computed inside each of them
    (`linalg::fuseElementwiseOps`), so that `sum(x * y)` reads `x` and `y`
    once and writes no product. A producer with several users is fused into
    every one of them (its body, of at most 64 ops, is recomputed, its
    result is never written) when all its users are linalg ops that can
    take it; otherwise it is fused into none and its result stays a tensor.
    A consumer that reads the producer broadcast (through a map that is not
    a permutation) takes it only when the producer does no arithmetic: it
    would otherwise recompute each value once per element it is broadcast
    to. The sizes of dynamic results are first read from the producers'
    inputs, and each fused body is CSE'd.

    Sibling fusion: reductions on tensors that read the same tensor with the
    same permutation indexing map over the same iterator types (so the same
    iteration space), neither depending on the other, become one
    `linalg.generic` with the inputs of both and the results of both: `min`
    and `max` of `x`, or `sum(x)` and `sum(x * x)`, read `x` once.

    Dependent statistics, between the two: a maximum `M = max(x)` and a sum
    `sum(exp(x - M))` over the same static, non-empty innermost rows become
    one online normalizer (a running maximum and a rescaled sum, reduced one
    row at a time by the `inner` strategy); a centred sum of squares
    `init + sum((u - c)^2)` whose per-row `c` depends on a reduction over
    the same rows (a variance about the mean), over static non-empty rows,
    becomes shifted sums about `u` at the row's first element, which join
    that reduction as siblings, and a per-row correction (the error bound is
    in docs/pipeline.md).

    With `strict_fp_order` in the function's plan (`reduce.function_plan`,
    `reduce-plan-function`), neither dependent statistic is rewritten, and a
    reduction with a float addition combiner is merged only with others of
    its kind: the `ordered` plan that keeps their order applies to every
    result of the op.

    Blocks of rows (the target's `row_block_bytes`, static shapes, the
    reduced dims innermost): a softmax whose maximum and sum only its
    output reads becomes, before the online normalizer, a loop over blocks
    of rows (the block's maximum, its exponentials into a buffer, their sum,
    the output from the buffer: one exponential an element); after sibling
    fusion, an all-parallel output reading whole inputs of at least
    `min_stream_bytes` and per-row values computed from a reduction of one
    of them (a layer norm, an RMS norm), which nothing before the output
    reads, is tiled by blocks of rows with those producers fused into each
    block (a per-row value read after the output, such as a returned mean,
    yielded by the loop), so that the second read of a block comes from the
    cache. With `threads` > 1 in the function's plan,
    where the inputs reach `min_parallel_bytes`, the blocks (a softmax's in
    chunks) are an `scf.forall`.

    With `remarks`, each fusion gets a remark on the op it produced.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each fused op with what was fused into it">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ReduceCollapseDimsPass
    : Pass<"reduce-collapse-dims", "::mlir::func::FuncOp"> {
  let summary = "Collapse the adjacent dims of the same kind of linalg ops";
  let description = [{
    The first normalization before the plans: in each linalg reduction on
    tensors with static shapes, collapses the adjacent dims of the same
    kind (parallel or reduction) that every operand indexes contiguously
    (`linalg::collapseOpIterationDims`: 6x12x10x24 reduced over [2, 3]
    becomes 72 rows of 240). A filled init is collapsed as a fill of the
    collapsed destination, so that tiles can still fuse it. The ops with no
    reduced dim are collapsed by `reduce-vectorize` when it applies their
    plans (a fill collapsed now would hide behind a reshape from the tiles
    that fuse it); `reduce-plan` plans them as collapsed. It depends on no
    target.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ReducePlanSplitsPass
    : Pass<"reduce-plan-splits", "::mlir::func::FuncOp"> {
  let summary = "Record the registers of each function and the splits of "
                "its linalg reductions";
  let description = [{
    The planner of the split stage, after `reduce-collapse-dims`. First
    decides the registers of the function: a function whose static
    reductions of at least `min_stream_bytes` are all read into row
    accumulators (`inner`, `split_long_rows`, `split_blocks`), with
    `stream_vector_bits` narrower than `vector_bits`, keeps to
    `stream_vector_bits` throughout and records it as the `vector_bits` of
    the function's plan (`reduce.function_plan`; `reduce-plan`,
    `reduce-vectorize` and `reduce-expand-min-max` then keep to it,
    `reduce-finalize-llvm` holds the backend to it; docs/tuning.md).
    Then records on each linalg reduction on tensors whose layout reads
    badly as one op, and that records no plan, the split that
    `reduce-split-reductions` applies: a `#reduce.split_plan` named
    `reduce.plan` (`split_short_rows`, `split_long_rows`, `split_blocks`,
    `split_threads`: see `reduce-vectorize`), with the split of the partial
    result of a short-rows split (`partial`), chosen on the loops that op
    will have. It reads the target and the plan of the function, and
    rewrites nothing. With `remarks`, each split op gets a remark that says
    why.
  }];
  let options = ReducePlanOptions;
  let dependentDialects = [
    "::mlir::reduce::ReduceDialect",
  ];
}

def ReduceSplitReductionsPass
    : Pass<"reduce-split-reductions", "::mlir::func::FuncOp"> {
  let summary = "Split the linalg reductions as their split plans say";
  let description = [{
    The second normalization before the plans: rewrites each linalg
    reduction on tensors that records a split plan (`reduce.plan`, recorded
    by `reduce-plan-splits` or written by hand) into its two ops, collapsed
    again, then the partial result of a short-rows split as its `partial`
    plan says. It chooses nothing and reads no target. A split plan that
    does not fit its op is an error on the op.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::reduce::ReduceDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ReducePlanPass : Pass<"reduce-plan", "::mlir::func::FuncOp"> {
  let summary = "Record how each linalg op is tiled and vectorized";
  let description = [{
    Records on each linalg op that `reduce-vectorize` rewrites (the linalg
    reductions on tensors, and the static linalg ops on tensors with no
    reduced dim: fills, maps) its plan, a `#reduce.plan` attribute named
    `reduce.plan`: the strategy and its tiles, chosen from the op's shape
    the target description and the plan of the function
    (`reduce.function_plan`: its threads, its float order, and registers no
    wider than its `vector_bits`). It rewrites nothing: the normalizations
    (`reduce-collapse-dims`, `reduce-split-reductions`) run before it, and
    the ops it sees are not split again. A plan already on an op is kept. An
    op whose iteration space is empty gets the `none` plan. With `remarks`,
    each op also gets a remark that says why each choice was made. The
    strategies are listed with the attribute (ReduceDialect.md) and
    `reduce-vectorize`.
  }];
  let options = ReducePlanOptions;
  let dependentDialects = [
    "::mlir::reduce::ReduceDialect",
  ];
}

def ReduceVectorizePass : Pass<"reduce-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Tile and vectorize linalg ops as their plans say";
  let description = [{
    Applies to each linalg op that `reduce-plan` plans its recorded plan
    (the `reduce.plan` attribute), and nothing else: it chooses nothing. An
    op without a plan, a split plan (applied by `reduce-split-reductions`)
    and a plan that does not fit its op are errors. Each op is collapsed
    first, as `reduce-collapse-dims` does. The ops that applying a plan
    creates are rewritten by that plan, but for the copies of a fill that a
    distribution over threads fuses into its tiles: they carry the plan
    `reduce-plan` recorded on the fill for them. Then the vector patterns
    that finish the strategies are applied, their shuffle trees on
    registers of the target's `vector_bits` (no wider than the
    `vector_bits` of the function's plan).

    The strategies (`#reduce.plan<strategy = ...>`):

    - `split_blocks`, everything to one value (one reduced dim after
      collapsing, static, at least 4 blocks of `split_block_tiles` vector
      tiles): split (`linalg::splitReduction`) into blocks reduced into a
      tensor of block results, a parallel dim that `threads` can split,
      then the reduction of the block results; not for float additions
      with `strict-fp-order`.
    - `split_threads`, with `threads` > 1, a large static reduction whose
      only reduced dim is the outermost one: one slice of consecutive rows
      per thread, then the combination of the slices.
    - `split_short_rows`, short inner rows of a mixed-axes reduction (the
      innermost reduced dim at most `max_short_row_bytes`, a reduced dim
      outside a kept one, at least 8 outer elements per result; not float
      sums with `strict-fp-order`): split into the same body with the short
      dim kept, into a partial result filled with the combiner's neutral
      element (an outer reduction that streams the input in order), then
      the combiner over the short dim of the partial result.
    - `split_long_rows`, long inner rows of a mixed-axes reduction (the
      same form with the innermost reduced dim longer than
      `max_short_row_bytes`): split into the same body with only the
      innermost dim reduced, into a partial result per row filled with the
      combiner's neutral element (rows reduced in order, as 2-D rows read
      as parts when streamed), then the combiner over the other reduced
      dims of the partial result. Reducing each kept row in turn would
      jump over the outer reduced dims between rows.
    - `row_tiles`, short and medium rows: the innermost dim is the only
      reduced one, of a power of two of at most one register (tiles of one
      register's lanes of rows, when the rows are a multiple of it) or of 2
      to `max_row_registers` whole registers (tiles of the largest power of
      two of rows, at most the lanes, that divides the rows; in cache,
      whole multiples of that group that divide the rows, until a step reads
      `min_row_tile_registers` registers), and the dim before it is parallel
      and static: the tile is read as one
      `vector<R x C>`, each row of several registers is reduced to one by a
      tree, and the `vector.multi_reduction` across the rows becomes a
      shuffle tree that reduces the rows against each other instead of one
      horizontal reduction per row. The fill of the init is fused into the
      loop. Streamed inputs are read as `row_streams` parts side by side.
      Not for float sums with `strict-fp-order` (the tree reassociates).
    - `inner`, innermost dim reduced: every other dim is tiled by 1 (the
      innermost kept one by `stream_rows` on static shapes; streamed 2-D
      rows are first viewed as `row_streams` parts, and a step reads one
      row of each) and the
      innermost dim is tiled as a partial reduction into a vector-shaped
      accumulator (`accumulators` independent registers), merged by one
      horizontal reduction per row after the loop. With `strict-fp-order`,
      float additions are instead tiled as a full reduction, whose ordered
      `vector.reduction`s keep the sequential order.
    - `outer`, innermost dim kept: the innermost dim is vectorized across
      (tile of `accumulators` registers), the reduced dims are tiled by 1
      (the innermost by `outer_rows_per_step`, or for a NaN-propagating
      float minimum or maximum `outer_min_max_rows_per_step`) and their
      loops placed
      innermost, so that the loop body is elementwise vector code with no
      horizontal reduction. A kept dim longer than 4 tiles is first blocked
      by about 16 KiB, rows inside the block, so that each row is read
      contiguously.
    - `elementwise`, no reduced dim (fills, the f16 truncation, ...): tiled
      by 1 on the outer dims and by the vector tile on the innermost one,
      and vectorized into 1-D vectors.

    The innermost tile is `accumulators` SIMD registers of `vector_bits`
    bits (`stream_vector_bits` when the static input has at least
    `min_stream_bytes`, which streams from L3 or memory); a static size
    that is not a multiple of the tile is tiled instead by a multiple of
    the register width between half and twice the tile that divides it,
    when one does (240 f32 on 16 lanes: 80), so that no tile is masked; for
    accumulators reduced after their loop (innermost dim reduced), by the
    largest power of two of registers, at most twice the tile, that divides
    it (240 f32 on 8 lanes: 16). With `threads` > 1, a large static
    reduction is first distributed: its outermost parallel dim of at least
    `threads` is tiled into an `scf.forall`.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::reduce::ReduceDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::ub::UBDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ReduceSignlessPass : Pass<"reduce-signless", "::mlir::ModuleOp"> {
  let summary = "Rewrite unsigned integer tensors to signless ones";
  let description = [{
    arith, linalg and bufferization work on signless integers, and
    `lower-reduce` brackets unsigned data with `tensor.bitcast`s that do not
    bufferize. This pass rewrites every unsigned integer element type of
    tensors and memrefs in the module (function signatures, calls, all
    ops) into the signless type of the same width, and drops the bitcasts
    that become no-ops. Both types lower to the same LLVM type, so the
    calling convention of the functions does not change.
  }];
}

def ReduceFreshResultsPass
    : Pass<"reduce-fresh-results", "::mlir::func::FuncOp"> {
  let summary = "Make every memref a function returns a fresh allocation";
  let description = [{
    After bufferization, a function may return the same buffer twice (two
    results that compute the same value, merged by CSE), a view of another
    result, a function argument (a reduction over no axes returns its
    input) or a global (a constant). A caller that owns and frees every
    result would then free a buffer twice, or one it does not own. This
    pass clones (`bufferization.clone`) each returned memref whose base
    buffer is not a `memref.alloc`, or is the base of an earlier result, so
    that every result is a distinct allocation owned by the caller.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def ReduceUnrankedResultsPass
    : Pass<"reduce-unranked-results", "::mlir::ModuleOp"> {
  let summary = "Return each unranked tensor result of an entry function as "
                "its data and its shape";
  let description = [{
    A caller cannot size the buffer of a `tensor<*xT>` result (a reduction
    over a runtime number of axes without `keep_dims`) before the call, and
    bufferization and its deallocation do not handle unranked memrefs well.
    Every function with a body that is not called gets, in place of each
    unranked tensor result, two ranked ones: the data as a `tensor<?xT>`
    (row-major) and the shape as a `tensor<?xi64>`. The returned value must
    be a `tensor.reshape` of a ranked tensor by an i64 shape (as lower-reduce
    emits) or a `tensor.cast` of a ranked tensor; any other producer is
    reported as an error.
  }];
}

def ReduceOutParamsPass : Pass<"reduce-out-params", "::mlir::ModuleOp"> {
  let summary = "Return the static-shaped results of public functions "
                "through out-params";
  let description = [{
    Runs after bufferization, before the buffers are deallocated. Every
    public function with a body whose results are all memrefs of static
    shape and identity layout gets one trailing argument per result (an
    out-param of the result's type) and returns nothing: the caller
    provides the memory of the results, so a call allocates nothing for
    them. This is the calling convention of the JIT, whose callers pass
    their own result buffers.

    A result computed into an allocation of the function (a `memref.alloc`
    of static shape, returned as it is or through `memref.expand_shape` and
    `memref.collapse_shape` views, as `keep_dims` and collapsed dimensions
    produce) is computed in the out-param directly: the allocation is
    replaced with the inverse views of the out-param. Any other result (an
    argument, a constant global, a buffer returned twice, a function with
    several returns) is copied into its out-param before the return.

    Calls of the rewritten functions in the module allocate the out-params
    and read the results from them. The caller must pass out-params that
    do not overlap the arguments or each other.

    ```mlir
    func.func @f(%x: memref<6x12x10x24xf32>) -> memref<6x12x1x1xf32> {
      %a = memref.alloc() : memref<6x12xf32>
      ... writes %a ...
      %e = memref.expand_shape %a [[0], [1, 2, 3]] output_shape [6, 12, 1, 1]
      return %e : memref<6x12x1x1xf32>
    }
    // becomes
    func.func @f(%x: memref<6x12x10x24xf32>, %out: memref<6x12x1x1xf32>) {
      %a = memref.collapse_shape %out [[0], [1, 2, 3]]
      ... writes %a ...
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def ReduceExpandBF16Pass : Pass<"reduce-expand-bf16"> {
  let summary = "Expand bf16 extensions and truncations into integer ops";
  let description = [{
    x86 has no bf16 arithmetic, and the backend crashes legalizing some
    bf16 vector operations (`Do not know how to soft promote this
    operator's operand!`, e.g. on `<33 x bfloat>`). `lower-reduce` computes
    in f32, so bf16 values are only loaded, extended, truncated and stored.
    This pass expands `arith.extf` from bf16 (a shift) and `arith.truncf` to
    bf16 (round to nearest even, NaN kept) into integer ops, so that LLVM
    sees no `fpext`/`fptrunc` it could narrow back into bf16 arithmetic.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def ReduceApproximateMathPass : Pass<"reduce-approximate-math"> {
  let summary = "Expand f32 exp and log into polynomial approximations";
  let description = [{
    The backend lowers a vector `llvm.exp` or `llvm.log` into one libm call
    per lane, which leaves `reduce.log_sum_exp` (an exp per element) two
    orders of magnitude below memory bandwidth. This pass rewrites
    `math.exp` and `math.log` on f32 and vectors of f32 into plain vector
    arithmetic. f64 keeps the libm calls.

    `exp` is this project's: `x` clamped to [-88, 88.75] (NaN kept),
    `k = floor(x * log2(e))`, `r = x - k ln 2` in [0, ln 2) by two FMAs, a
    degree-6 polynomial in `r` fitted to `exp` on that interval, times
    `2^k` built in the exponent field: 10 multiplies and FMAs. It is within
    2 ulp of `exp` wherever the result is a normal f32, gives 0 below the
    smallest normal (`exp(-inf)` is 0), `+inf` on overflow (`exp(+inf)`
    too), NaN for NaN. `log` is upstream MLIR's polynomial approximation,
    with the special values kept (`log(0)` is `-inf`, the log of a
    negative number is NaN, NaN stays NaN).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ReduceMathToLibmPass : Pass<"reduce-math-to-libm", "::mlir::ModuleOp"> {
  let summary = "Call libm for the math ops that have no LLVM lowering";
  let description = [{
    `convert-math-to-llvm` lowers the math ops that have an LLVM intrinsic
    (`exp`, `log`, `sqrt`, `sin`, `powf`, ...) and `reduce-approximate-math`
    turns f32 `exp` and `log` into vector polynomials; `erf`, `erfc`,
    `tanh`, `cbrt`, `tan`, `atan`, `atan2`, `asin`, `acos`, `sinh`, `cosh`,
    `asinh`, `acosh` and `atanh` have neither and were left behind ("'math.erf'
    is left after the lowering"). This pass rewrites those ops only into
    calls of libm (`erff`, `tanh`, ...) with upstream's math-to-libm
    patterns: a vector op becomes one call per lane, f16 and bf16 are
    computed in f32 and rounded. The results are libm's (those of NumPy on
    the same machine); the cost is a call per element, so a kernel of them
    is bound by arithmetic, not memory. AOT objects link with `-lm`, as
    their header says.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ReducePrefetchPass : Pass<"reduce-prefetch", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the input of streaming vector reads ahead";
  let description = [{
    Inserts `memref.prefetch`es (read, locality 3, data) before every
    `vector.transfer_read` in an `scf.for` loop that reads a function
    argument (directly or through a reshape) of at least `min_prefetch_bytes` with a
    static shape, and has an index that depends on the loop's induction
    variable: one per `prefetch_stride` bytes of the vector, `prefetch_distance` bytes past the
    address it reads, or half the contiguous span the loop walks (the
    dims from the innermost one indexed by the loop inward) when that is
    less: the next outer iteration may start elsewhere (a mixed-axes
    reduction reads rows of 4 KiB that are 1 MiB apart).

    The hardware prefetchers alone keep a load-only loop at the read
    bandwidth, but a loop with more work per byte falls behind; the fields
    come from the module's target (`prefetch_distance`, `prefetch_stride`,
    `min_prefetch_bytes`; docs/tuning.md has the measurements).
    Addresses past the end of the buffer are harmless: a prefetch does not
    fault. A loop whose body computes a transcendental function (an exp per
    element: log_sum_exp) gets none: bound by its arithmetic, it reads far
    below the bandwidth, which the hardware prefetchers keep up with, and
    the prefetches only cost it instructions (docs/tuning.md).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def ReduceNontemporalStoresPass
    : Pass<"reduce-nontemporal-stores", "::mlir::func::FuncOp"> {
  let summary = "Write large result buffers with non-temporal vector stores";
  let description = [{
    A vector loop that writes a large result streams it to memory through
    the caches: each line is first read (a read for ownership), then written
    back when it is evicted. A non-temporal store writes the line without
    reading it, and without evicting the input that the loop still reads.

    A candidate is an unmasked, in-bounds 1-D `vector.transfer_write` with a
    minor identity map into a buffer (through `memref.subview`,
    `memref.expand_shape` and `memref.collapse_shape` views of static
    strides) that is a function argument (an out-param) or a
    `memref.alloc`, of a static shape with the identity layout and of at
    least `nontemporal_store_bytes` (the module's target; 0: none), that
    nothing in the function reads, and whose address is a multiple of 16
    bytes or more whenever the buffer's is (the indices are multiples, known
    from constants, loop bounds and steps (those of the `omp.loop_nest` of
    `threads` too) and `affine.apply`, of enough elements). The outermost
    scf op around candidates under the function or an OpenMP loop (the pass
    runs after `convert-scf-to-openmp`, on each thread's loop nest) runs in
    two versions: where every buffer's aligned pointer is a multiple of the
    greatest alignment its candidates there have, the candidates become
    `vector.store`s with `nontemporal` and that `alignment`, and a store
    fence (`sfence` on x86, else a sequentially consistent fence) follows
    the loop, so that the weakly ordered stores are visible to the threads
    that read the result; else the loop is unchanged.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ReduceExpandMinMaxPass : Pass<"reduce-expand-min-max"> {
  let summary = "Expand float minimums and maximums into plain min selects "
                "and an or, or range instructions beside an ordered mask";
  let description = [{
    `arith.minimumf` and `arith.maximumf` (IEEE 754-2019 `minimum` and
    `maximum`: NaN-propagating, -0 below +0) lower to `llvm.minimum` and
    `llvm.maximum`, which the x86 backend expands into six vector
    instructions (sign test, two blends, `vminps`/`vmaxps`, an unordered
    compare and a masked move), and `vector.reduction <minimumf>` and
    `<maximumf>` into trees of them. This pass rewrites every
    `arith.minimumf` on f32 or f64 (scalar or vector) into

        bitcast(or(bitcast(select(a < b, a, b)), bitcast(select(b < a, b, a))))

    The two selects are each one `vminps`/`vminpd` (x86 `min` returns its
    second operand on a tie or a NaN); the `or` gives the same result:
    - `a < b` or `b < a`: both selects give the smaller operand;
    - `a == b`: the or of equal bit patterns is that pattern, and the or
      of +0 and -0 is -0;
    - a NaN operand: one select gives the NaN, and the or of a NaN with
      any bit pattern has an all-ones exponent and a non-zero mantissa,
      so it is a NaN (its payload and sign are unspecified, as for
      `minimumf`).

    The or does not mirror to the maximum (the and of a NaN with a number
    need not be a NaN), so every `arith.maximumf` on f32 or f64 becomes

        negf(minimum(negf(a), negf(b)))

    with the minimum above: negation is a sign flip (one `vxorps`), exact
    for every value, and maps +0 above -0 to -0 below +0. A negation of a
    negation is folded, so a tree of maximums negates each leaf once and
    the root once. A maximum accumulator (an `scf.for` iter_arg of f32/f64
    whose only use is an `arith.maximumf` whose only use is its yield)
    carries the negated maximum: its init is negated before the loop, each
    value read once in the loop (off the loop-carried chain), and the
    result once after it, so that the loop runs the minimum's two `vminps`
    and a `vorps` per register read, plus one `vxorps`. (Two plain maxes
    with the sign bit and'ed and the other bits or'ed is exact too, but the
    x86 backend emits two `vpternlogq` for the blend: measured slower,
    docs/pipeline.md.)

    `vector.reduction <minimumf>` over a 1-D f32/f64 vector becomes a tree
    of these minimums (the order of a minimum does not change its result):
    a size that is not a power of two first folds the lanes beyond the
    largest power of two into the first ones, then each level combines the
    two halves; the accumulator comes last. `vector.reduction <maximumf>`
    becomes the same tree over the negated vector (one negation), negated.

    With `range_minimum` (for x86 CPUs with AVX-512DQ and AVX-512VL), loop
    accumulators and trees of at least four leaves of minimums, and of
    maximums, are rewritten first.

    A minimum (maximum) accumulator is an `scf.for` iter_arg (a 1-D f32/f64
    vector of whole 128-, 256- or 512-bit registers) whose only use is an
    `arith.minimumf` (`arith.maximumf`) whose only use is its yield. Each
    register of it becomes a range instruction (the minimum or maximum
    number, below) beside an ordered mask, a new iter_arg that starts as
    the ordered lanes of the init and is and'ed with the ordered lanes of
    each value read (one masked `vcmpordps` into a mask register). After
    the loop the register is the range number where its mask is set and a
    NaN elsewhere: two instructions per register read instead of three (or
    four for the maximum), on two ports. Where the registers of each
    innermost row of the accumulator are combined after the loop by one
    tree of minimums (maximums) and used nowhere else (the inner
    strategy's rows), a lane of that tree is a NaN when that lane of any of
    the row's registers is: the row gets one mask instead, each masked
    compare checking two registers (`vcmpordps k{k}, x0, x1`). That is
    half the compares, and 4 masks instead of 16 for 4 rows of 4
    registers (x86 has 7 mask registers; the rest were spilled).

    For trees, each leaf costs one instruction and a half instead of
    three. A tree is a maximal set of vector `arith.minimumf` (or of
    `arith.maximumf`) ops in one block whose inner results each have a
    single use, the next op of the tree; its leaves are the other
    operands. On a register-sized vector (4, 8 or 16 f32, 2, 4 or 8 f64)
    the tree becomes

        select(ordered, tree of vrangeps/vrangepd (imm 4 or 5), NaN)

    `vrangeps` with imm 4 is the IEEE 754-2019 minimumNumber and with imm 5
    the maximumNumber (bits 1:0 select the minimum or the maximum, bits 3:2
    take the sign from the comparison): -0 below +0, and a NaN operand is
    skipped. `ordered` is the lane mask of the leaves that are all ordered,
    from one `cmpf ord` per pair of leaves (a pair compares unordered if
    either is a NaN). In a lane with a NaN leaf the result is a NaN, as for
    `minimumf` and `maximumf`; in the other lanes the minimum (maximum)
    number is the minimum (maximum). Each leaf costs one `vrangeps` and
    half an ordered compare into a mask register (two execution ports).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::ub::UBDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ReduceSplitLoopVectorsPass : Pass<"reduce-split-loop-vectors"> {
  let summary = "Split loop-carried vectors whose length is not a power of "
                "two into parts that are";
  let description = [{
    The x86 backend keeps a value that lives across blocks (a loop
    accumulator, an `scf.if` result) in the registers of its type's legal
    breakdown, and a vector whose innermost length is not a power of two
    has none: LLVM 22 scalarizes it. A `vector<80xf32>` accumulator (5
    AVX-512 registers, the tile of columns of 80) became 220 scalar moves
    and spills per iteration, several times slower than the same loop with
    64 + 16 lanes (docs/tuning.md), which is 5 `vaddps` and nothing else.

    This pass rewrites the `scf` ops (`scf.for`, `scf.while`, `scf.if`,
    through the upstream structural type conversion) so that each of their
    fixed-size vectors whose innermost dim is not a power of two is carried
    as parts of power-of-two innermost lengths, largest first (80: 64 and
    16; `vector<4x40xf32>`: `vector<4x32xf32>` and `vector<4x8xf32>`).
    Inside and after the op, `vector.insert_strided_slice`s rebuild the
    whole vector and `vector.extract_strided_slice`s take the parts back,
    within one block, where the backend splits the vector into registers.
    A length that is a multiple of the register's lanes splits into whole
    registers.

    ```mlir
    %r = scf.for %i = %c0 to %n step %c80 iter_args(%acc = %init)
        -> (vector<80xf32>) { ... }
    // becomes
    %a = vector.extract_strided_slice %init {offsets = [0], sizes = [64], ...}
    %b = vector.extract_strided_slice %init {offsets = [64], sizes = [16], ...}
    %r:2 = scf.for %i = %c0 to %n step %c80 iter_args(%x = %a, %y = %b)
        -> (vector<64xf32>, vector<16xf32>) { ... }
    ```
  }];
  let dependentDialects = [
    "::mlir::scf::SCFDialect",
    "::mlir::ub::UBDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ReduceByteBoolAccumulatorsPass : Pass<"reduce-byte-bool-accumulators"> {
  let summary = "Carry the and/or loop accumulators of bool vectors as bytes";
  let description = [{
    An `scf.for` iter_arg that is a fixed vector of `i1`, whose only use is
    an `arith.andi` or `arith.ori` whose only use is its yield (the
    accumulator of a logical and/or reduction) and whose other operand is
    not a compare's result (nor an and/or of them), is carried as a vector of
    `i8` holding 0 or 1: the init is widened (`arith.extui`) before the
    loop, the value read is widened in it, the and (or) is done on bytes,
    and the result is narrowed (`arith.trunci`) after the loop. And and or
    keep bytes of 0 and 1 at 0 and 1, so the values are the same.

    The x86 backend keeps a loop-carried vector of i1 in AVX-512 mask
    registers: each 32 bytes read became a shift, a `vpmovb2m`, and half a
    `kunpckdq` and a `kandq` (mask-register instructions, on few ports). As
    bytes, the read bools (`trunc nuw` of bytes, `reduce-i1-vector-memory`)
    widened again fold back into the bytes read, and a step is one `vpand`
    or `vpor` per register. A compare writes its mask into a mask register:
    the ordered masks of `reduce-expand-min-max`'s range minimums stay
    there (as bytes, each step would widen the mask, a `vmovdqu8` and a
    `vpand` beside the compare, and the byte accumulators take vector
    registers from the tile: a 4-row W1 tile whose masks were bytes
    spilled).

    ```mlir
    %r = scf.for %i = %c0 to %n step %c128 iter_args(%acc = %init)
        -> (vector<128xi1>) {
      %x = vector.transfer_read ... : memref<?xi1>, vector<128xi1>
      %a = arith.andi %acc, %x : vector<128xi1>
      scf.yield %a : vector<128xi1>
    }
    // becomes
    %init8 = arith.extui %init : vector<128xi1> to vector<128xi8>
    %r8 = scf.for ... iter_args(%acc = %init8) -> (vector<128xi8>) {
      %x = vector.transfer_read ... : memref<?xi1>, vector<128xi1>
      %x8 = arith.extui %x : vector<128xi1> to vector<128xi8>
      %a = arith.andi %acc, %x8 : vector<128xi8>
      scf.yield %a : vector<128xi8>
    }
    %r = arith.trunci %r8 : vector<128xi8> to vector<128xi1>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def ReduceI1VectorMemoryPass
    : Pass<"reduce-i1-vector-memory", "::mlir::ModuleOp"> {
  let summary = "Load and store vectors of i1 as vectors of bytes";
  let description = [{
    A memref of `i1` holds one element per byte (a scalar `i1` load or
    store reads or writes one byte), but LLVM stores a vector of `i1`
    bit-packed: `<16 x i1>` is 2 bytes. A `vector<16xi1>` load from a
    `memref<?xi1>` would read the wrong bytes. Run after the conversion to
    the LLVM dialect, this pass rewrites every memory access of a vector of
    `i1` (`llvm.load`, `llvm.store`, `llvm.intr.masked.load`,
    `llvm.intr.masked.store`, `llvm.intr.masked.gather`,
    `llvm.intr.masked.scatter`, `llvm.intr.masked.expandload`,
    `llvm.intr.masked.compressstore`) into the same access of a vector of
    `i8`: a loaded vector becomes bools with `llvm.trunc` and the `nuw`
    flag (each byte of an `i1` memref is 0 or 1; LLVM takes any other byte
    as an undefined `i1`, and `nuw` as poison), a stored one becomes bytes
    with `llvm.zext` (a bool is stored as 0 or 1), and a pass-through value
    is extended likewise. The bytes are still moved as whole vectors, and
    LLVM folds the `and`/`or` of truncated bytes into byte operations. A
    plain load or store without an alignment gets the alignment 1 (of its
    bytes) rather than the one LLVM would assume for the byte vector.

    ```mlir
    %v = llvm.load %p {alignment = 1 : i64} : !llvm.ptr -> vector<16xi1>
    // becomes
    %b = llvm.load %p {alignment = 1 : i64} : !llvm.ptr -> vector<16xi8>
    %v = llvm.trunc %b overflow<nuw> : vector<16xi8> to vector<16xi1>
    ```

    An `llvm.load` or `llvm.store` of an aggregate (array, struct) that
    holds a vector of `i1` is an error: the vector lowering does not make
    them.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ReduceVerifyShardingPass
    : Pass<"reduce-verify-sharding", "::mlir::ModuleOp"> {
  let summary = "Check that a module with shard grids can be partitioned";
  let description = [{
    The first pass of the `distributed` pipeline. In a module with a
    `shard.grid`, every grid must have a static shape and every reduction a
    ranked input and static axes (a runtime axes operand says nothing about
    which dims a process holds); anything else is an error here, before
    `sharding-propagation` and `shard-partition`, which do not stop on it.
  }];
}

def ReduceMPIWorldCommPass : Pass<"reduce-mpi-world-comm"> {
  let summary = "Use the world communicator for groups that are the world";
  let description = [{
    `convert-shard-to-mpi` gives every collective a communicator of its
    reduction group: `mpi.comm_split` of the world, with a color from the
    process's coordinates on the other grid axes. When the color is a
    constant, every process is in the one group, which is the world: the
    split (a new communicator at every call) is replaced by the world
    communicator. The ranks of the split are ordered by its key; the
    collectives this project emits combine the same values in any order of
    the ranks (up to the reassociation of float sums and products, which
    MPI leaves to the implementation either way).
  }];
  let dependentDialects = ["::mlir::mpi::MPIDialect"];
}

def ReduceMPIToLLVMPass : Pass<"reduce-mpi-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower the mpi dialect to calls against Open MPI";
  let description = [{
    Marks the module for the Open MPI ABI (the DLTI entry
    `MPI:Implementation` = `OpenMPI`, unless the module sets another),
    applies upstream's MPI-to-LLVM patterns, then corrects two symbols of
    their Open MPI lowering (MLIR 22):
    - the predefined reduction operations are the globals `ompi_mpi_op_sum`,
      `ompi_mpi_op_max`, ...; the patterns name them `ompi_mpi_sum`, ...,
      which Open MPI does not define;
    - an `MPI_Comm` is a pointer; the patterns load the communicator that
      `MPI_Comm_split` writes as an i32 and sign-extend it. The load is made
      a 64-bit one.
    Each communicator `MPI_Comm_split` makes (one per call of the function)
    is freed (`MPI_Comm_free`) after the last use of it in its block.
    The `shard.grid` ops, which nothing uses after `convert-shard-to-mpi`,
    are erased.
  }];
  let dependentDialects = [
    "::mlir::DLTIDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def ReduceFinalizeLLVMPass : Pass<"reduce-finalize-llvm", "::mlir::ModuleOp"> {
  let summary = "Legalize bf16 vector memory accesses and check that only "
                "the LLVM dialect is left";
  let description = [{
    The last pass of `reduce-to-llvm`. Loads and stores (plain and masked)
    of bf16 vectors become i16 vector accesses and `llvm.bitcast`s, which
    every x86 target legalizes. Then the module is checked: an op outside
    the LLVM dialect (an `unrealized_conversion_cast` left by a partial
    lowering, an unconverted op), or an LLVM op other than a memory access,
    a bitcast, a constant or an aggregate access on a bf16 vector, is
    reported as an error and the pass fails, instead of failing in the
    translation to LLVM IR or crashing the backend.

    A function whose plan records the widest register its code may use
    (`reduce.function_plan` with `vector_bits = 256`, set by
    `reduce-split-reductions` on a function that streams an input with
    registers narrower than the host's) gets LLVM's
    `prefer_vector_width` and `min-legal-vector-width` (passthrough) of that
    width, which keep x86 backends from joining its operations into wider
    registers, and `no_inline`, so that a wrapper without them does not
    take its body in. The function's plan itself is removed from every
    function.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // REDUCE_TRANSFORMS_PASSES_TD
