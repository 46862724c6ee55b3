//===- ReduceFolding.cpp - Folding and canonicalization ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Folders and canonicalization patterns of the reduction ops:
//  - empty axes, and reductions that keep their unit dims, fold to the input;
//  - static axes are normalized in place (sorted, non-negative);
//  - constant inputs fold to a constant, with the exact semantics of each op
//    (wrapping integers, f32 accumulation for f16/bf16, NaN modes, -0.0);
//  - a constant axes operand becomes the static list;
//  - reductions over size-1 dimensions only become a reshape (and |x| for
//    reduce.l1).
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::reduce;

/// Inputs larger than this are not constant folded, to bound compile time.
static constexpr int64_t kMaxFoldedElements = int64_t(1) << 20;

/// Returns the NaN mode of `op`: only reduce.min has one.
template <typename OpTy>
static NanMode getNanModeOf(OpTy op) {
  if constexpr (std::is_same_v<OpTy, MinOp>)
    return op.getNanMode();
  else
    return NanMode::propagate;
}

/// Returns true if reduce.<kind> over a single element of type `elementType`
/// is the element itself (for l1 it is |x|, the identity for unsigned types).
static bool isIdentityOnOneElement(ReductionKind kind, Type elementType) {
  return kind != ReductionKind::l1 || elementType.isUnsignedInteger();
}

//===----------------------------------------------------------------------===//
// Constant folding
//===----------------------------------------------------------------------===//

namespace {
/// Maps a row-major linear index of the input to the row-major linear index
/// of the output it reduces into.
class OutputIndexMap {
public:
  OutputIndexMap(ArrayRef<int64_t> shape, ArrayRef<int64_t> axes)
      : shape(shape) {
    int64_t stride = 1;
    outStrides.assign(shape.size(), 0);
    for (int64_t dim = shape.size() - 1; dim >= 0; --dim) {
      if (llvm::is_contained(axes, dim))
        continue;
      outStrides[dim] = stride;
      stride *= shape[dim];
    }
    numOutputs = stride;
  }

  int64_t operator()(int64_t linear) const {
    int64_t out = 0;
    for (int64_t dim = shape.size() - 1; dim >= 0; --dim) {
      int64_t size = shape[dim];
      out += (linear % size) * outStrides[dim];
      linear /= size;
    }
    return out;
  }

  ArrayRef<int64_t> shape;
  SmallVector<int64_t> outStrides;
  int64_t numOutputs;
};
} // namespace

