//===- ReduceOps.td - Reduce dialect operations ------------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The reduction operations: the OpenVINO and ONNX Reduce* family. They share
// one ODS class: operands, properties, assembly format, verifier, type
// inference and folding hooks.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_TD
#define REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_TD

include "reduce/Dialect/Reduce/IR/ReduceDialect.td"
include "reduce/Dialect/Reduce/IR/ReduceEnums.td"
include "reduce/Dialect/Reduce/IR/ReductionOpInterface.td"
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

def Reduce_BoolTensor : TensorOf<[I1]>;

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

    **Element types.** The numeric ops (`sum`, `l1`, `sum_square`, `prod`,
    `mean`, `min`, `max`, `l2`, `log_sum`, `log_sum_exp`) take f16, bf16,
    f32, f64, i8/i16/i32/i64 (signless integers are signed) and
    ui8/ui16/ui32/ui64; `logical_and` and `logical_or` take i1 only. The
    result element type is the input element type. Any other type (index,
    complex, f8, ...) is rejected.

    **Size-0 dimensions.** Reducing over a dimension of size 0 gives the
    identity of the reduction.
}];

class Reduce_ReductionOp<string mnemonic,
                         TypeConstraint tensorType = Reduce_Tensor,
                         list<Trait> traits = []>
    : Reduce_Op<mnemonic, !listconcat(traits, [
        Pure,
        Reduce_ReductionOpInterface,
        InferTypeOpAdaptorWithIsCompatible,
        DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                                  ["reifyResultShapes"]>])> {
  dag commonArgs = (ins
    tensorType:$input,
    Optional<Reduce_AxesTensor>:$axes_operand,
    OptionalAttr<DenseI64ArrayAttr>:$axes,
    UnitProp:$keep_dims,
    DefaultValuedProp<EnumProp<Reduce_EmptyAxesMode>,
                      "::mlir::reduce::EmptyAxesMode::noop">:$empty_axes);
  let arguments = commonArgs;
  let results = (outs tensorType:$result);

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
  }];
  let extraClassDeclaration = commonExtraClassDeclaration;

  // The hooks of every reduction, from the helpers of ReduceOps.cpp.
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return verifyReduction(*this);
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> location,
        Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      return inferReductionReturnTypes<$cppClass>(location, adaptor,
                                                  inferredReturnTypes);
    }
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange l,
                                            ::mlir::TypeRange r) {
      return areCompatibleReturnTypes(l, r);
    }
    ::llvm::LogicalResult $cppClass::reifyResultShapes(
        ::mlir::OpBuilder &builder,
        ::mlir::ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
      return reifyReductionShapes(*this, builder, reifiedReturnShapes);
    }
  }];
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

/// The ops with a `nan_mode` property: min and max.
class Reduce_NanModeReductionOp<string mnemonic>
    : Reduce_ReductionOp<mnemonic> {
  let arguments = !con(commonArgs, (ins
    DefaultValuedProp<EnumProp<Reduce_NanMode>,
                      "::mlir::reduce::NanMode::propagate">:$nan_mode));
  let assemblyFormat = commonFormat # [{ (`nan_mode` $nan_mode^)? }]
                       # typeFormat;
}

/// The integer paragraph shared by reduce.l2, reduce.log_sum and
/// reduce.log_sum_exp.
defvar ReduceIntegerViaF64Description = [{

    **Integers.** As ONNX Runtime and OpenVINO compute them: the input is
    converted to f64, the op is computed there as for f64 (so squares do
    not wrap: the L2 norm of i32 `[50000, 50000]` is `70710`), and the f64
    result is converted to the element type, truncating toward zero
    (`log_sum_exp` of i32 `[5, 5, 3]` is `5`). The conversion saturates: a
    result above the type's range gives its largest value (the L2 norm of
    i32 `[-2147483648]` is `2147483647`), one below it the lowest (the log
    of a zero sum, `-inf`, gives the type's lowest value; 0 for unsigned
    types), and NaN (the log of a negative sum) gives 0. (ONNX Runtime's
    C++ cast is undefined there; on x86 it gives the lowest value.)
}];

/// The NaN paragraph shared by reduce.min and reduce.max.
defvar ReduceNanModeDescription = [{

    **NaN.** The `nan_mode` property selects how NaN inputs are treated:
    `propagate` (the default; any NaN in the reduced set gives NaN, as numpy
    and the IEEE 754-2019 `minimum` and `maximum` operations) or `ignore`
    (NaNs are skipped, as the OpenVINO reference does; a set that is all NaN
    gives NaN).
}];

def Reduce_MinOp : Reduce_NanModeReductionOp<"min"> {
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

    **Identity.** The minimum over a size-0 dimension is `+inf` for floats
    and the largest value of the type for integers (the ONNX-18 rule).
    Empty axes fold to the input.
  }], ReduceNanModeDescription, ReduceCommonDescription);
}

