//===- ReduceToLinalg.cpp - Reduce to linalg conversion ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers the reduce ops to `linalg.reduce` on tensors. Each op becomes
//
//   tensor.empty -> linalg.fill(identity) -> linalg.reduce(body)
//     [-> linalg.map(arith.truncf)] [-> tensor.expand_shape]
//
// with `tensor.bitcast`s around it for unsigned element types, because arith
// and linalg work on signless integers only.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/ReduceToLinalg/ReduceToLinalg.h"

#include "LowerReduction.h"
#include "reduce/Conversion/ReduceToLinalg/RuntimeStatus.h"
#include "reduce/Dialect/Reduce/IR/IntegerResults.h"
#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/ErrorHandling.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_CONVERTREDUCETOLINALGPASS
#include "reduce/Conversion/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

//===----------------------------------------------------------------------===//
// Axes
//===----------------------------------------------------------------------===//

/// The largest input rank a runtime axes operand is lowered for: the
/// emitted code keeps the reduced dims as bits of an i64 and collapses them
/// with O(rank^2) scalar ops.
static constexpr int64_t kMaxRuntimeAxesRank = 16;

/// Returns the normalized axes of a reduce op whose input has rank `rank`:
/// its static list, or the values of its constant axes operand (an empty one
/// following `emptyAxes`). Fails for a non-constant axes operand or an axis
/// out of range.
static FailureOr<SmallVector<int64_t>>
getStaticAxes(std::optional<ArrayRef<int64_t>> staticAxes, Value axesOperand,
              EmptyAxesMode emptyAxes, int64_t rank) {
  std::optional<SmallVector<int64_t>> values =
      getKnownAxes(staticAxes, axesOperand, emptyAxes, rank);
  if (!values)
    return failure();
  return normalizeAxes(*values, rank);
}

/// Returns true if `op` reads its axes when the code runs.
static bool hasRuntimeAxes(ReductionOpInterface op) {
  return !op.hasStaticAxes() && !matchConstantAxes(op.getAxesOperand());
}

/// Returns true if the written result type of `op`, whose axes are static or
/// constant, has a static size that the input does not prove (a `?` input
/// dim kept with a static written size): the code checks it when it runs.
static bool hasUnprovenResultSizes(ReductionOpInterface op) {
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!inputType || !resultType)
    return false;
  FailureOr<SmallVector<int64_t>> axes =
      getStaticAxes(op.getAxes(), op.getAxesOperand(), op.getEmptyAxes(),
                    inputType.getRank());
  if (failed(axes))
    return false;
  auto inferred = cast<RankedTensorType>(
      inferReducedType(inputType, *axes, op.getKeepDims()));
  return llvm::any_of(
      llvm::zip_equal(inferred.getShape(), resultType.getShape()),
      [](auto sizes) {
        auto [inferredSize, writtenSize] = sizes;
        return ShapedType::isDynamic(inferredSize) &&
               !ShapedType::isDynamic(writtenSize);
      });
}

/// Returns true if the code of `op` checks values when it runs, and so
/// reports errors through the status result of its function.
static bool hasRuntimeChecks(ReductionOpInterface op) {
  return hasRuntimeAxes(op) || hasUnprovenResultSizes(op);
}

/// Checks that the status result of the runtime checks of `op` can reach
/// its function's return: the op is in the body of a single-block entry.
static LogicalResult checkRuntimeCheckPlacement(Operation *op, StringRef what) {
  auto func = dyn_cast<func::FuncOp>(op->getParentOp());
  if (!func || !func.getBody().hasOneBlock())
    return op->emitOpError("cannot lower ")
           << what
           << " here: expected the op in the body of a single-block "
              "func.func, whose results report its runtime errors";
  auto module = func->getParentOfType<ModuleOp>();
  if (module && !SymbolTable::symbolKnownUseEmpty(func, module))
    return op->emitOpError("cannot lower ")
           << what << " in '" << func.getName()
           << "', which is called: its runtime errors are reported through "
              "an extra result, so it must be an entry function";
  return success();
}

/// Checks that the runtime axes of `op` can be lowered: the mask must hold
/// them, and the status result they add must reach the function's return.
static LogicalResult checkRuntimeAxes(ReductionOpInterface op,
                                      RankedTensorType inputType) {
  auto axesType = dyn_cast<RankedTensorType>(op.getAxesOperand().getType());
  if (!axesType)
    return op.emitOpError("cannot lower an unranked axes operand: expected a "
                          "0-D or 1-D tensor, found ")
           << op.getAxesOperand().getType();
  if (axesType.getElementTypeBitWidth() > 64)
    return op.emitOpError("cannot lower runtime axes of type ")
           << axesType.getElementType() << ": expected at most 64 bits";
  if (inputType.getRank() > kMaxRuntimeAxesRank)
    return op.emitOpError("cannot lower runtime axes for an input of rank ")
           << inputType.getRank() << ": expected at most "
           << kMaxRuntimeAxesRank;
  return checkRuntimeCheckPlacement(op, "runtime axes");
}

/// Checks that `op` can be lowered, reporting why not on the op.
static LogicalResult checkLowerable(ReductionOpInterface op) {
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!inputType)
    return op.emitOpError() << "cannot lower an unranked input: expected a "
                               "ranked tensor, found "
                            << op.getInput().getType();
  if (hasRuntimeAxes(op))
    return checkRuntimeAxes(op, inputType);
  // The verifier checks the constant axes.
  if (hasUnprovenResultSizes(op))
    return checkRuntimeCheckPlacement(
        op, "a result type more static than the input proves");
  return success();
}