static DenseElementsAttr foldFloat(ReductionKind kind, NanMode nanMode,
                                   DenseElementsAttr input,
                                   const OutputIndexMap &map,
                                   RankedTensorType resultType) {
  auto elementType = cast<FloatType>(input.getElementType());
  const llvm::fltSemantics &semantics = elementType.getFloatSemantics();
  // f16 and bf16 accumulate in f32 and round once at the end.
  bool widen = elementType.isF16() || elementType.isBF16();
  const llvm::fltSemantics &accSemantics =
      widen && kind != ReductionKind::min ? llvm::APFloat::IEEEsingle()
                                          : semantics;
  bool losesInfo = false;
  auto toAcc = [&](llvm::APFloat value) {
    value.convert(accSemantics, llvm::APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return value;
  };

  SmallVector<llvm::APFloat> acc(
      map.numOutputs, kind == ReductionKind::min
                          ? llvm::APFloat::getInf(accSemantics)
                          : llvm::APFloat::getZero(accSemantics));
  // For nan_mode ignore: whether an output has seen a non-NaN value.
  SmallVector<bool> seenNumber(map.numOutputs, false);
  SmallVector<bool> seenNaN(map.numOutputs, false);

  auto values = input.getValues<llvm::APFloat>();
  for (int64_t linear = 0, e = input.getNumElements(); linear < e; ++linear) {
    int64_t out = map(linear);
    llvm::APFloat value = values[linear];
    switch (kind) {
    case ReductionKind::l1:
      value.clearSign();
      [[fallthrough]];
    case ReductionKind::sum:
      acc[out].add(toAcc(value), llvm::APFloat::rmNearestTiesToEven);
      break;
    case ReductionKind::min:
      if (nanMode == NanMode::ignore && value.isNaN()) {
        seenNaN[out] = true;
        break;
      }
      seenNumber[out] = true;
      acc[out] = llvm::minimum(acc[out], value);
      break;
    }
  }

  for (int64_t out = 0; out < map.numOutputs; ++out) {
    if (seenNaN[out] && !seenNumber[out])
      acc[out] = llvm::APFloat::getQNaN(semantics);
    else
      acc[out].convert(semantics, llvm::APFloat::rmNearestTiesToEven,
                       &losesInfo);
  }
  return DenseElementsAttr::get(resultType, acc);
}

static DenseElementsAttr foldInteger(ReductionKind kind,
                                     DenseElementsAttr input,
                                     const OutputIndexMap &map,
                                     RankedTensorType resultType) {
  auto elementType = cast<IntegerType>(input.getElementType());
  unsigned width = elementType.getWidth();
  bool isUnsigned = elementType.isUnsigned();
  llvm::APInt identity =
      kind != ReductionKind::min ? llvm::APInt::getZero(width)
      : isUnsigned               ? llvm::APInt::getMaxValue(width)
                                 : llvm::APInt::getSignedMaxValue(width);
  SmallVector<llvm::APInt> acc(map.numOutputs, identity);

  auto values = input.getValues<llvm::APInt>();
  for (int64_t linear = 0, e = input.getNumElements(); linear < e; ++linear) {
    llvm::APInt &result = acc[map(linear)];
    llvm::APInt value = values[linear];
    switch (kind) {
    case ReductionKind::l1:
      // |INT_MIN| wraps to INT_MIN, as two's complement negation does.
      if (!isUnsigned)
        value = value.abs();
      [[fallthrough]];
    case ReductionKind::sum:
      result += value;
      break;
    case ReductionKind::min:
      result = isUnsigned ? llvm::APIntOps::umin(result, value)
                          : llvm::APIntOps::smin(result, value);
      break;
    }
  }
  return DenseElementsAttr::get(resultType, acc);
}

/// Returns the number of elements of the static `shape` when the product of
/// its non-zero sizes is at most kMaxFoldedElements (so that no partial
/// product overflows int64_t), std::nullopt otherwise.
static std::optional<int64_t> getNumElementsIfSmall(ArrayRef<int64_t> shape) {
  int64_t nonZeroProduct = 1;
  bool hasZero = false;
  for (int64_t size : shape) {
    if (size == 0) {
      hasZero = true;
      continue;
    }
    if (llvm::MulOverflow(nonZeroProduct, size, nonZeroProduct) ||
        nonZeroProduct > kMaxFoldedElements)
      return std::nullopt;
  }
  return hasZero ? 0 : nonZeroProduct;
}

/// Folds a reduction of the constant `input` over the normalized `axes`.
static Attribute foldConstantReduction(ReductionKind kind, NanMode nanMode,
                                       Attribute inputAttr,
                                       ArrayRef<int64_t> axes,
                                       Type resultType) {
  auto input = dyn_cast_if_present<DenseElementsAttr>(inputAttr);
  auto rankedResult = dyn_cast<RankedTensorType>(resultType);
  if (!input || !rankedResult || !rankedResult.hasStaticShape())
    return {};
  // Bound the input and the output: an input with a size-0 dimension has no
  // elements but may reduce into a huge output, and element counts of legal
  // types (dims up to 2^63-1) overflow int64_t.
  auto inputType = cast<ShapedType>(input.getType());
  std::optional<int64_t> numInputs =
      getNumElementsIfSmall(inputType.getShape());
  std::optional<int64_t> numOutputs =
      getNumElementsIfSmall(rankedResult.getShape());
  if (!numInputs || !numOutputs)
    return {};
  OutputIndexMap map(inputType.getShape(), axes);
  if (map.numOutputs != *numOutputs)
    return {};
  if (isa<FloatType>(input.getElementType()))
    return foldFloat(kind, nanMode, input, map, rankedResult);
  return foldInteger(kind, input, map, rankedResult);
}

//===----------------------------------------------------------------------===//
// Folder
//===----------------------------------------------------------------------===//

template <typename OpTy>
static OpFoldResult foldReduction(OpTy op,
                                  typename OpTy::FoldAdaptor adaptor) {
  if (!op.hasStaticAxes())
    return {};
  ArrayRef<int64_t> axes = *op.getAxes();
  Value input = op.getInput();
  auto inputType = cast<TensorType>(input.getType());
  Type resultType = op.getResult().getType();
  bool identity =
      isIdentityOnOneElement(OpTy::kKind, inputType.getElementType());

  // Reducing nothing is the identity (for l1 on unsigned types too).
  if (axes.empty() && identity && resultType == inputType)
    return input;
  if (!inputType.hasRank())
    return {};

  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(axes, inputType.getRank());
  if (failed(normalized))
    return {};

  // Reducing only size-1 dims and keeping them is the identity as well.
  if (identity && op.getKeepDims() && resultType == inputType &&
      llvm::all_of(*normalized, [&](int64_t dim) {
        return inputType.getDimSize(dim) == 1;
      }))
    return input;

  if (Attribute folded =
          foldConstantReduction(OpTy::kKind, getNanModeOf(op),
                                adaptor.getInput(), *normalized, resultType))
    return folded;

  // Canonical static axes are sorted and non-negative: update in place.
  if (ArrayRef<int64_t>(*normalized) != axes) {
    op.setAxes(*normalized);
    return op.getResult();
  }
  return {};
}

OpFoldResult SumOp::fold(FoldAdaptor adaptor) {
  return foldReduction(*this, adaptor);
}
OpFoldResult L1Op::fold(FoldAdaptor adaptor) {
  return foldReduction(*this, adaptor);
}
OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  return foldReduction(*this, adaptor);
}