def Reduce_MaxOp : Reduce_NanModeReductionOp<"max"> {
  let summary = "maximum of the elements over the given axes (ReduceMax)";
  let description = !strconcat([{
    Computes the maximum of the elements of `input` over `axes`, as OpenVINO
    ReduceMax-1 and ONNX ReduceMax (up to opset 18; ONNX-20's ReduceMax on
    bool is `reduce.logical_or`).

    Example:

    ```mlir
    %r = reduce.max %x axes [0] : tensor<3x4xui8> -> tensor<4xui8>
    %m = reduce.max %y axes [1] nan_mode ignore : tensor<4x8xf32> -> tensor<4xf32>
    ```

    **Order.** Signless integers compare as signed, unsigned as unsigned.
    For floats `+0.0` is greater than `-0.0`.

    **Identity.** The maximum over a size-0 dimension is `-inf` for floats
    and the lowest value of the type for integers (the ONNX-18 rule).
    Empty axes fold to the input.
  }], ReduceNanModeDescription, ReduceCommonDescription);
}

def Reduce_ProdOp : Reduce_ReductionOp<"prod"> {
  let summary = "product of the elements over the given axes (ReduceProd)";
  let description = !strconcat([{
    Computes the product of the elements of `input` over `axes`, as OpenVINO
    ReduceProd-1 and ONNX ReduceProd (up to opset 18).

    Example:

    ```mlir
    %r = reduce.prod %x axes [1] keep_dims : tensor<2x3xi32> -> tensor<2x1xi32>
    ```

    **Arithmetic.** Integer products wrap modulo 2^bits. f16 and bf16
    accumulate in f32, f32 in f64, and are rounded once at the end (partial
    products of f32 values near 1, as a vectorized order forms them, drift
    by a systematic rounding bias: 3e-3 relative over 2^24 factors). The identity (the
    product over a size-0 dimension) is 1. Empty axes fold to the input.
    NaN and infinities follow IEEE 754 (`0 * inf` is NaN). Float products
    may be reassociated by lowerings; the constant folder multiplies in
    row-major order.
  }], ReduceCommonDescription);
}

