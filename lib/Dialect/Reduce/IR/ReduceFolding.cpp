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
//    (wrapping integers, the exact integer mean, integer l2 and logs in
//    f64, f32 accumulation for f16/bf16, NaN modes, -0.0);
//  - a constant axes operand becomes the static list;
//  - reductions over size-1 dimensions only become a reshape (and |x| for
//    reduce.l1, x * x for reduce.sum_square).
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "reduce/Dialect/Reduce/IR/FoldLimits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::reduce;

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

/// Applies the host's `fn` to `value`, an f32 or f64 accumulator.
template <typename Fn>
static llvm::APFloat applyHostMath(const llvm::APFloat &value, Fn fn) {
  if (&value.getSemantics() == &llvm::APFloat::IEEEdouble())
    return llvm::APFloat(fn(value.convertToDouble()));
  return llvm::APFloat(fn(value.convertToFloat()));
}

/// Returns the identity of the combiner of `kind` in the float type
/// `accType`.
static llvm::APFloat getFloatIdentity(ReductionKind kind, FloatType accType) {
  return cast<FloatAttr>(getIdentityAttr(kind, accType, /*isUnsigned=*/false))
      .getValue();
}

/// Folds a float reduction as the lowering computes it: in the accumulator
/// type (f32 for f16/bf16, f64 for f32 products), in row-major order, then finalized (mean, l2,
/// log_sum, log_sum_exp; the transcendental ones through the host's libm)
/// and rounded once.
static DenseElementsAttr foldFloat(ReductionKind kind, NanMode nanMode,
                                   DenseElementsAttr input,
                                   const OutputIndexMap &map, int64_t count,
                                   RankedTensorType resultType) {
  const ReductionKindInfo &info = getKindInfo(kind);
  auto elementType = cast<FloatType>(input.getElementType());
  const llvm::fltSemantics &semantics = elementType.getFloatSemantics();
  // f16 and bf16 accumulate in f32, f32 products in f64; they round once at
  // the end.
  MLIRContext *context = input.getContext();
  FloatType accType = elementType;
  if (elementType.isF16() || elementType.isBF16())
    accType = Float32Type::get(context);
  else if (elementType.isF32() && info.combiner == Combiner::mul)
    accType = Float64Type::get(context);
  const llvm::fltSemantics &accSemantics = accType.getFloatSemantics();
  constexpr auto rne = llvm::APFloat::rmNearestTiesToEven;
  bool losesInfo = false;
  auto toAcc = [&](llvm::APFloat value) {
    value.convert(accSemantics, rne, &losesInfo);
    return value;
  };

  auto values = input.getValues<llvm::APFloat>();
  int64_t numInputs = input.getNumElements();
  // log_sum_exp shifts each output by its maximum when that is finite.
  SmallVector<llvm::APFloat> shift(map.numOutputs,
                                   llvm::APFloat::getZero(accSemantics));
  if (info.term == ElementTerm::shifted_exp) {
    SmallVector<llvm::APFloat> max(
        map.numOutputs, getFloatIdentity(ReductionKind::max, accType));
    for (int64_t linear = 0; linear < numInputs; ++linear) {
      llvm::APFloat &acc = max[map(linear)];
      acc = llvm::maximum(acc, toAcc(values[linear]));
    }
    for (auto [out, value] : llvm::enumerate(max))
      if (value.isFinite())
        shift[out] = value;
  }

  SmallVector<llvm::APFloat> acc(map.numOutputs,
                                 getFloatIdentity(kind, accType));
  // For nan_mode ignore: whether an output has seen a non-NaN value.
  SmallVector<bool> seenNumber(map.numOutputs, false);
  SmallVector<bool> seenNaN(map.numOutputs, false);
  for (int64_t linear = 0; linear < numInputs; ++linear) {
    int64_t out = map(linear);
    llvm::APFloat value = toAcc(values[linear]);
    switch (info.term) {
    case ElementTerm::value:
      break;
    case ElementTerm::abs:
      value.clearSign();
      break;
    case ElementTerm::square:
      value.multiply(value, rne);
      break;
    case ElementTerm::shifted_exp:
      value.subtract(shift[out], rne);
      value = applyHostMath(value, [](auto x) { return std::exp(x); });
      break;
    }
    if (info.hasNanMode && nanMode == NanMode::ignore && value.isNaN()) {
      seenNaN[out] = true;
      continue;
    }
    seenNumber[out] = true;
    combineConstants(info.combiner, acc[out], value);
  }

  llvm::APFloat countValue(accSemantics);
  countValue.convertFromAPInt(llvm::APInt(64, count), /*IsSigned=*/false, rne);
  for (int64_t out = 0; out < map.numOutputs; ++out) {
    llvm::APFloat &result = acc[out];
    switch (info.finalizer) {
    case Finalizer::none:
      break;
    case Finalizer::mean:
      result.divide(countValue, rne);
      break;
    case Finalizer::sqrt:
      result = applyHostMath(result, [](auto x) { return std::sqrt(x); });
      break;
    case Finalizer::log:
      result = applyHostMath(result, [](auto x) { return std::log(x); });
      break;
    case Finalizer::log_plus_shift:
      result = applyHostMath(result, [](auto x) { return std::log(x); });
      result.add(shift[out], rne);
      break;
    }
    if (seenNaN[out] && !seenNumber[out])
      result = llvm::APFloat::getQNaN(semantics);
    else
      result.convert(semantics, rne, &losesInfo);
  }
  return DenseElementsAttr::get(resultType, acc);
}

