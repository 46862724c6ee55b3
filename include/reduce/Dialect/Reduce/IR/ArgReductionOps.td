//===- ArgReductionOps.td - ArgMax and ArgMin ops ----------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The arg-reductions: the index of the largest or smallest element along one
// axis (ONNX ArgMax/ArgMin, OpenVINO TopK with k = 1, tosa.argmax). They
// share one ODS class; ArgReductionOps.cpp verifies and folds them.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_ARGREDUCTIONOPS_TD
#define REDUCE_DIALECT_REDUCE_IR_ARGREDUCTIONOPS_TD

def Reduce_RankedTensor : RankedTensorOf<[Reduce_Element]>;

def Reduce_IndexTensor : RankedTensorOf<[I32, I64]>;

/// A text block shared by the descriptions of argmax and argmin.
defvar ArgReductionCommonDescription = [{

    **Axis.** `axis` lies in `[-r, r-1]` for an input of rank `r` (so a
    rank-0 input is invalid); a negative axis counts from the end. The
    folder makes it non-negative.

    **Result.** The reduced dim is removed, or kept with size 1 under
    `keep_dims`; the written result type must have exactly that shape.
    Its element type, i64 (ONNX, OpenVINO) or i32 (TOSA), is the type of
    the index, which counts from 0 along the axis.

    **Ties.** Equal values give the first index, or the last with
    `select_last_index` (ONNX ArgMax-12). `-0.0` and `+0.0` are equal, as
    IEEE 754 compares them (numpy and PyTorch agree).

    **NaN.** With `nan_mode propagate` (the default) a NaN is the largest
    value for `argmax` and the smallest for `argmin`, and NaNs are equal to
    one another: the index is that of the first NaN of the set (the last
    with `select_last_index`), as numpy's and PyTorch's argmax and argmin
    give it. With `nan_mode ignore` NaNs are skipped; a set of NaNs only
    gives 0. Integers have no NaN and ignore the property.

    **Element types.** f16, bf16, f32, f64, i8/i16/i32/i64 (signless
    integers compare as signed) and ui8/ui16/ui32/ui64 (unsigned).

    **Size-0 dimensions.** The index of an element of an empty set does
    not exist: a static reduced dim of size 0 is a verifier error, and a
    dynamic one that is 0 when the code runs is reported to the caller as
    an error (docs/jit.md), never an index. Other dims of size 0 give an
    empty result.
}];

class Reduce_ArgReductionOp<string mnemonic, string kind>
    : Reduce_Op<mnemonic, [Pure]> {
  let arguments = (ins
    Reduce_RankedTensor:$input,
    I64Prop:$axis,
    UnitProp:$keep_dims,
    UnitProp:$select_last_index,
    DefaultValuedProp<EnumProp<Reduce_NanMode>,
                      "::mlir::reduce::NanMode::propagate">:$nan_mode);
  let results = (outs Reduce_IndexTensor:$result);
  let assemblyFormat = [{
    $input `axis` $axis (`keep_dims` $keep_dims^)?
    (`select_last_index` $select_last_index^)? (`nan_mode` $nan_mode^)?
    attr-dict `:` type($input) `->` type($result)
  }];

  let builders = [
    // The result type is inferred, with indices of `indexType` (i64 when
    // null).
    OpBuilder<(ins "::mlir::Value":$input, "int64_t":$axis,
                   CArg<"bool", "false">:$keepDims,
                   CArg<"bool", "false">:$selectLastIndex,
                   CArg<"::mlir::reduce::NanMode",
                        "::mlir::reduce::NanMode::propagate">:$nanMode,
                   CArg<"::mlir::Type", "{}">:$indexType), [{
      build($_builder, $_state,
            inferArgReductionType(
                ::llvm::cast<::mlir::RankedTensorType>(input.getType()),
                axis, keepDims,
                indexType ? indexType : $_builder.getI64Type()),
            input, axis, keepDims, selectLastIndex, nanMode);
    }]>
  ];

  let hasVerifier = 1;
  let hasFolder = 1;

  let extraClassDeclaration = [{
    /// The order the op selects by: max for argmax, min for argmin.
    static constexpr ReductionKind kKind = ReductionKind::}] # kind # [{;

    /// The reduced dim, non-negative.
    int64_t getNormalizedAxis() {
      int64_t rank = getInput().getType().getRank();
      return getAxis() < 0 ? getAxis() + rank : getAxis();
    }
  }];
}

def Reduce_ArgMaxOp : Reduce_ArgReductionOp<"argmax", "max"> {
  let summary = "index of the largest element along an axis (ArgMax)";
  let description = !strconcat([{
    Computes the index of the largest element of `input` along `axis`, as
    ONNX ArgMax (opsets 1 to 13), OpenVINO TopK with `k = 1` in `max` mode
    (its index output) and `tosa.argmax`.

    Example:

    ```mlir
    %i = reduce.argmax %x axis 1 : tensor<4x16xf32> -> tensor<4xi64>
    %j = reduce.argmax %y axis -1 keep_dims select_last_index
        : tensor<?x8xi8> -> tensor<?x1xi32>
    ```
  }], ArgReductionCommonDescription);
}

def Reduce_ArgMinOp : Reduce_ArgReductionOp<"argmin", "min"> {
  let summary = "index of the smallest element along an axis (ArgMin)";
  let description = !strconcat([{
    Computes the index of the smallest element of `input` along `axis`, as
    ONNX ArgMin (opsets 1 to 13) and OpenVINO TopK with `k = 1` in `min`
    mode (its index output).

    Example:

    ```mlir
    %i = reduce.argmin %x axis 0 nan_mode ignore
        : tensor<4x16xf16> -> tensor<16xi64>
    ```
  }], ArgReductionCommonDescription);
}

#endif // REDUCE_DIALECT_REDUCE_IR_ARGREDUCTIONOPS_TD