//===----------------------------------------------------------------------===//
// Scalar semantics
//===----------------------------------------------------------------------===//

ReductionInfo mlir::reduce::getReductionInfo(ReductionKind kind,
                                             Type elementType, NanMode nanMode,
                                             IntRounding rounding,
                                             bool f64Accumulation) {
  ReductionInfo info{kind, elementType, elementType, false, nanMode, rounding};
  const ReductionKindInfo &kindInfo = getKindInfo(kind);
  MLIRContext *context = elementType.getContext();
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    info.isUnsigned = intType.isUnsigned();
    unsigned width = intType.getWidth();
    info.elementType = info.accType = IntegerType::get(context, width);
    if (kindInfo.finalizer == Finalizer::mean && width > 1)
      // The exact mean: a sum that does not wrap (see reduce.mean);
      // lowerReduction narrows it for a static count (getMeanAccumulator).
      info.accType = IntegerType::get(context, width < 64 ? 64 : 128);
    else if (computesIntegersInF64(kind))
      info.accType = Float64Type::get(context);
  } else if (elementType.isF16() || elementType.isBF16()) {
    // 16-bit floats are only loaded, extended, truncated and stored: all
    // arithmetic (including |x| and min, exact in any type) is done in f32.
    // Vector arithmetic on bf16 is not legal on x86 and crashes the backend
    // for some widths, and LLVM narrows an f32 op on an extended value back
    // to the 16-bit type when it is exact.
    info.accType = Float32Type::get(elementType.getContext());
  } else if (elementType.isF32() &&
             (kindInfo.combiner == Combiner::mul ||
              (f64Accumulation && isAdditive(kind)))) {
    // f32 products always accumulate in f64: lane and block partial products
    // stay near 1, where f32 rounding is biased (docs/pipeline.md).
    info.accType = Float64Type::get(elementType.getContext());
  }
  return info;
}

/// Returns `value` (of the signless element type) as the accumulator type:
/// a float extension, an integer extension (signed for signless elements)
/// or an integer-to-float conversion.
Value mlir::reduce::extendToAcc(OpBuilder &b, Location loc, const ReductionInfo &info,
                         Value value) {
  Type accType = info.accType;
  if (value.getType() == accType)
    return value;
  if (info.isFloat())
    return arith::ExtFOp::create(b, loc, accType, value);
  if (info.accIsFloat())
    return info.isUnsigned
               ? arith::UIToFPOp::create(b, loc, accType, value).getResult()
               : arith::SIToFPOp::create(b, loc, accType, value).getResult();
  return info.isUnsigned
             ? arith::ExtUIOp::create(b, loc, accType, value).getResult()
             : arith::ExtSIOp::create(b, loc, accType, value).getResult();
}

/// Returns |value| in the accumulator type: the float absolute value, the
/// wrapping integer one (|INT_MIN| = INT_MIN) or `value` itself for
/// unsigned integers.
static Value createAbs(OpBuilder &b, Location loc, const ReductionInfo &info,
                       Value value) {
  if (info.accIsFloat())
    return math::AbsFOp::create(b, loc, extendToAcc(b, loc, info, value));
  if (info.isUnsigned)
    return value;
  return math::AbsIOp::create(b, loc, value);
}

/// Returns `FloatOpTy(lhs, rhs)` for a float accumulator, `UnsignedOpTy`
/// for unsigned integers and `SignedOpTy` for signless ones.
template <typename FloatOpTy, typename SignedOpTy,
          typename UnsignedOpTy = SignedOpTy>
static Value createTypedOp(OpBuilder &b, Location loc,
                           const ReductionInfo &info, Value lhs, Value rhs) {
  if (info.accIsFloat())
    return FloatOpTy::create(b, loc, lhs, rhs);
  if (info.isUnsigned)
    return UnsignedOpTy::create(b, loc, lhs, rhs);
  return SignedOpTy::create(b, loc, lhs, rhs);
}

/// Returns the term one input element contributes, in the accumulator
/// type: |x| for l1, x * x for sum_square and l2, x itself otherwise
/// (log_sum_exp's shifted exponential is built by createExpSum).
static Value createElementTerm(OpBuilder &b, Location loc,
                               const ReductionInfo &info, Value element) {
  switch (getKindInfo(info.kind).term) {
  case ElementTerm::abs:
    return createAbs(b, loc, info, element);
  case ElementTerm::square:
    element = extendToAcc(b, loc, info, element);
    return createTypedOp<arith::MulFOp, arith::MulIOp>(b, loc, info, element,
                                                       element);
  case ElementTerm::value:
  case ElementTerm::shifted_exp:
    break;
  }
  return extendToAcc(b, loc, info, element);
}

/// Builds the body of the reduction: combines the term of one input element
/// `element` with the accumulator `acc`.
Value mlir::reduce::createAccumulation(OpBuilder &b, Location loc,
                                const ReductionInfo &info, Value element,
                                Value acc) {
  Value term = createElementTerm(b, loc, info, element);
  return createCombiner(b, loc, info.kind, info.isUnsigned, term, acc);
}

/// Returns the identity of the combiner of `info` in its accumulator type.
TypedAttr mlir::reduce::getIdentityAttr(const ReductionInfo &info) {
  return getIdentityAttr(info.kind, info.accType, info.isUnsigned);
}