/// Folds an integer reduction of a kind that computes integers in f64 (l2,
/// log_sum, log_sum_exp): the input converted to f64, folded as f64, and
/// each result converted back rounded by `rounding`, saturating (NaN gives
/// 0), as `arith.fptosi`/`fptoui` of the clamped value in the lowering.
static DenseElementsAttr foldIntegerInF64(ReductionKind kind,
                                          IntRounding rounding,
                                          DenseElementsAttr input,
                                          const OutputIndexMap &map,
                                          int64_t count,
                                          RankedTensorType resultType) {
  auto elementType = cast<IntegerType>(input.getElementType());
  bool isUnsigned = elementType.isUnsigned();
  constexpr auto rne = llvm::APFloat::rmNearestTiesToEven;
  MLIRContext *context = input.getContext();
  auto f64 = Float64Type::get(context);
  SmallVector<llvm::APFloat> wide;
  wide.reserve(input.getNumElements());
  for (const llvm::APInt &value : input.getValues<llvm::APInt>()) {
    llvm::APFloat converted(llvm::APFloat::IEEEdouble());
    converted.convertFromAPInt(value, /*IsSigned=*/!isUnsigned, rne);
    wide.push_back(converted);
  }
  auto wideInput = DenseElementsAttr::get(
      cast<ShapedType>(input.getType()).clone(f64), wide);
  DenseElementsAttr folded =
      foldFloat(kind, NanMode::propagate, wideInput, map, count,
                resultType.clone(f64));
  auto mode = rounding == IntRounding::nearest_even
                  ? llvm::APFloat::rmNearestTiesToEven
                  : llvm::APFloat::rmTowardZero;
  SmallVector<llvm::APInt> results;
  for (const llvm::APFloat &value : folded.getValues<llvm::APFloat>()) {
    // convertToInteger saturates out-of-range values and gives 0 for NaN.
    llvm::APSInt result(elementType.getWidth(), isUnsigned);
    bool isExact = false;
    (void)value.convertToInteger(result, mode, &isExact);
    results.push_back(result);
  }
  return DenseElementsAttr::get(resultType, results);
}

