//===- NormalizationOps.td - Normalization ops -------------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The normalizations of ONNX and OpenVINO: softmax and log-softmax, layer,
// RMS, mean-variance and L2 normalization. Each is a reduction whose result
// is broadcast back over its own input; `lower-reduce` decomposes them into
// reduce ops and elementwise linalg.generic ops, which
// `reduce-fuse-elementwise` turns into at most two passes over the input.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_NORMALIZATIONOPS_TD
#define REDUCE_DIALECT_REDUCE_IR_NORMALIZATIONOPS_TD

def Reduce_FloatTensor : RankedTensorOf<[F16, BF16, F32, F64]>;

def Reduce_FloatType : TypeAttrOf<AnyTypeOf<[F16, BF16, F32, F64]>>;

/// A text block shared by the descriptions of the normalization ops.
defvar NormalizationCommonDescription = [{

    **Element types.** f16, bf16, f32 and f64 on ranked tensors, static or
    dynamic. Unless the op says otherwise, every step computes in the
    element type: f16 and bf16 reductions accumulate in f32 and round once,
    as the reduction ops do, and each f16 or bf16 elementwise step is
    computed in f32 and rounded to the element type, which is the correctly
    rounded result of `+`, `-`, `*`, `/` and `sqrt` in that type (f32 has
    more than twice their precision plus two bits).

    **Lowering.** `lower-reduce` (and `reduce-decompose-normalizations`
    alone) rewrites the op into the reduce ops it names and elementwise
    `linalg.generic` ops whose inputs are the statistics broadcast back over
    the input; `reduce-fuse-elementwise` then computes the statistics in one
    pass and the output in a second one.
}];

class Reduce_SoftmaxOpBase<string mnemonic>
    : Reduce_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins Reduce_FloatTensor:$input, I64Prop:$axis,
                       UnitProp:$coerce_2d);
  let results = (outs Reduce_FloatTensor:$result);
  let assemblyFormat = [{
    $input `axis` $axis (`coerce_2d` $coerce_2d^)? attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The dims the op normalizes over, sorted and non-negative: the axis,
    /// or with `coerce_2d` every dim from the axis on.
    ::llvm::SmallVector<int64_t> getNormalizedAxes();
  }];
}

defvar SoftmaxAxisDescription = [{

    **Axis.** `axis` lies in `[-r, r-1]` for an input of rank `r` (so a
    rank-0 input is invalid). Without `coerce_2d` the op normalizes over
    that one dim (ONNX opset 13 and later, OpenVINO). With `coerce_2d` it
    normalizes over every dim from `axis` on, as ONNX opsets 1 to 11 do by
    coercing the input into a 2-D matrix `[d0 * ... * d(axis-1),
    d(axis) * ... * d(r-1)]`. OpenVINO SoftMax-1 takes only a non-negative
    axis; the importer checks that. The folder makes the axis non-negative
    and drops `coerce_2d` when the axis is the last dim (both forms then
    normalize over that one dim).

    **Special values.** As the formula gives them: a row holding `+inf`
    gives NaN (`inf - inf`), a row of `-inf` only gives NaN, a NaN makes
    its row NaN. A size-0 normalized dim gives an empty result.
}];

def Reduce_SoftmaxOp : Reduce_SoftmaxOpBase<"softmax"> {
  let summary = "softmax over an axis (Softmax, SoftMax)";
  let description = !strconcat([{
    Computes `exp(x - max(x)) / sum(exp(x - max(x)))` over the normalized
    dims, as ONNX Softmax-13 (Softmax-1 and -11 with `coerce_2d`) and
    OpenVINO SoftMax-1 and SoftMax-8.

    Example:

    ```mlir
    %y = reduce.softmax %x axis -1 : tensor<4x16xf32>
    %z = reduce.softmax %x axis 1 coerce_2d : tensor<2x3x5xf32>
    ```

    **Decomposition.** `reduce.max`, then `reduce.sum` of `exp(x - max)`,
    then `exp(x - max) / sum`.
  }], SoftmaxAxisDescription, NormalizationCommonDescription);
}

