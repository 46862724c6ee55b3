//===- NormalizationOps.cpp - Normalization ops -----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verification, type inference and folding of the normalization ops
// (softmax, log_softmax, layer_norm, rms_norm, mvn, normalize_l2).
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"
#include "reduce/Dialect/Reduce/IR/ReduceTraits.h"

#include "reduce/Dialect/Reduce/IR/AxisOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace mlir::reduce;

/// The dims from `axis` (in range) to the last of rank `rank`.
static SmallVector<int64_t> getTrailingAxes(int64_t axis, int64_t rank) {
  if (axis < 0)
    axis += rank;
  return llvm::to_vector(llvm::seq<int64_t>(axis, rank));
}

/// Checks that `operand` (named `name`: scale or bias) has the element type
/// of `input` and a static shape that broadcasts to it, aligned on the last
/// dim. An input dim that the operand does not broadcast over (operand size
/// other than 1) must be static, so that the sizes are known to agree.
static LogicalResult verifyBroadcastOperand(Operation *op, StringRef name,
                                            RankedTensorType operand,
                                            RankedTensorType input) {
  if (operand.getElementType() != input.getElementType())
    return op->emitOpError() << name << " has element type "
                             << operand.getElementType()
                             << ", expected the input's element type "
                             << input.getElementType();
  if (!operand.hasStaticShape())
    return op->emitOpError() << name << " of shape "
                             << formatDynamicShape(operand.getShape())
                             << " is dynamic, expected a static shape";
  int64_t offset = input.getRank() - operand.getRank();
  if (offset < 0)
    return op->emitOpError()
           << name << " of shape " << formatDynamicShape(operand.getShape())
           << " does not broadcast to the input shape "
           << formatDynamicShape(input.getShape()) << ": its rank "
           << operand.getRank() << " is above the input's "
           << input.getRank();
  for (auto [index, size] : llvm::enumerate(operand.getShape())) {
    int64_t dim = offset + static_cast<int64_t>(index);
    int64_t inputSize = input.getDimSize(dim);
    if (size == 1 || size == inputSize)
      continue;
    InFlightDiagnostic diag = op->emitOpError()
                              << name << " of shape "
                              << formatDynamicShape(operand.getShape())
                              << " does not broadcast to the input shape "
                              << formatDynamicShape(input.getShape()) << ": ";
    if (ShapedType::isDynamic(inputSize))
      return diag << "input dim " << dim << " is dynamic where the " << name
                  << " has size " << size
                  << " (expected a static input dim or a " << name
                  << " size of 1)";
    return diag << "dim " << dim << " has size " << size << ", expected 1 or "
                << inputSize;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// softmax, log_softmax
//===----------------------------------------------------------------------===//

template <typename OpTy>
static SmallVector<int64_t> getSoftmaxAxes(OpTy op) {
  int64_t rank = op.getInput().getType().getRank();
  int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
  if (op.getCoerce_2d())
    return getTrailingAxes(axis, rank);
  return {axis};
}

template <typename OpTy>
static LogicalResult verifySoftmax(OpTy op) {
  if (failed(verifyReduceOp(op)))
    return failure();
  return verifyAxis([&] { return op.emitOpError(); }, op.getAxis(),
                    op.getInput().getType().getRank());
}

/// Puts the axis of `op` in its canonical form in place: non-negative, and
/// `coerce_2d` only when it spans more than the last dim; the op then folds
/// to itself.
template <typename OpTy>
static OpFoldResult canonicalizeSoftmaxAxis(OpTy op) {
  int64_t rank = op.getInput().getType().getRank();
  int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
  bool coerce = op.getCoerce_2d() && axis != rank - 1;
  if (axis == op.getAxis() && coerce == op.getCoerce_2d())
    return {};
  op.setAxis(axis);
  op.setCoerce_2d(coerce);
  return op.getResult();
}

LogicalResult SoftmaxOp::verify() { return verifySoftmax(*this); }
LogicalResult LogSoftmaxOp::verify() { return verifySoftmax(*this); }
OpFoldResult SoftmaxOp::fold(FoldAdaptor) {
  return canonicalizeSoftmaxAxis(*this);
}
OpFoldResult LogSoftmaxOp::fold(FoldAdaptor) {
  return canonicalizeSoftmaxAxis(*this);
}

SmallVector<int64_t> SoftmaxOp::getNormalizedAxes() {
  return getSoftmaxAxes(*this);
}
SmallVector<int64_t> LogSoftmaxOp::getNormalizedAxes() {
  return getSoftmaxAxes(*this);
}

//===----------------------------------------------------------------------===//
// layer_norm, rms_norm
//===----------------------------------------------------------------------===//

/// Checks the axis of a layer or RMS norm named `opName` in type inference,
/// where no op exists yet to emit on.
static LogicalResult verifyNormAxis(std::optional<Location> location,
                                    StringRef opName, int64_t axis,
                                    int64_t rank) {
  if (!location)
    return success(axis >= -rank && axis < rank);
  return verifyAxis(
      [&]() -> InFlightDiagnostic {
        return mlir::emitError(*location) << "'" << opName << "' op ";
      },
      axis, rank);
}

/// The type of the input of a layer or RMS norm named `opName`, checked in
/// type inference (ranked, `axis` in range), where no op exists yet to
/// emit on.
static FailureOr<RankedTensorType>
getNormInputType(std::optional<Location> location, StringRef opName,
                 Value input, int64_t axis) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type)
    return emitOptionalError(location, "'", opName,
                             "' op expected a ranked input, found ",
                             input.getType());
  if (failed(verifyNormAxis(location, opName, axis, type.getRank())))
    return failure();
  return type;
}

