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

#include "llvm/ADT/TypeSwitch.h"

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

/// The discardable attribute that gives an op with runtime checks its index
/// in the `reduce.runtime_checks` list of its function while the pass runs.
static constexpr llvm::StringLiteral kRuntimeCheckSiteAttrName =
    "reduce.runtime_check_site";

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
template <typename OpTy>
static bool hasRuntimeAxes(OpTy op) {
  return !op.hasStaticAxes() && !matchConstantAxes(op.getAxesOperand());
}

/// Returns true if the written result type of `op`, whose axes are static or
/// constant, has a static size that the input does not prove (a `?` input
/// dim kept with a static written size): the code checks it when it runs.
template <typename OpTy>
static bool hasUnprovenResultSizes(OpTy op) {
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
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
template <typename OpTy>
static bool hasRuntimeChecks(OpTy op) {
  return hasRuntimeAxes(op) || hasUnprovenResultSizes(op);
}

/// Checks that the status result of the runtime checks of `op` can reach
/// its function's return: the op is in the body of a single-block entry.
template <typename OpTy>
static LogicalResult checkRuntimeCheckPlacement(OpTy op, StringRef what) {
  auto func = dyn_cast<func::FuncOp>(op->getParentOp());
  if (!func || !func.getBody().hasOneBlock())
    return op.emitOpError("cannot lower ")
           << what
           << " here: expected the op in the body of a single-block "
              "func.func, whose results report its runtime errors";
  auto module = func->template getParentOfType<ModuleOp>();
  if (module && !SymbolTable::symbolKnownUseEmpty(func, module))
    return op.emitOpError("cannot lower ")
           << what << " in '" << func.getName()
           << "', which is called: its runtime errors are reported through "
              "an extra result, so it must be an entry function";
  return success();
}

/// Checks that the runtime axes of `op` can be lowered: the mask must hold
/// them, and the status result they add must reach the function's return.
template <typename OpTy>
static LogicalResult checkRuntimeAxes(OpTy op, RankedTensorType inputType) {
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
template <typename OpTy>
static LogicalResult checkLowerable(OpTy op) {
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
                                             bool f64Accumulation) {
  ReductionInfo info{kind, elementType, elementType, false, nanMode};
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    info.isUnsigned = intType.isUnsigned();
    info.elementType = info.accType =
        IntegerType::get(elementType.getContext(), intType.getWidth());
  } else if (elementType.isF16() || elementType.isBF16()) {
    // 16-bit floats are only loaded, extended, truncated and stored: all
    // arithmetic (including |x| and min, exact in any type) is done in f32.
    // Vector arithmetic on bf16 is not legal on x86 and crashes the backend
    // for some widths, and LLVM narrows an f32 op on an extended value back
    // to the 16-bit type when it is exact.
    info.accType = Float32Type::get(elementType.getContext());
  } else if (elementType.isF32() && f64Accumulation &&
             kind != ReductionKind::min) {
    info.accType = Float64Type::get(elementType.getContext());
  }
  return info;
}

/// Returns `value` (of the signless element type) as the accumulator type.
static Value extendToAcc(OpBuilder &b, Location loc, const ReductionInfo &info,
                         Value value) {
  if (value.getType() == info.accType)
    return value;
  return arith::ExtFOp::create(b, loc, info.accType, value);
}

/// Returns |value| in the accumulator type: the float absolute value, the
/// wrapping integer one (|INT_MIN| = INT_MIN) or `value` itself for
/// unsigned integers.
static Value createAbs(OpBuilder &b, Location loc, const ReductionInfo &info,
                       Value value) {
  if (info.isFloat())
    return math::AbsFOp::create(b, loc, extendToAcc(b, loc, info, value));
  if (info.isUnsigned)
    return value;
  return math::AbsIOp::create(b, loc, value);
}

/// Builds the body of the reduction: combines one input element `element`
/// with the accumulator `acc`.
static Value createCombiner(OpBuilder &b, Location loc,
                            const ReductionInfo &info, Value element,
                            Value acc) {
  switch (info.kind) {
  case ReductionKind::l1:
    element = createAbs(b, loc, info, element);
    [[fallthrough]];
  case ReductionKind::sum:
    element = extendToAcc(b, loc, info, element);
    if (info.isFloat())
      return arith::AddFOp::create(b, loc, element, acc);
    return arith::AddIOp::create(b, loc, element, acc);
  case ReductionKind::min:
    if (!info.isFloat()) {
      if (info.isUnsigned)
        return arith::MinUIOp::create(b, loc, element, acc);
      return arith::MinSIOp::create(b, loc, element, acc);
    }
    return arith::MinimumFOp::create(b, loc, extendToAcc(b, loc, info, element),
                                     acc);
  }
  llvm_unreachable("unknown reduction kind");
}

/// Returns the identity of the reduction as a typed attribute: 0, +inf or
/// the largest value of the integer type.
static TypedAttr getIdentityAttr(OpBuilder &b, const ReductionInfo &info) {
  if (info.kind != ReductionKind::min)
    return b.getZeroAttr(info.accType);
  if (auto floatType = dyn_cast<FloatType>(info.accType))
    return b.getFloatAttr(floatType,
                          APFloat::getInf(floatType.getFloatSemantics()));
  unsigned width = info.accType.getIntOrFloatBitWidth();
  return b.getIntegerAttr(info.accType, info.isUnsigned
                                            ? APInt::getMaxValue(width)
                                            : APInt::getSignedMaxValue(width));
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
static SmallVector<OpFoldResult> dropDims(ArrayRef<OpFoldResult> sizes,
                                          ArrayRef<int64_t> droppedDims) {
  SmallVector<OpFoldResult> kept;
  for (auto [dim, size] : llvm::enumerate(sizes))
    if (!llvm::is_contained(droppedDims, static_cast<int64_t>(dim)))
      kept.push_back(size);
  return kept;
}

/// Returns a tensor of sizes `sizes` filled with `value`: a `linalg.fill` of
/// a `tensor.empty`.
static Value createFilledTensor(OpBuilder &b, Location loc,
                                ArrayRef<OpFoldResult> sizes, Value value) {
  Value empty = tensor::EmptyOp::create(b, loc, sizes, value.getType());
  return linalg::FillOp::create(b, loc, value, empty)->getResult(0);
}

/// Returns `source` with its element type changed to `elementType` by a
/// `tensor.bitcast`, or `source` if it already has that element type.
static Value bitcastElements(OpBuilder &b, Location loc, Value source,
                             Type elementType) {
  auto type = cast<RankedTensorType>(source.getType());
  if (type.getElementType() == elementType)
    return source;
  return tensor::BitcastOp::create(b, loc, type.clone(elementType), source);
}

/// Returns the elementwise `body(x...)` of `sources`, whose sizes are
/// `sizes`, as a `linalg.map` into a tensor of element type `elementType`.
static Value
createMap(OpBuilder &b, Location loc, ValueRange sources,
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
static Value expandReducedDims(OpBuilder &b, Location loc, Value input,
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

/// Lowers a float min with `nan_mode ignore` as one `linalg.generic` with
/// two reductions read from the same input: the minimum over the non-NaN
/// elements (a NaN becomes +inf, the identity), and an i8 flag of whether a
/// non-NaN element was seen (`arith.ori` from an init that is 1 when the
/// reduced extent is 0). A final `linalg.map` gives NaN where only NaNs were
/// seen. Both combiners are plain `arith.minimumf` / `arith.ori`, so the op
/// tiles and vectorizes like the other reductions. The flag is an i8, not an
/// i1: vectors of i1 are bit-packed in memory, scalars are not.
static Value lowerNanSkippingMin(OpBuilder &b, Location loc,
                                 const ReductionInfo &info, Value input,
                                 ArrayRef<OpFoldResult> inputSizes,
                                 ArrayRef<OpFoldResult> resultSizes,
                                 ArrayRef<int64_t> axes) {
  Type floatType = info.accType;
  Value inf = createFloatConstant(
      b, loc, floatType, [](const auto &sem) { return APFloat::getInf(sem); });
  Value minInit = createFilledTensor(b, loc, resultSizes, inf);
  Value seenInit = createFilledTensor(
      b, loc, resultSizes, createIsEmptyFlag(b, loc, inputSizes, axes));

  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  SmallVector<AffineExpr> resultExprs;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t dim = 0; dim < rank; ++dim) {
    bool reduced = llvm::is_contained(axes, dim);
    iterators.push_back(reduced ? utils::IteratorType::reduction
                                : utils::IteratorType::parallel);
    if (!reduced)
      resultExprs.push_back(b.getAffineDimExpr(dim));
  }
  AffineMap resultMap = AffineMap::get(rank, 0, resultExprs, b.getContext());
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank), resultMap,
                                 resultMap};
  auto genericOp = linalg::GenericOp::create(
      b, loc, TypeRange{minInit.getType(), seenInit.getType()},
      ValueRange{input}, ValueRange{minInit, seenInit}, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value element = extendToAcc(nested, nestedLoc, info, args[0]);
        Value isNumber = arith::CmpFOp::create(
            nested, nestedLoc, arith::CmpFPredicate::ORD, element, element);
        Value isNumberFlag = arith::ExtUIOp::create(
            nested, nestedLoc, nested.getI8Type(), isNumber);
        Value bodyInf = createFloatConstant(
            nested, nestedLoc, floatType,
            [](const auto &sem) { return APFloat::getInf(sem); });
        Value number = arith::SelectOp::create(nested, nestedLoc, isNumber,
                                               element, bodyInf);
        Value min =
            arith::MinimumFOp::create(nested, nestedLoc, number, args[1]);
        Value seen =
            arith::OrIOp::create(nested, nestedLoc, isNumberFlag, args[2]);
        linalg::YieldOp::create(nested, nestedLoc, ValueRange{min, seen});
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

Value mlir::reduce::lowerReduction(OpBuilder &b, Location loc,
                                   const ReductionInfo &info, Value input,
                                   ArrayRef<int64_t> axes, bool keepDims) {
  Type originalElementType =
      cast<RankedTensorType>(input.getType()).getElementType();
  input = bitcastElements(b, loc, input, info.elementType);
  SmallVector<OpFoldResult> inputSizes = tensor::getMixedSizes(b, loc, input);

  Value result;
  if (axes.empty()) {
    // Nothing is reduced: the L1 norm of one element is its |x|.
    result = input;
    if (info.kind == ReductionKind::l1 && !info.isUnsigned)
      result = createMap(
          b, loc, input, inputSizes, info.elementType,
          [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
            Value abs = createAbs(nested, nestedLoc, info, args[0]);
            if (abs.getType() == info.elementType)
              return abs;
            return arith::TruncFOp::create(nested, nestedLoc, info.elementType,
                                           abs)
                .getResult();
          });
  } else {
    SmallVector<OpFoldResult> resultSizes = dropDims(inputSizes, axes);
    if (info.ignoresNan()) {
      result = lowerNanSkippingMin(b, loc, info, input, inputSizes, resultSizes,
                                   axes);
    } else {
      Value identity =
          arith::ConstantOp::create(b, loc, getIdentityAttr(b, info));
      Value filled = createFilledTensor(b, loc, resultSizes, identity);
      auto reduceOp = linalg::ReduceOp::create(
          b, loc, ValueRange{input}, ValueRange{filled}, axes,
          [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
            linalg::YieldOp::create(
                nested, nestedLoc,
                createCombiner(nested, nestedLoc, info, args[0], args[1]));
          });
      result = reduceOp->getResult(0);
    }
    // Wide accumulators are rounded once, at the end.
    if (info.accType != info.elementType)
      result = createMap(
          b, loc, result, resultSizes, info.elementType,
          [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
            return arith::TruncFOp::create(nested, nestedLoc, info.elementType,
                                           args[0]);
          });
    if (keepDims)
      result = expandReducedDims(b, loc, input, inputSizes, result, axes);
  }
  return bitcastElements(b, loc, result, originalElementType);
}

/// Returns the NaN mode of `op`: its property for reduce.min, else the
/// default (irrelevant for sum and l1).
template <typename OpTy>
static NanMode getNanMode(OpTy op) {
  if constexpr (std::is_same_v<OpTy, MinOp>)
    return op.getNanMode();
  return NanMode::propagate;
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
    ReductionInfo info = getReductionInfo(
        OpTy::kKind, inputType.getElementType(), getNanMode(op),
        f64Accumulation);
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
      bool runtime = TypeSwitch<Operation *, bool>(op)
                         .Case<SumOp, L1Op, MinOp>([](auto reduceOp) {
                           return hasRuntimeChecks(reduceOp);
                         })
                         .Default([](Operation *) { return false; });
      if (!runtime)
        return;
      op->setAttr(kRuntimeCheckSiteAttrName,
                  IntegerAttr::get(IntegerType::get(op->getContext(), 64),
                                   sites.size()));
      std::string site;
      llvm::raw_string_ostream os(site);
      os << "'" << op->getName() << "'";
      if (auto fileLoc = op->getLoc()->findInstanceOf<FileLineColLoc>())
        os << " at " << fileLoc.getFilename().getValue() << ":"
           << fileLoc.getLine() << ":" << fileLoc.getColumn();
      sites.push_back(StringAttr::get(op->getContext(), site));
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
    // Report every op that cannot be lowered before touching the IR.
    bool lowerable = true;
    root->walk([&](Operation *op) {
      LogicalResult result =
          TypeSwitch<Operation *, LogicalResult>(op)
              .Case<SumOp, L1Op, MinOp>(
                  [](auto reduceOp) { return checkLowerable(reduceOp); })
              .Default([](Operation *) { return success(); });
      lowerable &= succeeded(result);
    });
    if (!lowerable)
      return signalPassFailure();
    assignRuntimeCheckSites(root);

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

void mlir::reduce::populateReduceToLinalgConversionPatterns(
    RewritePatternSet &patterns, bool f64Accumulation) {
  patterns.add<ReductionOpLowering<SumOp>, ReductionOpLowering<L1Op>,
               ReductionOpLowering<MinOp>>(patterns.getContext(),
                                           f64Accumulation);
}