def Reduce_LogSoftmaxOp : Reduce_SoftmaxOpBase<"log_softmax"> {
  let summary = "log of the softmax over an axis (LogSoftmax)";
  let description = !strconcat([{
    Computes `x - max(x) - log(sum(exp(x - max(x))))` over the normalized
    dims, as ONNX LogSoftmax-13 (LogSoftmax-1 and -11 with `coerce_2d`) and
    OpenVINO LogSoftmax-5.

    Example:

    ```mlir
    %y = reduce.log_softmax %x axis 1 : tensor<4x16xf32>
    ```

    **Decomposition.** `reduce.max`, then `reduce.sum` of `exp(x - max)`,
    then `(x - max) - log(sum)`.
  }], SoftmaxAxisDescription, NormalizationCommonDescription);
}

def Reduce_LayerNormOp
    : Reduce_Op<"layer_norm", [Pure, InferTypeOpAdaptor]> {
  let summary = "layer normalization (LayerNormalization)";
  let description = !strconcat([{
    Normalizes `input` over every dim from `axis` on to zero mean and unit
    variance, then scales and shifts it, as ONNX LayerNormalization-17:

    ```
    mean = mean(x)                          (over dims axis..r-1)
    d = x - mean
    inv_std_dev = 1 / sqrt(mean(d * d) + epsilon)
    result = (d * inv_std_dev) * scale + bias
    ```

    Example:

    ```mlir
    %y, %mean, %inv = reduce.layer_norm %x, %w, %b axis -1 epsilon 1.0e-05
        stash_type f32 : tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>
    ```

    **Operands.** `axis` lies in `[-r, r-1]`. `scale` and the optional
    `bias` have static shapes that broadcast to the input's (numpy rules,
    aligned on the last dim: each of their dims is 1 or the input's), and
    the input's element type.

    **Results.** `result` has the input's type. `mean` and `inv_std_dev`
    (ONNX's optional Mean and InvStdDev outputs) have the input's shape
    with the normalized dims set to 1, and the element type `stash_type`.

    **Precision.** As the ONNX function: the input is converted to
    `stash_type` (ONNX's `stash_type = 1` is f32), `mean`, `d`,
    `inv_std_dev` and `d * inv_std_dev` are computed in it, and that
    product is converted back to the element type, in which the scale and
    the bias apply. The variance is the mean of the centred squares, which
    is never negative. `epsilon` is rounded to `stash_type`.
  }], NormalizationCommonDescription);
  let arguments = (ins Reduce_FloatTensor:$input, Reduce_FloatTensor:$scale,
                       Optional<Reduce_FloatTensor>:$bias, I64Prop:$axis,
                       F64Attr:$epsilon, Reduce_FloatType:$stash_type);
  let results = (outs Reduce_FloatTensor:$result, Reduce_FloatTensor:$mean,
                      Reduce_FloatTensor:$inv_std_dev);
  let assemblyFormat = [{
    $input `,` $scale (`,` $bias^)? `axis` $axis `epsilon` $epsilon
    `stash_type` $stash_type attr-dict `:` type($input) `,` type($scale)
    (`,` type($bias)^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The dims the op normalizes over: axis..r-1.
    ::llvm::SmallVector<int64_t> getNormalizedAxes();
  }];
}

def Reduce_RmsNormOp : Reduce_Op<"rms_norm", [Pure, InferTypeOpAdaptor]> {
  let summary = "root-mean-square normalization (RMSNormalization)";
  let description = !strconcat([{
    Divides `input` by the root mean square over every dim from `axis` on,
    then scales it, as ONNX RMSNormalization-23:

    ```
    result = (x * (1 / sqrt(mean(x * x) + epsilon))) * scale
    ```

    Example:

    ```mlir
    %y = reduce.rms_norm %x, %w axis -1 epsilon 1.0e-05 stash_type f32
        : tensor<4x64xf16>, tensor<64xf16>
    ```

    **Operands.** `axis` lies in `[-r, r-1]`; `scale` has a static shape
    that broadcasts to the input's (numpy rules, aligned on the last dim)
    and the input's element type. The result has the input's type.

    **Precision.** As the ONNX function: the input is converted to
    `stash_type`, the mean of squares, the reciprocal of the root and the
    normalized value are computed in it, and the normalized value is
    converted back to the element type, in which the scale applies.
  }], NormalizationCommonDescription);
  let arguments = (ins Reduce_FloatTensor:$input, Reduce_FloatTensor:$scale,
                       I64Prop:$axis, F64Attr:$epsilon,
                       Reduce_FloatType:$stash_type);
  let results = (outs Reduce_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $scale `axis` $axis `epsilon` $epsilon `stash_type` $stash_type
    attr-dict `:` type($input) `,` type($scale)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The dims the op normalizes over: axis..r-1.
    ::llvm::SmallVector<int64_t> getNormalizedAxes();
  }];
}

def Reduce_MvnOp : Reduce_Op<"mvn", [Pure, SameOperandsAndResultType]> {
  let summary = "mean-variance normalization (MVN, "
                "MeanVarianceNormalization)";
  let description = !strconcat([{
    Subtracts the mean over `axes` and, with `normalize_variance`, divides
    by the standard deviation, as OpenVINO MVN-6:

    ```
    d = x - mean(x)                            (over axes)
    inside_sqrt:  result = d / sqrt(mean(d * d) + epsilon)
    outside_sqrt: result = d / (sqrt(mean(d * d)) + epsilon)
    ```

    and without `normalize_variance`, `result = d`. ONNX
    MeanVarianceNormalization (opsets 9 and 13) is
    `normalize_variance epsilon 1.0e-09 eps_mode outside_sqrt` over its
    axes (default `[0, 2, 3]`).

    Example:

    ```mlir
    %y = reduce.mvn %x axes [2, 3] normalize_variance epsilon 1.0e-09
        eps_mode outside_sqrt : tensor<1x3x4x4xf32>
    ```

    **Axes.** Each lies in `[-r, r-1]`, none twice; the folder makes the
    list sorted and non-negative. Empty axes normalize each element by
    itself: `d` is 0.

    **Variance.** The mean of the centred squares. ONNX's function writes
    it as `mean(x * x) - mean(x)^2`; both are equal in exact arithmetic,
    and the centred form has no cancellation (it is never negative).
  }], NormalizationCommonDescription);
  let arguments = (ins Reduce_FloatTensor:$input, DenseI64ArrayAttr:$axes,
                       UnitProp:$normalize_variance, F64Attr:$epsilon,
                       EnumProp<Reduce_MvnEpsMode>:$eps_mode);
  let results = (outs Reduce_FloatTensor:$result);
  let assemblyFormat = [{
    $input `axes` $axes (`normalize_variance` $normalize_variance^)?
    `epsilon` $epsilon `eps_mode` $eps_mode attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The axes, sorted and non-negative.
    ::llvm::SmallVector<int64_t> getNormalizedAxes();
  }];
}

def Reduce_NormalizeL2Op
    : Reduce_Op<"normalize_l2", [Pure, SameOperandsAndResultType]> {
  let summary = "L2 normalization (NormalizeL2)";
  let description = !strconcat([{
    Divides `input` by its L2 norm over `axes`, as OpenVINO NormalizeL2-1:

    ```
    add: result = x / sqrt(sum(x * x) + epsilon)
    max: result = x / sqrt(max(sum(x * x), epsilon))
    ```

    Example:

    ```mlir
    %y = reduce.normalize_l2 %x axes [1] epsilon 1.0e-10 eps_mode max
        : tensor<2x3x4xf32>
    ```

    **Axes.** Each lies in `[-r, r-1]`, none twice; the folder makes the
    list sorted and non-negative. Empty axes normalize each element by
    itself (`sum(x * x)` over no dim is `x * x`).
  }], NormalizationCommonDescription);
  let arguments = (ins Reduce_FloatTensor:$input, DenseI64ArrayAttr:$axes,
                       F64Attr:$epsilon,
                       EnumProp<Reduce_L2EpsMode>:$eps_mode);
  let results = (outs Reduce_FloatTensor:$result);
  let assemblyFormat = [{
    $input `axes` $axes `epsilon` $epsilon `eps_mode` $eps_mode attr-dict
    `:` type($input)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The axes, sorted and non-negative.
    ::llvm::SmallVector<int64_t> getNormalizedAxes();
  }];
}

#endif // REDUCE_DIALECT_REDUCE_IR_NORMALIZATIONOPS_TD
