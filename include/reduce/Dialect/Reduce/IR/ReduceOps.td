//===- ReduceOps.td - Reduce dialect operations ------------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The reduction operations: reduce.sum, reduce.l1 and reduce.min. They share
// one ODS class: operands, properties, assembly format, verifier, type
// inference and folding hooks.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_TD
#define REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_TD

include "reduce/Dialect/Reduce/IR/ReduceDialect.td"
include "reduce/Dialect/Reduce/IR/ReduceEnums.td"
include "reduce/Dialect/Reduce/IR/ReduceAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/Properties.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Reduce_Element : AnyTypeOf<[F16, BF16, F32, F64, I8, I16, I32, I64,
                                UI8, UI16, UI32, UI64],
    "f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64">;

def Reduce_Tensor : TensorOf<[Reduce_Element]>;

def Reduce_AxesTensor : TensorOf<[AnySignlessInteger]>;

//===----------------------------------------------------------------------===//
// Shared op class
//===----------------------------------------------------------------------===//

/// A text block shared by the descriptions of all reduction ops.
defvar ReduceCommonDescription = [{

    **Axes.** `axes` is either a static list of i64 (`axes [1, 2]`) or a
    0-D or 1-D tensor of any signless integer type (`axes %a`). Each axis
    must lie in `[-r, r-1]` for an input of rank `r`; a negative axis counts
    from the end (`-1` is `r-1`). The static list must not name the same
    dimension twice (`[-1, 3]` on a rank-4 input is a duplicate), as the
    OpenVINO specification requires. A constant axes operand (anything
    `m_Constant` matches: `arith.constant dense<[1]> : tensor<1xi64>`,
    `dense<1> : tensor<i8>`, ...) is verified and inferred exactly as the
    static list of its values, except that repeated axes are merged, as the
    OpenVINO and ONNX runtimes accept them; the canonicalizer folds it into
    the static list. The canonical static list is sorted and non-negative;
    the folder normalizes it.

    **Runtime axes.** A non-constant axes operand is read when the code
    runs: repeated axes are merged and `empty_axes` applies to an empty
    tensor. An axis out of range, or a result whose actual shape contradicts
    a static size or rank of the written result type, is reported to the
    caller as an error (see docs/jit.md), never computed.

    **Empty axes.** An empty static list reduces no dimension. With a runtime
    axes operand, the `empty_axes` property says what an empty axes tensor
    means: `noop` (the default; OpenVINO) reduces nothing, `all` (ONNX
    `noop_with_empty_axes = 0`) reduces every dimension. `empty_axes all` is
    only valid together with an axes operand.

    **Result shape.** The reduced dimensions are removed, or kept with size 1
    when `keep_dims` is present (absent means false, OpenVINO's default).
    Reducing all axes gives one value: a rank-0 tensor, or all-ones with
    `keep_dims`. A rank-0 input is valid (the axes must then be empty). The
    written result type must be compatible with the inferred one, as
    `verifyCompatibleShape` decides: it may be less static (a `?` for a
    known size, or unranked) or more static (a size inference cannot prove),
    never contradict it. With a non-constant axes operand the result rank is
    inferred only when `keep_dims` is set or when the axes tensor names
    exactly one axis (0-D, or 1-D of static size 1); otherwise the inferred
    result is unranked. A written static size must still be one runtime
    axes can give: with `keep_dims` the input size or 1, without it the size
    of an input dim that can be kept at that position.

    **Element types.** f16, bf16, f32, f64, i8/i16/i32/i64 (signless
    integers are signed) and ui8/ui16/ui32/ui64. The result element type is
    the input element type. Any other type (i1, index, complex, f8, ...) is
    rejected: the data must be numeric.

    **Size-0 dimensions.** Reducing over a dimension of size 0 gives the
    identity of the reduction.
}];

class Reduce_ReductionOp<string mnemonic, list<Trait> traits = []>
    : Reduce_Op<mnemonic, !listconcat(traits, [
        Pure,
        InferTypeOpAdaptorWithIsCompatible,
        DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                                  ["reifyResultShapes"]>])> {
  dag commonArgs = (ins
    Reduce_Tensor:$input,
    Optional<Reduce_AxesTensor>:$axes_operand,
    OptionalAttr<DenseI64ArrayAttr>:$axes,
    UnitProp:$keep_dims,
    DefaultValuedProp<EnumProp<Reduce_EmptyAxesMode>,
                      "::mlir::reduce::EmptyAxesMode::noop">:$empty_axes);
  let arguments = commonArgs;
  let results = (outs Reduce_Tensor:$result);

  string commonFormat = [{
    $input `axes` custom<Axes>($axes_operand, $axes)
    (`keep_dims` $keep_dims^)?
    (`empty_axes` $empty_axes^)?
  }];
  string typeFormat = [{
    attr-dict `:` type($input) (`,` type($axes_operand)^)? `->` type($result)
  }];
  let assemblyFormat = commonFormat # typeFormat;

  let builders = [
    // Static axes; the result type is inferred.
    OpBuilder<(ins "::mlir::Value":$input, "::llvm::ArrayRef<int64_t>":$axes,
                   CArg<"bool", "false">:$keepDims), [{
      build($_builder, $_state, input, ::mlir::Value(),
            $_builder.getDenseI64ArrayAttr(axes), keepDims);
    }]>,
    // Runtime axes operand; the result type is inferred.
    OpBuilder<(ins "::mlir::Value":$input, "::mlir::Value":$axesOperand,
                   CArg<"bool", "false">:$keepDims,
                   CArg<"::mlir::reduce::EmptyAxesMode",
                        "::mlir::reduce::EmptyAxesMode::noop">:$emptyAxes), [{
      build($_builder, $_state, input, axesOperand,
            ::mlir::DenseI64ArrayAttr(), keepDims, emptyAxes);
    }]>
  ];

  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;

  code commonExtraClassDeclaration = [{
    /// The reduction kind implemented by this op.
    static constexpr ReductionKind kKind = ReductionKind::}] # mnemonic # [{;

    /// Returns true when the axes are given as a static list.
    bool hasStaticAxes() { return getAxes().has_value(); }
  }];
  let extraClassDeclaration = commonExtraClassDeclaration;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