/// Returns an i8 that is 1 when the reduced extent (the product of the sizes
/// of the dims `axes`, of sizes `inputSizes`) is 0, else 0.
static Value createIsEmptyFlag(OpBuilder &b, Location loc,
                               ArrayRef<OpFoldResult> inputSizes,
                               ArrayRef<int64_t> axes) {
  Value isEmpty;
  for (int64_t dim : axes) {
    std::optional<int64_t> size = getConstantIntValue(inputSizes[dim]);
    if (size) {
      if (*size == 0)
        return arith::ConstantIntOp::create(b, loc, /*value=*/1, /*width=*/8);
      continue;
    }
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         cast<Value>(inputSizes[dim]), zero);
    isEmpty = isEmpty ? arith::OrIOp::create(b, loc, isEmpty, isZero) : isZero;
  }
  if (!isEmpty)
    return arith::ConstantIntOp::create(b, loc, /*value=*/0, /*width=*/8);
  return arith::ExtUIOp::create(b, loc, b.getI8Type(), isEmpty);
}

/// Returns a float constant of type `type` built by `makeValue` from the
/// semantics of the type.
static Value createFloatConstant(
    OpBuilder &b, Location loc, Type type,
    function_ref<APFloat(const llvm::fltSemantics &)> makeValue) {
  auto floatType = cast<FloatType>(type);
  return arith::ConstantOp::create(
      b, loc,
      b.getFloatAttr(floatType, makeValue(floatType.getFloatSemantics())));
}

//===----------------------------------------------------------------------===//
// Tensor plumbing
//===----------------------------------------------------------------------===//

/// Returns the sizes in `sizes` of the dims not listed in `droppedDims`.
SmallVector<OpFoldResult> mlir::reduce::dropDimSizes(ArrayRef<OpFoldResult> sizes,
                                              ArrayRef<int64_t> droppedDims) {
  SmallVector<OpFoldResult> kept;
  for (auto [dim, size] : llvm::enumerate(sizes))
    if (!llvm::is_contained(droppedDims, static_cast<int64_t>(dim)))
      kept.push_back(size);
  return kept;
}

/// Returns a tensor of sizes `sizes` filled with `value`: a `linalg.fill` of
/// a `tensor.empty`.
Value mlir::reduce::createFilledTensor(OpBuilder &b, Location loc,
                                ArrayRef<OpFoldResult> sizes, Value value) {
  Value empty = tensor::EmptyOp::create(b, loc, sizes, value.getType());
  return linalg::FillOp::create(b, loc, value, empty)->getResult(0);
}

/// Returns `source` with its element type changed to `elementType` by a
/// `tensor.bitcast`, or `source` if it already has that element type.
Value mlir::reduce::bitcastElements(OpBuilder &b, Location loc, Value source,
                             Type elementType) {
  auto type = cast<RankedTensorType>(source.getType());
  if (type.getElementType() == elementType)
    return source;
  return tensor::BitcastOp::create(b, loc, type.clone(elementType), source);
}

/// Returns the elementwise `body(x...)` of `sources`, whose sizes are
/// `sizes`, as a `linalg.map` into a tensor of element type `elementType`.
Value mlir::reduce::createMap(OpBuilder &b, Location loc, ValueRange sources,
          ArrayRef<OpFoldResult> sizes, Type elementType,
          function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  Value init = tensor::EmptyOp::create(b, loc, sizes, elementType);
  auto mapOp = linalg::MapOp::create(
      b, loc, sources, init,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        linalg::YieldOp::create(nested, nestedLoc,
                                body(nested, nestedLoc, args));
      });
  return mapOp->getResult(0);
}

/// Reinserts the reduced dims `axes` of `input` (of sizes `inputSizes`) as
/// unit dims into `reduced`.
Value mlir::reduce::expandReducedDims(OpBuilder &b, Location loc, Value input,
                               ArrayRef<OpFoldResult> inputSizes, Value reduced,
                               ArrayRef<int64_t> axes) {
  auto inputType = cast<RankedTensorType>(input.getType());
  SmallVector<OpFoldResult> outputShape;
  SmallVector<int64_t> staticShape;
  // Each unit dim joins the group of the next kept dim; trailing ones join
  // the last group. Reducing everything leaves no group at all.
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t dim = 0, rank = inputType.getRank(); dim < rank; ++dim) {
    pending.push_back(dim);
    if (llvm::is_contained(axes, dim)) {
      outputShape.push_back(b.getIndexAttr(1));
      staticShape.push_back(1);
      continue;
    }
    outputShape.push_back(inputSizes[dim]);
    staticShape.push_back(inputType.getDimSize(dim));
    groups.push_back(std::move(pending));
    pending.clear();
  }
  if (!groups.empty())
    llvm::append_range(groups.back(), pending);
  auto resultType = RankedTensorType::get(
      staticShape, cast<ShapedType>(reduced.getType()).getElementType());
  return tensor::ExpandShapeOp::create(b, loc, resultType, reduced, groups,
                                       outputShape);
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

/// Returns the indexing maps and iterator types of a `linalg.generic` that
/// reads an input of rank `rank` (its first operand) and reduces the dims
/// `axes`: the identity map for the input, then `numKeptOperands` maps of
/// the kept dims (for further inputs broadcast along `axes`, and outputs).
void mlir::reduce::getReductionMaps(OpBuilder &b, int64_t rank, ArrayRef<int64_t> axes,
                             int64_t numKeptOperands,
                             SmallVectorImpl<AffineMap> &maps,
                             SmallVectorImpl<utils::IteratorType> &iterators) {
  SmallVector<AffineExpr> keptExprs;
  for (int64_t dim = 0; dim < rank; ++dim) {
    bool reduced = llvm::is_contained(axes, dim);
    iterators.push_back(reduced ? utils::IteratorType::reduction
                                : utils::IteratorType::parallel);
    if (!reduced)
      keptExprs.push_back(b.getAffineDimExpr(dim));
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));
  maps.append(numKeptOperands,
              AffineMap::get(rank, 0, keptExprs, b.getContext()));
}