/// Folds an integer (or i1) reduction: wrapping arithmetic, and for the
/// mean the exact sum (on 128 bits) divided truncating toward zero (0 for
/// an empty set).
static DenseElementsAttr foldInteger(ReductionKind kind,
                                     DenseElementsAttr input,
                                     const OutputIndexMap &map, int64_t count,
                                     RankedTensorType resultType) {
  const ReductionKindInfo &info = getKindInfo(kind);
  auto elementType = cast<IntegerType>(input.getElementType());
  unsigned width = elementType.getWidth();
  bool isUnsigned = elementType.isUnsigned();
  // The mean's sum does not wrap: 128 bits hold the sum of any foldable
  // number of 64-bit values.
  unsigned accWidth = info.finalizer == Finalizer::mean ? 128 : width;
  auto accType = IntegerType::get(input.getContext(), accWidth);
  SmallVector<llvm::APInt> acc(
      map.numOutputs,
      cast<IntegerAttr>(getIdentityAttr(kind, accType, isUnsigned)).getValue());

  auto values = input.getValues<llvm::APInt>();
  for (int64_t linear = 0, e = input.getNumElements(); linear < e; ++linear) {
    llvm::APInt &result = acc[map(linear)];
    llvm::APInt value = values[linear];
    switch (info.term) {
    case ElementTerm::value:
      break;
    case ElementTerm::abs:
      // |INT_MIN| wraps to INT_MIN, as two's complement negation does.
      if (!isUnsigned)
        value = value.abs();
      break;
    case ElementTerm::square:
      value *= value;
      break;
    case ElementTerm::shifted_exp:
      llvm_unreachable("folded in f64 by foldIntegerInF64");
    }
    if (accWidth != width)
      value = isUnsigned ? value.zext(accWidth) : value.sext(accWidth);
    combineConstants(info.combiner, result, value, isUnsigned);
  }
  if (info.finalizer == Finalizer::mean) {
    llvm::APInt divisor(accWidth, count);
    for (llvm::APInt &sum : acc) {
      if (count == 0) {
        sum = llvm::APInt::getZero(width);
        continue;
      }
      sum = (isUnsigned ? sum.udiv(divisor) : sum.sdiv(divisor)).trunc(width);
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
                                       IntRounding rounding,
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
  // The number of elements each output reduces (bounded as the input is).
  int64_t count = 1;
  for (int64_t dim : axes)
    count *= inputType.getDimSize(dim);
  if (isa<FloatType>(input.getElementType()))
    return foldFloat(kind, nanMode, input, map, count, rankedResult);
  if (computesIntegersInF64(kind))
    return foldIntegerInF64(kind, rounding, input, map, count, rankedResult);
  return foldInteger(kind, input, map, count, rankedResult);
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
                                getRoundingOf(op), adaptor.getInput(),
                                *normalized, resultType))
    return folded;

  // Canonical static axes are sorted and non-negative: update in place.
  if (ArrayRef<int64_t>(*normalized) != axes) {
    op.setAxes(*normalized);
    return op.getResult();
  }
  return {};
}

#define REDUCE_DEFINE_FOLD_HOOKS(OpTy)                                        \
  OpFoldResult OpTy::fold(FoldAdaptor adaptor) {                              \
    return foldReduction(*this, adaptor);                                     \
  }                                                                           \
  void OpTy::getCanonicalizationPatterns(RewritePatternSet &results,          \
                                         MLIRContext *context) {              \
    addReductionPatterns<OpTy>(results, context);                             \
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
      // One element's |x| or x * x (exact in the 16-bit floats too, whose
      // products fit f32; arith has no unsigned tensors, so unsigned
      // sum_square keeps its lowering, as l2 and log_sum do).
      bool isFloat = isa<FloatType>(elementType);
      constexpr const ReductionKindInfo &info = getKindInfo(OpTy::kKind);
      if (info.term == ElementTerm::abs && info.finalizer == Finalizer::none)
        value =
            isFloat ? math::AbsFOp::create(rewriter, loc, value).getResult()
                    : math::AbsIOp::create(rewriter, loc, value).getResult();
      else if (info.term == ElementTerm::square &&
               info.finalizer == Finalizer::none &&
               !elementType.isUnsignedInteger())
        value = isFloat
                    ? arith::MulFOp::create(rewriter, loc, value, value)
                          .getResult()
                    : arith::MulIOp::create(rewriter, loc, value, value)
                          .getResult();
      else
        return rewriter.notifyMatchFailure(op, "no elementwise form");
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

REDUCE_DEFINE_FOLD_HOOKS(SumOp)
REDUCE_DEFINE_FOLD_HOOKS(L1Op)
REDUCE_DEFINE_FOLD_HOOKS(MinOp)
REDUCE_DEFINE_FOLD_HOOKS(MaxOp)
REDUCE_DEFINE_FOLD_HOOKS(ProdOp)
REDUCE_DEFINE_FOLD_HOOKS(MeanOp)
REDUCE_DEFINE_FOLD_HOOKS(L2Op)
REDUCE_DEFINE_FOLD_HOOKS(SumSquareOp)
REDUCE_DEFINE_FOLD_HOOKS(LogSumOp)
REDUCE_DEFINE_FOLD_HOOKS(LogSumExpOp)
REDUCE_DEFINE_FOLD_HOOKS(LogicalAndOp)
REDUCE_DEFINE_FOLD_HOOKS(LogicalOrOp)

#undef REDUCE_DEFINE_FOLD_HOOKS