def Reduce_MeanOp : Reduce_ReductionOp<"mean"> {
  let summary = "arithmetic mean over the given axes (ReduceMean)";
  let description = !strconcat([{
    Computes the mean, the sum divided by the number of reduced elements, of
    `input` over `axes`, as OpenVINO ReduceMean-1 and ONNX ReduceMean (up to
    opset 18).

    Example:

    ```mlir
    %r = reduce.mean %x axes [-1] : tensor<4x8xf32> -> tensor<4xf32>
    ```

    **Arithmetic.** Floats: the sum as `reduce.sum` computes it (f16 and
    bf16 in f32), divided once by the count converted to the accumulator
    type, then rounded. Integers: the exact mean, truncated toward zero
    (signless values divide as signed, unsigned as unsigned). The sum does
    not wrap, so the mean of values that fit the type fits it too (ONNX
    Runtime's mean of three int32 `2000000000` is `2000000000`). Lowerings
    accumulate it in the narrowest of i32, i64 and i128 that holds any sum
    of the reduced count when that count is static (i8 rows of up to 2^24
    values in i32), else in i64 (i128 for 64-bit values). i64 holds every
    sum of up to 2^32 32-bit values: only a result of a dynamic count that
    reduces more (a 16 GiB input) may wrap.

    **Identity.** Neither specification defines the mean of an empty set.
    We chose what the arithmetic gives for floats, `0 / 0`, which is NaN
    (as numpy's `mean`), and 0 for integers, where no NaN exists. Empty axes
    fold to the input (the mean of one element).
  }], ReduceCommonDescription);
}

def Reduce_SumSquareOp : Reduce_ReductionOp<"sum_square"> {
  let summary = "sum of squares over the given axes (ReduceSumSquare)";
  let description = !strconcat([{
    Computes the sum of `x * x` of `input` over `axes`, as ONNX
    ReduceSumSquare (up to opset 18).

    Example:

    ```mlir
    %r = reduce.sum_square %x axes [0, 1] : tensor<3x2x2xf32> -> tensor<2xf32>
    ```

    **Arithmetic.** As `reduce.sum` on `x * x`: integer products and sums
    wrap modulo 2^bits; f16 and bf16 square and accumulate in f32 and are
    rounded once. The identity is 0. With empty axes the result is the
    elementwise `x * x` (the sum of squares of a single element, as ONNX-18
    computes it).
  }], ReduceCommonDescription);
}

def Reduce_L2Op : Reduce_ReductionOp<"l2"> {
  let arguments = !con(commonArgs, (ins
    DefaultValuedProp<EnumProp<Reduce_IntRounding>,
                      "::mlir::reduce::IntRounding::toward_zero">:$rounding));
  let assemblyFormat = commonFormat # [{ (`rounding` $rounding^)? }]
                       # typeFormat;
  let summary = "Euclidean norm over the given axes (ReduceL2)";
  let description = !strconcat([{
    Computes the L2 norm, `sqrt(sum(x * x))`, of `input` over `axes`, as
    OpenVINO ReduceL2-4 and ONNX ReduceL2 (up to opset 18).

    Example:

    ```mlir
    %r = reduce.l2 %x axes [2] keep_dims : tensor<3x2x2xf32> -> tensor<3x2x1xf32>
    %n = reduce.l2 %y axes [1] rounding nearest_even : tensor<3x2xi32> -> tensor<3xi32>
    ```

    **Arithmetic.** One pass: the squares are summed as `reduce.sum_square`
    sums them (f16 and bf16 in f32) and the square root (correctly rounded)
    is taken once per result, then rounded to the element type. As the
    formula says, squares that overflow give `+inf`: the norm is not
    rescaled. The identity is 0. With empty axes the result is the
    elementwise `sqrt(x * x)`, the norm of a single element.

    **Rounding.** For integer element types the `rounding` property says
    how the f64 norm becomes an integer: `toward_zero` (the default; ONNX
    Runtime: ReduceL2 of int32 `[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]`
    over axes 0 and 2 is `[15, 20]`) or `nearest_even` (OpenVINO, whose
    reference converts its f32 result back with rounding: the norm of
    `[5, 6]` is `8`). Both saturate as described below. A float element
    type takes only the default.
  }], ReduceIntegerViaF64Description, ReduceCommonDescription);
}

def Reduce_LogSumOp : Reduce_ReductionOp<"log_sum"> {
  let summary = "natural log of the sum over the given axes (ReduceLogSum)";
  let description = !strconcat([{
    Computes `log(sum(x))` of `input` over `axes`, as ONNX ReduceLogSum (up
    to opset 18).

    Example:

    ```mlir
    %r = reduce.log_sum %x axes [0] : tensor<3x4xf32> -> tensor<4xf32>
    ```

    **Arithmetic.** One pass: the sum as `reduce.sum` computes it (f16 and
    bf16 in f32), then one `log` per result, then rounded to the element
    type. `log(0)` is `-inf` (so is the identity, the value over a size-0
    dimension), the log of a negative sum is NaN. With empty axes the result
    is the elementwise `log(x)`.
  }], ReduceIntegerViaF64Description, ReduceCommonDescription);
}

def Reduce_LogSumExpOp
    : Reduce_ReductionOp<"log_sum_exp"> {
  let summary = "log of the sum of exponentials over the given axes "
                "(ReduceLogSumExp)";
  let description = !strconcat([{
    Computes `log(sum(exp(x)))` of `input` over `axes`, as ONNX
    ReduceLogSumExp (up to opset 18), without overflow.

    Example:

    ```mlir
    %r = reduce.log_sum_exp %x axes [1] : tensor<3x4xf32> -> tensor<3xf32>
    ```

    **Arithmetic.** In the accumulator type (f32 for f16 and bf16). One pass
    computes `sum(exp(x))` for every result; when each of these sums is
    finite and at least `n * 2^30` times the type's smallest normal value
    (`n` the reduced count: ordinary data, logits), the results are their
    logs. Otherwise two passes compute every result again: the maximum `m`
    of the reduced set (NaN-propagating), then `log(sum(exp(x - s))) + s`
    with the shift `s = m` when `m` is finite and `s = 0` otherwise. So
    inputs like 1000.0 do not overflow, inputs like -200.0 do not
    underflow, and the result is exactly what the math gives at the edges:
    `+inf` when an element is `+inf` (and none is NaN), NaN when an element
    is NaN, `-inf` when every element is `-inf` and for a size-0 dimension
    (the identity). Both ways agree within the summation bound: the
    exponentials that the one pass flushes to 0 move its sums by at most
    `2^-30` of themselves.
    With empty axes the result is the input (the shift makes
    `log(exp(x - x)) + x` exact; for integers too).
  }], ReduceIntegerViaF64Description, ReduceCommonDescription);
}

def Reduce_LogicalAndOp
    : Reduce_ReductionOp<"logical_and", Reduce_BoolTensor> {
  let summary = "logical and of i1 elements over the given axes "
                "(ReduceLogicalAnd)";
  let description = !strconcat([{
    Computes whether all elements of the i1 `input` are true over `axes`, as
    OpenVINO ReduceLogicalAnd-1 and ONNX-20 ReduceMin on bool.

    Example:

    ```mlir
    %r = reduce.logical_and %x axes [1] : tensor<4x8xi1> -> tensor<4xi1>
    ```

    **Identity.** True (the `and` of an empty set). Empty axes fold to the
    input.
  }], ReduceCommonDescription);
}

def Reduce_LogicalOrOp
    : Reduce_ReductionOp<"logical_or", Reduce_BoolTensor> {
  let summary = "logical or of i1 elements over the given axes "
                "(ReduceLogicalOr)";
  let description = !strconcat([{
    Computes whether any element of the i1 `input` is true over `axes`, as
    OpenVINO ReduceLogicalOr-1 and ONNX-20 ReduceMax on bool.

    Example:

    ```mlir
    %r = reduce.logical_or %x axes [0] keep_dims : tensor<4x8xi1> -> tensor<1x8xi1>
    ```

    **Identity.** False (the `or` of an empty set). Empty axes fold to the
    input.
  }], ReduceCommonDescription);
}

include "reduce/Dialect/Reduce/IR/NormalizationOps.td"

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_TD