/// Lowers a float min or max with `nan_mode ignore` as one `linalg.generic`
/// with two reductions read from the same input: the minimum (maximum) over
/// the non-NaN elements (a NaN becomes the identity, +inf or -inf), and an
/// i8 flag of whether a non-NaN element was seen (`arith.ori` from an init
/// that is 1 when the reduced extent is 0). A final `linalg.map` gives NaN
/// where only NaNs were seen. Both combiners are plain `arith.minimumf` /
/// `arith.maximumf` / `arith.ori`, so the op tiles and vectorizes like the
/// other reductions. The flag is an i8, not an i1: vectors of i1 are
/// bit-packed in memory, scalars are not.
static Value lowerNanSkippingMinMax(OpBuilder &b, Location loc,
                                    const ReductionInfo &info, Value input,
                                    ArrayRef<OpFoldResult> inputSizes,
                                    ArrayRef<OpFoldResult> resultSizes,
                                    ArrayRef<int64_t> axes) {
  Type floatType = info.accType;
  Value identity = arith::ConstantOp::create(b, loc, getIdentityAttr(info));
  Value extremeInit = createFilledTensor(b, loc, resultSizes, identity);
  Value seenInit = createFilledTensor(
      b, loc, resultSizes, createIsEmptyFlag(b, loc, inputSizes, axes));

  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  SmallVector<AffineMap> maps;
  SmallVector<utils::IteratorType> iterators;
  getReductionMaps(b, rank, axes, /*numKeptOperands=*/2, maps, iterators);
  auto genericOp = linalg::GenericOp::create(
      b, loc, TypeRange{extremeInit.getType(), seenInit.getType()},
      ValueRange{input}, ValueRange{extremeInit, seenInit}, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value element = extendToAcc(nested, nestedLoc, info, args[0]);
        Value isNumber = arith::CmpFOp::create(
            nested, nestedLoc, arith::CmpFPredicate::ORD, element, element);
        Value isNumberFlag = arith::ExtUIOp::create(
            nested, nestedLoc, nested.getI8Type(), isNumber);
        Value bodyIdentity = arith::ConstantOp::create(
            nested, nestedLoc, getIdentityAttr(info));
        Value number = arith::SelectOp::create(nested, nestedLoc, isNumber,
                                               element, bodyIdentity);
        Value extreme =
            createAccumulation(nested, nestedLoc, info, number, args[1]);
        Value seen =
            arith::OrIOp::create(nested, nestedLoc, isNumberFlag, args[2]);
        linalg::YieldOp::create(nested, nestedLoc, ValueRange{extreme, seen});
      });

  return createMap(
      b, loc, genericOp->getResults(), resultSizes, floatType,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value nan = createFloatConstant(
            nested, nestedLoc, floatType,
            [](const auto &sem) { return APFloat::getQNaN(sem); });
        Value zero = arith::ConstantIntOp::create(nested, nestedLoc,
                                                  /*value=*/0, /*width=*/8);
        Value seen = arith::CmpIOp::create(
            nested, nestedLoc, arith::CmpIPredicate::ne, args[1], zero);
        return arith::SelectOp::create(nested, nestedLoc, seen, args[0], nan);
      });
}

/// Returns the reduction of `input` over `axes` with the single combiner of
/// `info` (every kind but log_sum_exp), in the accumulator type: a
/// `linalg.reduce` from a tensor filled with the identity.
static Value createLinalgReduce(OpBuilder &b, Location loc,
                                const ReductionInfo &info, Value input,
                                ArrayRef<OpFoldResult> resultSizes,
                                ArrayRef<int64_t> axes) {
  Value identity = arith::ConstantOp::create(b, loc, getIdentityAttr(info));
  Value filled = createFilledTensor(b, loc, resultSizes, identity);
  auto reduceOp = linalg::ReduceOp::create(
      b, loc, ValueRange{input}, ValueRange{filled}, axes,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        linalg::YieldOp::create(
            nested, nestedLoc,
            createAccumulation(nested, nestedLoc, info, args[0], args[1]));
      });
  return reduceOp->getResult(0);
}

/// Returns `sum(exp(x - s))` over `axes` of `input`, in the accumulator
/// type, with `shift` broadcast along `axes` as `s`, or `sum(exp(x))` when
/// `shift` is null.
static Value createExpSum(OpBuilder &b, Location loc, const ReductionInfo &info,
                          Value input, ArrayRef<OpFoldResult> resultSizes,
                          ArrayRef<int64_t> axes, Value shift) {
  Value identity = arith::ConstantOp::create(b, loc, getIdentityAttr(info));
  Value init = createFilledTensor(b, loc, resultSizes, identity);
  SmallVector<Value> inputs = {input};
  if (shift)
    inputs.push_back(shift);
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  SmallVector<AffineMap> maps;
  SmallVector<utils::IteratorType> iterators;
  getReductionMaps(b, rank, axes, /*numKeptOperands=*/inputs.size(), maps,
                   iterators);
  auto genericOp = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, inputs, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value term = extendToAcc(nested, nestedLoc, info, args[0]);
        if (shift)
          term = arith::SubFOp::create(nested, nestedLoc, term, args[1]);
        Value exp = math::ExpOp::create(nested, nestedLoc, term);
        linalg::YieldOp::create(nested, nestedLoc,
                                createCombiner(nested, nestedLoc, info.kind,
                                               info.isUnsigned, exp,
                                               args.back()));
      });
  return genericOp->getResult(0);
}

