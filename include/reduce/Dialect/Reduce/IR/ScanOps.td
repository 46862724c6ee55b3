//===- ScanOps.td - Cumulative sum, product, min, max ------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The scans: a reduction along one axis that keeps every partial result
// (ONNX and OpenVINO CumSum, numpy's cumprod and the accumulate of
// np.minimum and np.maximum). One op per combiner, as the reductions have,
// sharing one ODS class; ScanOps.cpp verifies and folds them.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_SCANOPS_TD
#define REDUCE_DIALECT_REDUCE_IR_SCANOPS_TD

/// A text block shared by the descriptions of the scans.
defvar ScanCommonDescription = [{

    **Axis.** `axis` lies in `[-r, r-1]` for an input of rank `r` (so a
    rank-0 input is invalid); a negative axis counts from the end. The
    folder makes it non-negative.

    **Direction.** Output `i` combines the inputs `0..i` along the axis
    (inclusive, the default). With `exclusive` it combines `0..i-1`, so the
    first output is the identity of the combiner; with `reverse` the scan
    runs from the end: inputs `i..n-1` (`i+1..n-1` when also exclusive), as
    ONNX CumSum-11 defines both.

    **Result.** The input's type. A size-0 axis gives an empty result.

    **Element types.** f16, bf16, f32, f64, i8/i16/i32/i64 (signless
    integers are signed) and ui8/ui16/ui32/ui64. As the reductions do,
    f16 and bf16 accumulate in f32 and f32 products in f64, and each output
    is its running value rounded once to the element type (so no error
    builds up in the narrow type). Other floats accumulate in their own
    type, in order along the axis, as numpy does. Integers wrap modulo
    2^bits.
}];

class Reduce_ScanOp<string mnemonic, string kind>
    : Reduce_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins
    Reduce_RankedTensor:$input,
    I64Prop:$axis,
    UnitProp:$exclusive,
    UnitProp:$reverse);
  let results = (outs Reduce_RankedTensor:$result);
  let assemblyFormat = [{
    $input `axis` $axis (`exclusive` $exclusive^)? (`reverse` $reverse^)?
    attr-dict `:` type($input)
  }];

  let hasVerifier = 1;
  let hasFolder = 1;

  let extraClassDeclaration = [{
    /// The combiner of the scan.
    static constexpr ReductionKind kKind = ReductionKind::}] # kind # [{;

    /// The scanned dim, non-negative.
    int64_t getNormalizedAxis() {
      int64_t rank = getInput().getType().getRank();
      return getAxis() < 0 ? getAxis() + rank : getAxis();
    }
  }];
}

def Reduce_CumSumOp : Reduce_ScanOp<"cumsum", "sum"> {
  let summary = "cumulative sum along an axis (CumSum)";
  let description = !strconcat([{
    Computes the running sums of `input` along `axis`, as ONNX CumSum-11
    and -14 (whose axis operand must be a constant to import), OpenVINO
    CumSum-3 and numpy's `cumsum`.

    Example:

    ```mlir
    %s = reduce.cumsum %x axis 1 : tensor<4x16xf32>
    %t = reduce.cumsum %m axis -1 exclusive reverse : tensor<?x128xi64>
    ```

    **Identity.** +0.0 (the first output of an exclusive scan, as ONNX
    specifies it). An inclusive scan starts its running sum at -0.0, the
    exact identity of IEEE addition, so that every output is the one of
    numpy, PyTorch and ONNX Runtime, which start at the first element (a
    row of -0.0 sums to -0.0). NaN and infinities follow IEEE 754
    (`inf + -inf` is NaN).
  }], ScanCommonDescription);
}

def Reduce_CumProdOp : Reduce_ScanOp<"cumprod", "prod"> {
  let summary = "cumulative product along an axis";
  let description = !strconcat([{
    Computes the running products of `input` along `axis`, as numpy's
    `cumprod` and `torch.cumprod`.

    Example:

    ```mlir
    %p = reduce.cumprod %x axis 0 : tensor<8x3xf64>
    ```

    **Identity.** 1. NaN and infinities follow IEEE 754 (`0 * inf` is NaN).
  }], ScanCommonDescription);
}

def Reduce_CumMinOp : Reduce_ScanOp<"cummin", "min"> {
  let summary = "running minimum along an axis";
  let description = !strconcat([{
    Computes the running minimums of `input` along `axis`, as numpy's
    `np.minimum.accumulate` and the values of `torch.cummin`.

    Example:

    ```mlir
    %m = reduce.cummin %x axis 1 : tensor<4x16xui8>
    ```

    **Order.** As `reduce.min` with `nan_mode propagate`: a NaN makes every
    later output NaN, `-0.0` is less than `+0.0`; signless integers compare
    as signed, unsigned as unsigned. **Identity.** `+inf` for floats, the
    largest value of the type for integers.
  }], ScanCommonDescription);
}

def Reduce_CumMaxOp : Reduce_ScanOp<"cummax", "max"> {
  let summary = "running maximum along an axis";
  let description = !strconcat([{
    Computes the running maximums of `input` along `axis`, as numpy's
    `np.maximum.accumulate` and the values of `torch.cummax`.

    Example:

    ```mlir
    %m = reduce.cummax %x axis 0 reverse : tensor<16x4xf32>
    ```

    **Order.** As `reduce.max` with `nan_mode propagate`: a NaN makes every
    later output NaN, `+0.0` is greater than `-0.0`; signless integers
    compare as signed, unsigned as unsigned. **Identity.** `-inf` for
    floats, the lowest value of the type for integers.
  }], ScanCommonDescription);
}

#endif // REDUCE_DIALECT_REDUCE_IR_SCANOPS_TD
