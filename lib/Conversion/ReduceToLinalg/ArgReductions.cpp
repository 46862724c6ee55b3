//===- ArgReductions.cpp - Lowering of argmax and argmin --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers reduce.argmax and reduce.argmin to one `linalg.generic` with two
// outputs, the selected value (in the accumulator type: f32 for f16 and
// bf16) and its index, both reduced along the axis:
//
//   take = order(x, value)              (a compare or two, see below)
//   value = select take, x, value
//   index = select take, linalg.index(axis), index
//
// The value starts at the identity of max (min), -inf (+inf) or the lowest
// (largest) integer, and the index at 0, so an element equal to the
// identity at position 0 needs no special case; with `nan_mode ignore` the
// value starts at NaN, which the first number replaces. A reduced dim that
// is dynamic is checked when the code runs: size 0 is reported through the
// function's status result (RuntimeStatus.h).
//
//===----------------------------------------------------------------------===//

#include "LowerReduction.h"
#include "reduce/Conversion/ReduceToLinalg/RuntimeStatus.h"
#include "reduce/Dialect/Reduce/IR/AxisOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::reduce;

bool mlir::reduce::hasRuntimeEmptyCheck(Operation *op) {
  auto check = [](auto argOp) {
    return argOp.getInput().getType().isDynamicDim(argOp.getNormalizedAxis());
  };
  if (auto argMax = dyn_cast<ArgMaxOp>(op))
    return check(argMax);
  if (auto argMin = dyn_cast<ArgMinOp>(op))
    return check(argMin);
  return false;
}

namespace {
/// What the body of an arg-reduction needs to know.
struct ArgOrder {
  /// The value's arithmetic (kind max or min, accumulator type, sign).
  ReductionInfo info;
  bool selectLast;
  bool ignoreNan;
};
} // namespace

/// Returns whether `x` (in the accumulator type) replaces the selected
/// `value`. Floats:
///   propagate, first:  ord(value) && ugt(x, value)     (a NaN x replaces a
///                                                      number, never a NaN)
///   propagate, last:   uno(x) || oge(x, value)          (a NaN x always)
///   ignore:            ord(x) && ugt(x, value)  (uge with select_last; a
///                                                NaN value is the start)
/// with ult/ole/ule for argmin; integers compare signed or unsigned (gt, ge,
/// lt, le).
static Value createTakes(OpBuilder &b, Location loc, const ArgOrder &order,
                         Value x, Value value) {
  bool isMax = order.info.kind == ReductionKind::max;
  if (!order.info.isFloat()) {
    using P = arith::CmpIPredicate;
    P predicate =
        order.info.isUnsigned
            ? (isMax ? (order.selectLast ? P::uge : P::ugt)
                     : (order.selectLast ? P::ule : P::ult))
            : (isMax ? (order.selectLast ? P::sge : P::sgt)
                     : (order.selectLast ? P::sle : P::slt));
    return arith::CmpIOp::create(b, loc, predicate, x, value);
  }
  using P = arith::CmpFPredicate;
  auto compare = [&](P predicate, Value lhs, Value rhs) -> Value {
    return arith::CmpFOp::create(b, loc, predicate, lhs, rhs);
  };
  if (order.ignoreNan || !order.selectLast) {
    P beats = isMax ? (order.selectLast ? P::UGE : P::UGT)
                    : (order.selectLast ? P::ULE : P::ULT);
    // ignore: x must be a number; propagate: the selected value must be.
    Value guard = order.ignoreNan ? x : value;
    return arith::AndIOp::create(b, loc, compare(P::ORD, guard, guard),
                                 compare(beats, x, value));
  }
  return arith::OrIOp::create(b, loc, compare(P::UNO, x, x),
                              compare(isMax ? P::OGE : P::OLE, x, value));
}