//===----------------------------------------------------------------------===//
// Canonicalization patterns
//===----------------------------------------------------------------------===//

/// Replaces `op` by `value`, inserting a tensor.cast when the op's (possibly
/// less static) result type differs from the type of `value`.
static void replaceWithCastIfNeeded(PatternRewriter &rewriter, Operation *op,
                                    Value value) {
  Type resultType = op->getResult(0).getType();
  if (value.getType() != resultType)
    value = tensor::CastOp::create(rewriter, op->getLoc(), resultType, value);
  rewriter.replaceOp(op, value);
}

namespace {
/// Folds a constant axes operand into the static axes list. Duplicates are
/// merged and an empty list follows the op's `empty_axes` mode. The result
/// type is refined to the inferred one, with a cast back to the old type.
template <typename OpTy>
struct FoldConstantAxesOperand : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.hasStaticAxes())
      return rewriter.notifyMatchFailure(op, "axes are static");
    auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "unranked input");
    int64_t rank = inputType.getRank();
    std::optional<SmallVector<int64_t>> values = getKnownAxes(
        std::nullopt, op.getAxesOperand(), op.getEmptyAxes(), rank);
    if (!values)
      return rewriter.notifyMatchFailure(op, "axes are not a constant");
    FailureOr<SmallVector<int64_t>> axes = normalizeAxes(*values, rank);
    if (failed(axes))
      return rewriter.notifyMatchFailure(op, "constant axis out of range");

    typename OpTy::Properties properties = op.getProperties();
    properties.axes = rewriter.getDenseI64ArrayAttr(*axes);
    properties.empty_axes = EmptyAxesMode::noop;
    Type resultType = inferReducedType(inputType, *axes, op.getKeepDims());
    auto newOp = OpTy::create(rewriter, op.getLoc(), resultType,
                              ValueRange{op.getInput()}, properties,
                              op->getDiscardableAttrDictionary().getValue());
    replaceWithCastIfNeeded(rewriter, op, newOp.getResult());
    return success();
  }
};

/// Rewrites a reduction whose reduced dimensions all have size 1 (including
/// no reduced dimension at all) into a reshape of its input, or of |input|
/// for reduce.l1.
template <typename OpTy>
struct ReplaceUnitReductionWithReshape : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasStaticAxes())
      return rewriter.notifyMatchFailure(op, "axes are not static");
    Value input = op.getInput();
    auto inputType = cast<TensorType>(input.getType());
    ArrayRef<int64_t> axes = *op.getAxes();
    SmallVector<int64_t> normalized;
    if (inputType.hasRank()) {
      FailureOr<SmallVector<int64_t>> result =
          normalizeAxes(axes, inputType.getRank());
      if (failed(result))
        return rewriter.notifyMatchFailure(op, "invalid axes");
      normalized = std::move(*result);
      if (!llvm::all_of(normalized, [&](int64_t dim) {
            return inputType.getDimSize(dim) == 1;
          }))
        return rewriter.notifyMatchFailure(op, "reduces a non-unit dim");
    } else if (!axes.empty()) {
      return rewriter.notifyMatchFailure(op, "unranked input");
    }

    Location loc = op.getLoc();
    Value value = input;
    Type elementType = inputType.getElementType();
    if (!isIdentityOnOneElement(OpTy::kKind, elementType)) {
      if (isa<FloatType>(elementType))
        value = math::AbsFOp::create(rewriter, loc, value);
      else
        value = math::AbsIOp::create(rewriter, loc, value);
    }
    if (!normalized.empty() && !op.getKeepDims()) {
      // Each reduced unit dim joins the group of the next kept dim; trailing
      // ones join the last group.
      SmallVector<ReassociationIndices> groups;
      ReassociationIndices pending;
      for (int64_t dim = 0, rank = inputType.getRank(); dim < rank; ++dim) {
        pending.push_back(dim);
        if (!llvm::is_contained(normalized, dim)) {
          groups.push_back(std::move(pending));
          pending.clear();
        }
      }
      if (!groups.empty())
        llvm::append_range(groups.back(), pending);
      auto collapsedType = cast<RankedTensorType>(
          inferReducedType(inputType, normalized, /*keepDims=*/false));
      value = tensor::CollapseShapeOp::create(rewriter, loc, collapsedType,
                                              value, groups);
    }
    if (value == input && value.getType() == op.getResult().getType())
      return rewriter.notifyMatchFailure(op, "left to the folder");
    replaceWithCastIfNeeded(rewriter, op, value);
    return success();
  }
};
} // namespace

template <typename OpTy>
static void addReductionPatterns(RewritePatternSet &results,
                                 MLIRContext *context) {
  results.add<FoldConstantAxesOperand<OpTy>,
              ReplaceUnitReductionWithReshape<OpTy>>(context);
}

void SumOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  addReductionPatterns<SumOp>(results, context);
}
void L1Op::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  addReductionPatterns<L1Op>(results, context);
}
void MinOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  addReductionPatterns<MinOp>(results, context);
}