/// Lowers log_sum_exp in two passes over the input: the NaN-propagating
/// maximum `m` of each reduced set, then `sum(exp(x - s))` with the shift
/// `s = m` where `m` is finite and 0 elsewhere (all -inf, a +inf, a NaN or
/// an empty set, where shifting would make NaN of `-inf - -inf` or
/// `inf - inf`). Returns the sums and sets `shift` to `s`, both in the
/// accumulator type.
static Value lowerShiftedExpSum(OpBuilder &b, Location loc,
                                const ReductionInfo &info, Value input,
                                ArrayRef<OpFoldResult> resultSizes,
                                ArrayRef<int64_t> axes, Value &shift) {
  Type accType = info.accType;
  ReductionInfo maxInfo = info;
  maxInfo.kind = ReductionKind::max;
  maxInfo.nanMode = NanMode::propagate;
  Value max = createLinalgReduce(b, loc, maxInfo, input, resultSizes, axes);
  shift = createMap(
      b, loc, max, resultSizes, accType,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value inf = createFloatConstant(
            nested, nestedLoc, accType,
            [](const auto &sem) { return APFloat::getInf(sem); });
        Value zero = createFloatConstant(
            nested, nestedLoc, accType,
            [](const auto &sem) { return APFloat::getZero(sem); });
        Value magnitude = math::AbsFOp::create(nested, nestedLoc, args[0]);
        Value finite = arith::CmpFOp::create(
            nested, nestedLoc, arith::CmpFPredicate::OLT, magnitude, inf);
        return arith::SelectOp::create(nested, nestedLoc, finite, args[0],
                                       zero)
            .getResult();
      });
  return createExpSum(b, loc, info, input, resultSizes, axes, shift);
}

/// Returns the number of elements each result reduces (the product of the
/// sizes of the dims `axes` among `inputSizes`) as an i64.
static Value createReducedCount(OpBuilder &b, Location loc,
                                ArrayRef<OpFoldResult> inputSizes,
                                ArrayRef<int64_t> axes) {
  // The static sizes multiply without overflow: the verifier of every
  // reduce op bounds the products of their sizes (ShapeLimits.h).
  int64_t staticCount = 1;
  Value count;
  for (int64_t dim : axes) {
    if (std::optional<int64_t> size = getConstantIntValue(inputSizes[dim])) {
      std::optional<int64_t> product = llvm::checkedMul(staticCount, *size);
      if (!product)
        llvm::report_fatal_error("reduce: an element count overflows int64 "
                                 "past the verifier");
      staticCount = *product;
      continue;
    }
    Value size = cast<Value>(inputSizes[dim]);
    count = count ? arith::MulIOp::create(b, loc, count, size).getResult()
                  : size;
  }
  Value result = arith::ConstantIntOp::create(b, loc, staticCount, 64);
  if (!count)
    return result;
  count = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), count);
  if (staticCount == 1)
    return count;
  return arith::MulIOp::create(b, loc, count, result);
}

/// Returns an i1 that is true when every element `s` of `sums` (a sum of
/// `count` exponentials each) lies in `[count * 2^30 * tiny, +inf)`, `tiny`
/// the smallest normal value of their type: a NaN, a +inf (an overflowed
/// exponential or sum) or a sum that exponentials below `tiny` (flushed to 0
/// or approximated) could have moved by more than `2^-30` of itself fails.
static Value createAllExpSumsExact(OpBuilder &b, Location loc, Value sums,
                                   Value count) {
  auto type = cast<RankedTensorType>(sums.getType());
  Type floatType = type.getElementType();
  Value scale = createFloatConstant(b, loc, floatType, [](const auto &sem) {
    return scalbn(APFloat::getSmallestNormalized(sem), 30,
                  APFloat::rmNearestTiesToEven);
  });
  Value floor = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, floatType, count), scale);
  Value inf = createFloatConstant(
      b, loc, floatType, [](const auto &sem) { return APFloat::getInf(sem); });
  // An i8 flag, as in lowerNanSkippingMinMax.
  Value one = arith::ConstantIntOp::create(b, loc, /*value=*/1, /*width=*/8);
  Value init = createFilledTensor(b, loc, {}, one);
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps = {
      b.getMultiDimIdentityMap(rank),
      AffineMap::get(rank, 0, {}, b.getContext())};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::reduction);
  auto genericOp = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{sums}, ValueRange{init},
      maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value large = arith::CmpFOp::create(
            nested, nestedLoc, arith::CmpFPredicate::OGE, args[0], floor);
        Value finite = arith::CmpFOp::create(
            nested, nestedLoc, arith::CmpFPredicate::OLT, args[0], inf);
        Value exact = arith::ExtUIOp::create(
            nested, nestedLoc, nested.getI8Type(),
            arith::AndIOp::create(nested, nestedLoc, large, finite));
        linalg::YieldOp::create(
            nested, nestedLoc,
            arith::AndIOp::create(nested, nestedLoc, exact, args[1])
                .getResult());
      });
  Value flag = tensor::ExtractOp::create(b, loc, genericOp->getResult(0),
                                         ValueRange{});
  Value zero = arith::ConstantIntOp::create(b, loc, /*value=*/0, /*width=*/8);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, flag, zero);
}