LogicalResult LayerNormOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  FailureOr<RankedTensorType> input = getNormInputType(
      location, getOperationName(), adaptor.getInput(), adaptor.getAxis());
  if (failed(input))
    return failure();
  SmallVector<int64_t> statsShape(input->getShape());
  for (int64_t dim : getTrailingAxes(adaptor.getAxis(), input->getRank()))
    statsShape[dim] = 1;
  auto stats = RankedTensorType::get(
      statsShape, adaptor.getStashTypeAttr()
                      ? adaptor.getStashType()
                      : Type(Float32Type::get(input->getContext())));
  inferredReturnTypes.assign({*input, stats, stats});
  return success();
}

LogicalResult LayerNormOp::verify() {
  if (failed(verifyReduceOp(*this)))
    return failure();
  RankedTensorType input = getInput().getType();
  if (failed(verifyBroadcastOperand(*this, "scale", getScale().getType(),
                                    input)))
    return failure();
  if (getBias() && failed(verifyBroadcastOperand(
                       *this, "bias",
                       cast<RankedTensorType>(getBias().getType()), input)))
    return failure();
  return success();
}

SmallVector<int64_t> LayerNormOp::getNormalizedAxes() {
  return getTrailingAxes(getAxis(), getInput().getType().getRank());
}

LogicalResult RmsNormOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  FailureOr<RankedTensorType> input = getNormInputType(
      location, getOperationName(), adaptor.getInput(), adaptor.getAxis());
  if (failed(input))
    return failure();
  inferredReturnTypes.assign({*input});
  return success();
}

LogicalResult RmsNormOp::verify() {
  if (failed(verifyReduceOp(*this)))
    return failure();
  return verifyBroadcastOperand(*this, "scale", getScale().getType(),
                                getInput().getType());
}

SmallVector<int64_t> RmsNormOp::getNormalizedAxes() {
  return getTrailingAxes(getAxis(), getInput().getType().getRank());
}

//===----------------------------------------------------------------------===//
// mvn, normalize_l2
//===----------------------------------------------------------------------===//

template <typename OpTy>
static LogicalResult verifyAxesList(OpTy op) {
  if (failed(verifyReduceOp(op)))
    return failure();
  return verifyStaticAxes([&] { return op.emitOpError(); }, op.getAxes(),
                          op.getInput().getType().getRank());
}

/// Normalizes the axes list of `op` in place (sorted, non-negative); the
/// op then folds to itself.
template <typename OpTy>
static OpFoldResult normalizeAxesInPlace(OpTy op) {
  FailureOr<SmallVector<int64_t>> axes =
      normalizeAxes(op.getAxes(), op.getInput().getType().getRank());
  if (failed(axes) || ArrayRef<int64_t>(*axes) == op.getAxes())
    return {};
  op.setAxes(*axes);
  return op.getResult();
}

template <typename OpTy>
static SmallVector<int64_t> getNormalizedAxesList(OpTy op) {
  return *normalizeAxes(op.getAxes(), op.getInput().getType().getRank());
}

SmallVector<int64_t> MvnOp::getNormalizedAxes() {
  return getNormalizedAxesList(*this);
}
SmallVector<int64_t> NormalizeL2Op::getNormalizedAxes() {
  return getNormalizedAxesList(*this);
}

LogicalResult MvnOp::verify() { return verifyAxesList(*this); }
OpFoldResult MvnOp::fold(FoldAdaptor) { return normalizeAxesInPlace(*this); }

LogicalResult NormalizeL2Op::verify() { return verifyAxesList(*this); }
OpFoldResult NormalizeL2Op::fold(FoldAdaptor) {
  return normalizeAxesInPlace(*this);
}