def Reduce_SumOp : Reduce_ReductionOp<"sum"> {
  let summary = "sum of the elements over the given axes (ReduceSum)";
  let description = !strconcat([{
    Computes the sum of the elements of `input` over `axes`, as OpenVINO
    ReduceSum-1 and ONNX ReduceSum (up to opset 18).

    Example:

    ```mlir
    %r = reduce.sum %x axes [2, 3] keep_dims
        : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
    %s = reduce.sum %y axes %a : tensor<6x12xf32>, tensor<1xi64> -> tensor<?xf32>
    ```

    **Arithmetic.** Integer sums wrap modulo 2^bits. f16 and bf16 accumulate
    in f32 and are rounded once at the end. The identity (the sum over a
    size-0 dimension) is +0.0 (so a sum of -0.0 values is +0.0). Empty axes
    fold to the input. NaN and infinities follow IEEE 754 (`inf + -inf` is
    NaN). Float sums may be reassociated by lowerings; the constant folder
    adds in row-major order.
  }], ReduceCommonDescription);
}

def Reduce_L1Op : Reduce_ReductionOp<"l1"> {
  let summary = "sum of absolute values over the given axes (ReduceL1)";
  let description = !strconcat([{
    Computes the L1 norm, the sum of `|x|`, of `input` over `axes`, as
    OpenVINO ReduceL1-4 and ONNX ReduceL1 (up to opset 18).

    Example:

    ```mlir
    %r = reduce.l1 %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
    ```

    **Arithmetic.** As `reduce.sum` on `|x|`: integer sums wrap modulo
    2^bits, and `|x|` of the minimum signed value wraps to itself (`|-128|`
    is `-128` in i8); unsigned values are their own absolute value. f16 and
    bf16 accumulate in f32 and are rounded once. The identity is 0. With
    empty axes the result is the elementwise `|x|` (the L1 norm of a single
    element, as the OpenVINO reference and ONNX-18 compute it); the
    canonicalizer rewrites it to `math.absf` / `math.absi`.
  }], ReduceCommonDescription);
}

def Reduce_MinOp : Reduce_ReductionOp<"min"> {
  let summary = "minimum of the elements over the given axes (ReduceMin)";
  let description = !strconcat([{
    Computes the minimum of the elements of `input` over `axes`, as OpenVINO
    ReduceMin-1 and ONNX ReduceMin (up to opset 18).

    Example:

    ```mlir
    %r = reduce.min %x axes [] : tensor<?x4xi32> -> tensor<?x4xi32>
    %m = reduce.min %y axes [1] nan_mode ignore : tensor<4x8xf32> -> tensor<4xf32>
    ```

    **Order.** Signless integers compare as signed, unsigned as unsigned.
    For floats `-0.0` is less than `+0.0`.

    **NaN.** The `nan_mode` property selects how NaN inputs are treated:
    `propagate` (the default; any NaN in the reduced set gives NaN, as numpy
    and the IEEE 754-2019 `minimum` operation) or `ignore` (NaNs are
    skipped, as the OpenVINO reference does; a set that is all NaN gives
    NaN).

    **Identity.** The minimum over a size-0 dimension is `+inf` for floats
    and the largest value of the type for integers (the ONNX-18 rule).
    Empty axes fold to the input.
  }], ReduceCommonDescription);

  let arguments = !con(commonArgs, (ins
    DefaultValuedProp<EnumProp<Reduce_NanMode>,
                      "::mlir::reduce::NanMode::propagate">:$nan_mode));
  let assemblyFormat = commonFormat # [{ (`nan_mode` $nan_mode^)? }]
                       # typeFormat;
}

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_TD