/// Returns `sum / count` truncating toward zero, 0 when `count` is 0: the
/// integer mean, in the accumulator type (i32, i64 or i128, where the sum
/// did not wrap). `count` is an i64 that is at most the number of input
/// elements, and fits an i32 accumulator (getMeanAccumulator).
static Value createIntegerMean(OpBuilder &b, Location loc,
                               const ReductionInfo &info, Value sum,
                               Value count) {
  Type type = sum.getType();
  if (type.getIntOrFloatBitWidth() > 64)
    count = arith::ExtUIOp::create(b, loc, type, count);
  else if (type.getIntOrFloatBitWidth() < 64)
    count = arith::TruncIOp::create(b, loc, type, count);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
  Value isEmpty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count, zero);
  Value divisor = arith::SelectOp::create(b, loc, isEmpty, one, count);
  Value quotient =
      info.isUnsigned
          ? arith::DivUIOp::create(b, loc, sum, divisor).getResult()
          : arith::DivSIOp::create(b, loc, sum, divisor).getResult();
  return arith::SelectOp::create(b, loc, isEmpty, zero, quotient);
}

/// Returns the accumulator value `acc` as the element type of `info`: a
/// float truncation, an integer truncation, or a saturating conversion of
/// a float to an integer.
static Value convertAccToElement(OpBuilder &b, Location loc,
                                 const ReductionInfo &info, Value acc) {
  if (acc.getType() == info.elementType)
    return acc;
  if (info.isFloat())
    return arith::TruncFOp::create(b, loc, info.elementType, acc);
  if (info.accIsFloat())
    return createSaturatingFloatToInt(b, loc, acc,
                                      cast<IntegerType>(info.elementType),
                                      info.isUnsigned, info.rounding);
  return arith::TruncIOp::create(b, loc, info.elementType, acc);
}

/// Returns the result element of a reduction from its accumulator `acc`:
/// the mean's division by `count` (an i64 for integers, the accumulator
/// type for floats; unused by the other kinds), the
/// square root of l2, the log of log_sum and log_sum_exp (plus its `shift`),
/// then the rounding of a wide accumulator to the element type.
static Value createFinalizer(OpBuilder &b, Location loc,
                             const ReductionInfo &info, Value acc, Value count,
                             Value shift) {
  switch (getKindInfo(info.kind).finalizer) {
  case Finalizer::none:
    break;
  case Finalizer::mean:
    acc = info.accIsFloat() ? arith::DivFOp::create(b, loc, acc, count)
                            : createIntegerMean(b, loc, info, acc, count);
    break;
  case Finalizer::sqrt:
    acc = math::SqrtOp::create(b, loc, acc);
    break;
  case Finalizer::log:
    acc = math::LogOp::create(b, loc, acc);
    break;
  case Finalizer::log_plus_shift:
    acc = math::LogOp::create(b, loc, acc);
    if (shift)
      acc = arith::AddFOp::create(b, loc, acc, shift);
    break;
  }
  return convertAccToElement(b, loc, info, acc);
}

/// Returns true if the result of a reduction needs a `createFinalizer` map
/// after its accumulation (log_sum_exp has its own, `lowerLogSumExp`).
static bool needsFinalizer(const ReductionInfo &info) {
  switch (getKindInfo(info.kind).finalizer) {
  case Finalizer::log_plus_shift:
    return false;
  case Finalizer::none:
    return info.accType != info.elementType;
  case Finalizer::mean:
  case Finalizer::sqrt:
  case Finalizer::log:
    return true;
  }
  llvm_unreachable("unknown finalizer");
}

/// Lowers log_sum_exp, returning its results in the element type. One pass
/// computes `sum(exp(x))` without a shift; when every sum is a finite
/// value far enough above the underflow (`createAllExpSumsExact`: on data
/// of moderate magnitude, logits, every sum is), the results are their
/// logs. Otherwise the two passes of `lowerShiftedExpSum`, whose shift by
/// the maximum neither overflows (inputs like 1000) nor underflows
/// (like -1000), compute every result again.
static Value lowerLogSumExp(OpBuilder &b, Location loc,
                            const ReductionInfo &info, Value input,
                            ArrayRef<OpFoldResult> inputSizes,
                            ArrayRef<OpFoldResult> resultSizes,
                            ArrayRef<int64_t> axes) {
  auto finalize = [&](OpBuilder &nested, Location nestedLoc, Value sums,
                      Value shift) {
    SmallVector<Value> sources = {sums};
    if (shift)
      sources.push_back(shift);
    return createMap(
        nested, nestedLoc, sources, resultSizes, info.elementType,
        [&](OpBuilder &inner, Location innerLoc, ValueRange args) {
          return createFinalizer(inner, innerLoc, info, args[0],
                                 /*count=*/Value(),
                                 shift ? args[1] : Value());
        });
  };
  Value sums = createExpSum(b, loc, info, input, resultSizes, axes,
                            /*shift=*/Value());
  Value count = createReducedCount(b, loc, inputSizes, axes);
  Value exact = createAllExpSumsExact(b, loc, sums, count);
  auto ifOp = scf::IfOp::create(
      b, loc, exact,
      [&](OpBuilder &nested, Location nestedLoc) {
        scf::YieldOp::create(nested, nestedLoc,
                             finalize(nested, nestedLoc, sums, Value()));
      },
      [&](OpBuilder &nested, Location nestedLoc) {
        Value shift;
        Value shifted = lowerShiftedExpSum(nested, nestedLoc, info, input,
                                           resultSizes, axes, shift);
        scf::YieldOp::create(nested, nestedLoc,
                             finalize(nested, nestedLoc, shifted, shift));
      });
  return ifOp.getResult(0);
}