/// Returns the index tensor of the arg-reduction of `input` (signless, of
/// sizes `inputSizes`) along `axis`, with indices of `indexType`.
static Value createArgReduction(OpBuilder &b, Location loc,
                                const ArgOrder &order, Value input,
                                ArrayRef<OpFoldResult> inputSizes, int64_t axis,
                                Type indexType) {
  const ReductionInfo &info = order.info;
  SmallVector<OpFoldResult> resultSizes = dropDimSizes(inputSizes, {axis});
  TypedAttr start =
      order.ignoreNan
          ? b.getFloatAttr(info.accType,
                           APFloat::getQNaN(
                               cast<FloatType>(info.accType).getFloatSemantics()))
          : getIdentityAttr(info);
  Value valueInit = createFilledTensor(
      b, loc, resultSizes, arith::ConstantOp::create(b, loc, start));
  Value indexInit = createFilledTensor(
      b, loc, resultSizes,
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(indexType, 0)));

  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  SmallVector<AffineMap> maps;
  SmallVector<utils::IteratorType> iterators;
  getReductionMaps(b, rank, {axis}, /*numKeptOperands=*/2, maps, iterators);
  auto genericOp = linalg::GenericOp::create(
      b, loc, TypeRange{valueInit.getType(), indexInit.getType()},
      ValueRange{input}, ValueRange{valueInit, indexInit}, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value x = extendToAcc(nested, nestedLoc, info, args[0]);
        Value takes = createTakes(nested, nestedLoc, order, x, args[1]);
        Value position = arith::IndexCastOp::create(
            nested, nestedLoc, indexType,
            linalg::IndexOp::create(nested, nestedLoc, axis));
        Value value =
            arith::SelectOp::create(nested, nestedLoc, takes, x, args[1]);
        Value index = arith::SelectOp::create(nested, nestedLoc, takes,
                                              position, args[2]);
        linalg::YieldOp::create(nested, nestedLoc, ValueRange{value, index});
      });
  return genericOp->getResult(1);
}

/// Returns the status of an arg-reduction whose reduced dim `axis` has the
/// dynamic size `size`: emptyReducedDim when it is 0.
static Value createEmptyCheck(OpBuilder &b, Location loc, Value size,
                              int64_t axis, int64_t site) {
  auto i64 = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(b, loc, value, 64);
  };
  Value isEmpty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size,
                            arith::ConstantIndexOp::create(b, loc, 0));
  Value code = arith::SelectOp::create(
      b, loc, isEmpty,
      i64(static_cast<int64_t>(RuntimeStatusCode::emptyReducedDim)), i64(0));
  auto status = tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({kRuntimeStatusWords}, b.getI64Type()),
      ValueRange{code, i64(site), i64(axis), i64(0), i64(0)});
  status->setAttr(kRuntimeStatusAttrName, b.getUnitAttr());
  return status;
}

namespace {
template <typename OpTy>
struct ArgReductionLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t axis = op.getNormalizedAxis();
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    ArgOrder order{getReductionInfo(OpTy::kKind, inputType.getElementType(),
                                    op.getNanMode(), IntRounding::toward_zero,
                                    /*f64Accumulation=*/false),
                   op.getSelectLastIndex(), false};
    order.ignoreNan = order.info.ignoresNan();

    if (hasRuntimeEmptyCheck(op)) {
      auto site = op->template getAttrOfType<IntegerAttr>(
          kRuntimeCheckSiteAttrName);
      if (!site)
        return rewriter.notifyMatchFailure(op, "no runtime check site");
      Value size = tensor::DimOp::create(rewriter, loc, input, axis);
      createEmptyCheck(rewriter, loc, size, axis, site.getInt());
    }

    input = bitcastElements(rewriter, loc, input, order.info.elementType);
    SmallVector<OpFoldResult> inputSizes =
        tensor::getMixedSizes(rewriter, loc, input);
    Value result =
        createArgReduction(rewriter, loc, order, input, inputSizes, axis,
                           resultType.getElementType());
    if (op.getKeepDims())
      result = expandReducedDims(rewriter, loc, input, inputSizes, result,
                                 {axis});
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void mlir::reduce::populateArgReductionLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ArgReductionLowering<ArgMaxOp>, ArgReductionLowering<ArgMinOp>>(
      patterns.getContext());
}
