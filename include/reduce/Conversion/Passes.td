//===- Passes.td - Reduce conversion passes ----------------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The passes that convert the reduce dialect into upstream dialects.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_CONVERSION_PASSES_TD
#define REDUCE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ReduceVerifyInputPass : Pass<"reduce-verify-input", "::mlir::ModuleOp"> {
  let summary = "Reject input that the pipeline's passes cannot compile "
                "safely";
  let description = [{
    The first pass of `reduce-to-llvm`. The upstream passes assume what
    their verifiers do not check, and crash or compute garbage without it;
    this pass makes each such assumption an error naming the op:

    - every product of the sizes of a ranked shaped type (of any op's
      operands and results, and of the block arguments) fits in int64
      (`tensor<0x4611686018427387904x4xf32>` has no row-major strides;
      the reduce ops check the same in their verifier, ReduceTraits.h);
    - a `tensor.dim` or `memref.dim` with a constant index names a dim of
      its ranked source (upstream's verifier accepts an index past the
      rank, and a negative one crashes `loop-invariant-subset-hoisting`).
  }];
}

def ConvertReduceToLinalgPass : Pass<"lower-reduce"> {
  let summary = "Lower the reduce dialect to linalg on tensors";
  let description = [{
    Rewrites every reduce op into `linalg.reduce` (a `linalg.generic` for
    NaN-skipping min/max and for log_sum_exp's second pass) over a
    `linalg.fill`-ed `tensor.empty`, a `linalg.map` finalizer where the op
    needs one, and a `tensor.expand_shape` when `keep_dims` is set. Dynamic
    sizes come from `tensor.dim`. docs/pipeline.md has the table of bodies,
    identities and finalizers.

    - Empty axes give the input itself, or the elementwise value of one
      element as a `linalg.map` (|x| for l1, x * x for sum_square,
      sqrt(x * x) for l2, log x for log_sum).
    - The element term (|x|, x * x) is fused into the reduction body;
      mean divides by the count (integers: the sum in i64 or i128,
      truncating toward zero, 0 for an empty set), l2 takes the square root,
      log_sum
      the log; log_sum_exp is the max, then the sum of exp(x - shift) with
      the shift 0 where the max is not finite, then log(sum) + shift.
    - `nan_mode ignore` min/max reduce the numbers (a NaN becomes the
      identity) beside an i8 "a number was seen" flag, then select NaN
      where none was.
    - f16 and bf16 accumulate in f32 and f32 products in f64 (`arith.extf`
      in the body, a wide init), rounded once by the finalizer. With
      `f64-accumulation`, f32 additive reductions (sum, l1, sum_square, l2,
      mean, log_sum) accumulate in f64 the same way.
    - Unsigned tensors are bitcast (`tensor.bitcast`) to signless ones of the
      same width on the way in and back on the way out.

    A constant axes operand is read as its static list (duplicates merged,
    an empty tensor following `empty_axes`).

    A runtime axes operand is read by the emitted code into a mask of the
    reduced dims, which selects (`scf.index_switch`) a reduction over static
    axes: one per subset of the non-unit dims of a static input with at most
    4 of them, else one per pattern of alternating kept and reduced groups
    of dims, the input reshaped to the group sizes. The result is computed
    in the keep-dims shape and reshaped (`tensor.reshape`, unranked when the
    written type is). The function gets one more result, a `tensor<5xi64>`
    status (0, or an axis out of range, or a result shape that contradicts
    the written type; see docs/jit.md), and a `reduce.runtime_checks`
    attribute naming each checked op. Such an op must sit in the body of a
    single-block function that is not called, on an input of rank at most
    16, with axes of at most 64 bits.

    An integer division or remainder on tensors (`arith.divsi`, `divui`,
    `remsi`, `remui`, `floordivsi`, `ceildivsi`) whose divisor is not a
    constant free of 0 (and of -1, when signed) divides by 1 where x86
    would trap, and reports a zero divisor, or the signed minimum divided
    by -1, through the same status: two `reduce.logical_or` over the whole
    divisor, one result per call. It must sit where such an op can.

    The normalization ops (softmax, log_softmax, layer_norm, rms_norm, mvn,
    normalize_l2) are first decomposed as `reduce-decompose-normalizations`
    does.

    An op with an unranked input cannot be lowered: the pass reports it and
    fails.
  }];
  let options = [
    Option<"f64Accumulation", "f64-accumulation", "bool", /*default=*/"false",
           "Accumulate f32 additive reductions (sum, l1, sum_square, l2, "
           "mean, log_sum) in f64, rounded once to f32">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ReduceRecordEqualDimsPass
    : Pass<"reduce-record-equal-dims", "::mlir::func::FuncOp"> {
  let summary = "Record the argument sizes the ops of a function need equal";
  let description = [{
    Runs after `lower-reduce`, on linalg, tensor, scf and the elementwise
    ops of arith and math on tensors. An elementwise op over a
    `tensor<?xf32>` of 3 elements and one of 1 would read past the second;
    nothing in the compiled code checks it, so the caller must. The pass
    finds the classes of equal sizes of each function (the dims an
    elementwise op's operands share, the operand dims a linalg op indexes
    by one loop, the sizes a `tensor.empty` takes from a `tensor.dim`, a
    `tensor.cast` to a static size; not the ops of an `scf.if`, which run
    under a condition, nor the values an `scf.for` carries, whose dynamic
    sizes may change between iterations) and records, for each op that joins two
    classes that each hold an argument's dynamic dim or a static size, one
    check in the function attribute `reduce.equal_dims`
    (include/reduce/Conversion/EqualDims.h):

    ```mlir
    func.func @f(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32>
        attributes {reduce.equal_dims = [
          {lhs = array<i64: 0, 0>, rhs = array<i64: 1, 0>,
           site = "'arith.addf' at m.mlir:2:8"}
        ]}
    ```

    The JIT and the AOT wrappers check them before each call (one
    comparison each) and refuse a call whose sizes disagree, naming the
    dims and the op. A function that already records checks keeps them.
    Sizes computed inside the function (a reduction over runtime axes, a
    reshape to a runtime shape) are not arguments' and are not checked.
  }];
}

def ReduceDecomposeNormalizationsPass
    : Pass<"reduce-decompose-normalizations"> {
  let summary = "Rewrite the normalization ops into reductions and "
                "elementwise generics";
  let description = [{
    Rewrites softmax, log_softmax, layer_norm, rms_norm, mvn and
    normalize_l2 into the reduce ops their descriptions name (over the
    normalized dims, without `keep_dims`) and all-parallel
    `linalg.generic` ops. A generic reads the input with the identity map,
    a statistic through a map that drops the normalized dims, and a scale or
    bias aligned on the last dim (0 on its unit dims). The layer norm's
    `mean` and `inv_std_dev` results are the statistics reshaped by
    `tensor.expand_shape`. `lower-reduce` runs this first; alone, it shows
    the form `reduce-fuse-elementwise` receives.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def RaiseToReducePass : Pass<"raise-to-reduce"> {
  let summary = "Rewrite the reductions of TOSA and linalg into reduce ops";
  let description = [{
    Rewrites reductions written in other dialects into the reduce op of the
    same meaning, so that they get its checks, fusion and kernels. What
    does not match exactly is left as it was.

    - `tosa.reduce_sum`, `reduce_product`, `reduce_min`, `reduce_max`,
      `reduce_all` and `reduce_any` become `reduce.sum`, `prod`, `min`,
      `max`, `logical_and` and `logical_or` over their axis with
      `keep_dims`. TOSA's `nan_mode` (of float min/max) is the op's:
      `PROPAGATE` is `propagate`, `IGNORE` is `ignore`.
    - A `linalg.reduce` or `linalg.generic` with tensor semantics, one
      init, reduction loops, and a result that keeps the parallel loops in
      order, whose body folds one term into the accumulator with one
      combiner: `arith.addf`/`addi` (sum), `mulf`/`muli` (prod),
      `maximumf`/`minimumf` (max/min, NaN propagating), `maxsi`/`minsi`
      (integer max/min),
      `andi`/`ori` on i1 (logical_and/or). A term `|x|` (`math.absf`,
      `absi`) of a summed input gives `reduce.l1`, `x * x` gives
      `reduce.sum_square`; any other term computed elementwise from inputs
      read with the identity map becomes an all-parallel `linalg.generic`
      feeding the reduce op (`sum(a * b)`, a widening `arith.extf`), which
      the pipeline fuses back.
    - The init must be a constant (`linalg.fill` of a constant, or a splat):
      the identity of the op (+0.0 for sums, 1 for products, true/false
      for and/or), or, for min and max, any constant, which is then
      combined with the result by one elementwise generic
      (`tosa-to-linalg` starts a max at the lowest finite float, not
      -inf).
    - A `tensor.expand_shape` that only re-inserts the reduced dims of a
      reduce op with unit size becomes its `keep_dims`; a
      `tensor.collapse_shape` that only removes them clears it.
    - A chain of keep-dims reduce ops of one kind and NaN mode (TOSA's form
      of a reduction over several axes) becomes one over the union of their
      axes: exact for min, max, the logical ops and integers; for float
      sums and products one rounding of the wider accumulator replaces one
      per step.

    - `maxnumf`/`minnumf` from a NaN init over static, non-zero reduced
      dims become max/min with `nan_mode ignore`.
    - `tosa-to-linalg`'s form of an `IGNORE` min/max (a reduction that
      also folds an "every element is NaN" flag, read only by the
      `linalg.select` that puts NaN there) over static, non-zero reduced
      dims becomes the op with `nan_mode ignore`, combined with the init.

    Left alone: other combiners (`minui`, a compare and select; `maxnumf`
    and `minnumf` from another init, whose fold gives the init where every
    element is NaN, where `nan_mode ignore` gives NaN), other inits
    (a function argument, -0.0 for a sum, 2.0 for a product), reductions
    with several results otherwise (side outputs), results that permute the
    parallel loops, terms
    that read an input through a broadcast or transposing map (a matmul),
    and element types the reduce ops reject (`minui`-ordered integers, i4,
    index, f8, ...).

    Float sums and products may be reassociated, as linalg's vectorizer
    also does; the reduce ops accumulate f16 and bf16 in f32 and f32
    products in f64, rounded once.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::reduce::ReduceDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // REDUCE_CONVERSION_PASSES_TD