/// Returns the accumulator of an integer mean of `width`-bit values over
/// the dims `axes` of `inputType`: the narrowest of i32, i64 and i128 that
/// holds the sum of every value of the reduced set when its size is static
/// (n values of w bits sum to at most n * 2^(w-1) in magnitude, below
/// 2^w * n unsigned), else i64 (i128 for 64-bit values).
static Type getMeanAccumulator(MLIRContext *context, unsigned width,
                               RankedTensorType inputType,
                               ArrayRef<int64_t> axes) {
  std::optional<uint64_t> count = 1;
  for (int64_t dim : axes) {
    // An empty set sums to 0: its count stays 0 whatever follows.
    if (*count == 0)
      break;
    int64_t size = inputType.getDimSize(dim);
    if (ShapedType::isDynamic(size) || size < 0 ||
        static_cast<uint64_t>(size) > (uint64_t(1) << 63) / *count) {
      count.reset();
      break;
    }
    *count *= size;
  }
  for (unsigned accWidth : {32u, 64u}) {
    if (accWidth <= width)
      continue;
    if (count ? *count <= (uint64_t(1) << (accWidth - width)) : accWidth == 64)
      return IntegerType::get(context, accWidth);
  }
  return IntegerType::get(context, 128);
}

Value mlir::reduce::lowerReduction(OpBuilder &b, Location loc,
                                   const ReductionInfo &givenInfo, Value input,
                                   ArrayRef<int64_t> axes, bool keepDims) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type originalElementType = inputType.getElementType();
  ReductionInfo info = givenInfo;
  const ReductionKindInfo &kindInfo = getKindInfo(info.kind);
  if (kindInfo.finalizer == Finalizer::mean && !info.accIsFloat() &&
      info.accType != info.elementType)
    info.accType = getMeanAccumulator(
        b.getContext(), info.elementType.getIntOrFloatBitWidth(), inputType,
        axes);
  input = bitcastElements(b, loc, input, info.elementType);
  SmallVector<OpFoldResult> inputSizes = tensor::getMixedSizes(b, loc, input);

  Value result;
  if (axes.empty()) {
    // Nothing is reduced: each element is reduced alone, which gives the
    // element itself except for |x| (l1 on signed types), x * x
    // (sum_square), sqrt(x * x) (l2) and log x (log_sum).
    result = input;
    if (!isIdentityOnOneElement(info.kind, originalElementType))
      result = createMap(
          b, loc, input, inputSizes, info.elementType,
          [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
            Value term = createElementTerm(nested, nestedLoc, info, args[0]);
            return createFinalizer(nested, nestedLoc, info, term,
                                   /*count=*/Value(), /*shift=*/Value());
          });
  } else {
    SmallVector<OpFoldResult> resultSizes = dropDimSizes(inputSizes, axes);
    if (info.ignoresNan())
      result = lowerNanSkippingMinMax(b, loc, info, input, inputSizes,
                                      resultSizes, axes);
    else if (kindInfo.term == ElementTerm::shifted_exp)
      result = lowerLogSumExp(b, loc, info, input, inputSizes, resultSizes,
                              axes);
    else
      result = createLinalgReduce(b, loc, info, input, resultSizes, axes);
    if (needsFinalizer(info)) {
      Value count;
      if (kindInfo.finalizer == Finalizer::mean) {
        count = createReducedCount(b, loc, inputSizes, axes);
        if (info.accIsFloat())
          count = arith::UIToFPOp::create(b, loc, info.accType, count);
      }
      result = createMap(
          b, loc, result, resultSizes, info.elementType,
          [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
            return createFinalizer(nested, nestedLoc, info, args[0], count,
                                   /*shift=*/Value());
          });
    }
    if (keepDims)
      result = expandReducedDims(b, loc, input, inputSizes, result, axes);
  }
  return bitcastElements(b, loc, result, originalElementType);
}

std::string mlir::reduce::describeCheckSite(Operation *op) {
  std::string site;
  llvm::raw_string_ostream os(site);
  os << "'" << op->getName() << "'";
  if (auto fileLoc = op->getLoc()->findInstanceOf<FileLineColLoc>())
    os << " at " << fileLoc.getFilename().getValue() << ":"
       << fileLoc.getLine() << ":" << fileLoc.getColumn();
  return site;
}

namespace {
/// Lowers one reduce op to linalg.
template <typename OpTy>
struct ReductionOpLowering : OpConversionPattern<OpTy> {
  ReductionOpLowering(MLIRContext *context, bool f64Accumulation)
      : OpConversionPattern<OpTy>(context), f64Accumulation(f64Accumulation) {
  }

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "unranked input");
    Location loc = op.getLoc();
    ReductionInfo info =
        getReductionInfo(OpTy::kKind, inputType.getElementType(),
                         getNanModeOf(op), getRoundingOf(op), f64Accumulation);
    auto resultType = cast<TensorType>(op.getResult().getType());
    // The site the pass gave an op with runtime checks.
    auto site =
        op->template getAttrOfType<IntegerAttr>(kRuntimeCheckSiteAttrName);
    if (hasRuntimeChecks(op) && !site)
      return rewriter.notifyMatchFailure(op, "no runtime check site");
    if (hasRuntimeAxes(op)) {
      Value status;
      Value result = lowerRuntimeAxesReduction(
          rewriter, loc, info, input, adaptor.getAxesOperand(),
          op.getKeepDims(), op.getEmptyAxes(), resultType, site.getInt(),
          status);
      rewriter.replaceOp(op, result);
      return success();
    }
    // A constant axes operand is looked through by value.
    FailureOr<SmallVector<int64_t>> axes =
        getStaticAxes(op.getAxes(), op.getAxesOperand(), op.getEmptyAxes(),
                      inputType.getRank());
    if (failed(axes))
      return rewriter.notifyMatchFailure(op, "axes are not lowerable");

    Value result =
        lowerReduction(rewriter, loc, info, input, *axes, op.getKeepDims());
    if (hasUnprovenResultSizes(op)) {
      Value status;
      result = checkResultSizes(rewriter, loc, result,
                                cast<RankedTensorType>(resultType),
                                site.getInt(), status);
    }
    // The written result type may be less static than the computed one.
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  bool f64Accumulation;
};

/// Numbers the ops with runtime checks of each function in order and lists
/// them in the function's `reduce.runtime_checks` attribute.
static void assignRuntimeCheckSites(Operation *root) {
  root->walk([](func::FuncOp func) {
    SmallVector<Attribute> sites;
    func.walk([&](Operation *op) {
      auto reduction = dyn_cast<ReductionOpInterface>(op);
      if (!(reduction && hasRuntimeChecks(reduction)) &&
          !needsDivisionCheck(op) && !hasRuntimeEmptyCheck(op))
        return;
      op->setAttr(kRuntimeCheckSiteAttrName,
                  IntegerAttr::get(IntegerType::get(op->getContext(), 64),
                                   sites.size()));
      sites.push_back(StringAttr::get(op->getContext(), describeCheckSite(op)));
    });
    if (!sites.empty())
      func->setAttr(kRuntimeChecksAttrName,
                    ArrayAttr::get(func.getContext(), sites));
  });
}

/// Returns the statuses of the runtime-axes reductions of `func` as one more
/// result, the first error of them in program order.
static void returnRuntimeStatus(func::FuncOp func) {
  SmallVector<tensor::FromElementsOp> statuses;
  func.walk([&](tensor::FromElementsOp op) {
    if (op->hasAttr(kRuntimeStatusAttrName))
      statuses.push_back(op);
  });
  if (statuses.empty())
    return;
  auto returnOp = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  OpBuilder b(returnOp);
  Location loc = returnOp.getLoc();
  Value status = statuses.front();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value ok = arith::ConstantIntOp::create(b, loc, 0, 64);
  for (tensor::FromElementsOp next : llvm::drop_begin(statuses)) {
    Value code = tensor::ExtractOp::create(b, loc, status, ValueRange{zero});
    Value failed =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, code, ok);
    status = arith::SelectOp::create(b, loc, failed, status, next);
  }
  for (tensor::FromElementsOp op : statuses)
    op->removeAttr(kRuntimeStatusAttrName);
  returnOp.getOperandsMutable().append(status);
  // Appending a result to a function with one block cannot fail.
  (void)func.insertResult(func.getNumResults(), status.getType(),
                          DictionaryAttr());
}

/// The `lower-reduce` pass.
struct ConvertReduceToLinalgPass
    : reduce::impl::ConvertReduceToLinalgPassBase<ConvertReduceToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    decomposeNormalizations(root);
    // Report every op that cannot be lowered before touching the IR.
    bool lowerable = true;
    root->walk([&](ReductionOpInterface op) {
      lowerable &= succeeded(checkLowerable(op));
    });
    root->walk([&](Operation *op) {
      if (needsDivisionCheck(op))
        lowerable &= succeeded(checkRuntimeCheckPlacement(
            op, "an integer division on tensors whose divisor may be 0"));
      if (hasRuntimeEmptyCheck(op))
        lowerable &= succeeded(
            checkRuntimeCheckPlacement(op, "a dynamic reduced dim"));
    });
    if (!lowerable)
      return signalPassFailure();
    assignRuntimeCheckSites(root);
    // The divisions get their checks (linalg ops) before the conversion.
    SmallVector<Operation *> divisions;
    root->walk([&](Operation *op) {
      if (op->hasAttr(kRuntimeCheckSiteAttrName) && needsDivisionCheck(op))
        divisions.push_back(op);
    });
    OpBuilder builder(&getContext());
    for (Operation *op : divisions) {
      auto site = op->getAttrOfType<IntegerAttr>(kRuntimeCheckSiteAttrName);
      guardIntegerDivision(builder, op, site.getInt());
      op->removeAttr(kRuntimeCheckSiteAttrName);
    }

    MLIRContext *context = &getContext();
    ConversionTarget target(*context);
    target.addIllegalDialect<ReduceDialect>();
    target.addLegalDialect<arith::ArithDialect, linalg::LinalgDialect,
                           math::MathDialect, scf::SCFDialect,
                           tensor::TensorDialect>();
    RewritePatternSet patterns(context);
    populateReduceToLinalgConversionPatterns(patterns, f64Accumulation);
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      return signalPassFailure();
    root->walk([](func::FuncOp func) { returnRuntimeStatus(func); });
  }
};
} // namespace

/// Adds the lowering of each op of `OpTys`.
template <typename... OpTys>
static void addLowerings(RewritePatternSet &patterns, bool f64Accumulation,
                         ReductionOpList<OpTys...>) {
  patterns.add<ReductionOpLowering<OpTys>...>(patterns.getContext(),
                                              f64Accumulation);
}

void mlir::reduce::populateReduceToLinalgConversionPatterns(
    RewritePatternSet &patterns, bool f64Accumulation) {
  addLowerings(patterns, f64Accumulation, AllReductionOps());
  populateArgReductionLoweringPatterns(patterns);
  populateScanLoweringPatterns(patterns);
}
