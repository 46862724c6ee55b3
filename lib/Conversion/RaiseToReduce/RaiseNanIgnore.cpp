//===- RaiseNanIgnore.cpp - tosa-to-linalg's NaN-ignoring min/max -*- C++ -*-=//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tosa-to-linalg lowers a reduce_min/reduce_max with nan_mode IGNORE to a
// two-result reduction and a select:
//
//   %r:2 = linalg.reduce ins(%x, %x) outs(fill(c), fill(true))
//     (%in, %in2, %acc, %all) {
//       %m = arith.maximumf %in, %acc        (minimumf for min)
//       %n = arith.cmpf uno, %in, %in
//       %s = arith.select %n, %acc, %m       (a NaN keeps the accumulator)
//       %a = arith.andi %all, %n             (every element NaN so far)
//       linalg.yield %s, %a
//     }
//   %y = linalg.select ins(%r#1, fill(NaN), %r#0)
//
// With c not NaN the accumulator never is: %r#0 is the maximum of c and the
// numbers, %y NaN where every element is NaN. That is reduce.max nan_mode
// ignore (NaN where every element is NaN) combined with c by maximumf,
// exactly, as long as no reduced dim has size 0 (then %y is NaN and the
// reduce op's identity would give c): the reduced dims must be static and
// non-zero. The flag is no side output here: only the select reads it.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/RaiseToReduce/RaiseToReduce.h"

#include "LinalgRaising.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::reduce;

namespace {

/// What the pattern rewrites: the reduction, its kind, its axes, and its
/// combiner (maximumf or minimumf of `term` and `acc`).
struct NanIgnorePlan {
  linalg::LinalgOp reduction;
  ReductionKind kind = ReductionKind::max;
  SmallVector<int64_t> axes;
  Operation *combiner = nullptr;
  Value term, acc;
};

/// Whether `value` is one of `inputArgs`, the body arguments of the inputs
/// (which both read the reduced tensor).
bool isInputArg(Value value, ArrayRef<BlockArgument> inputArgs) {
  return llvm::is_contained(inputArgs, value);
}

FailureOr<NanIgnorePlan> planNanIgnore(linalg::SelectOp select) {
  if (!select.hasPureTensorSemantics() || select.getInputs().size() != 3)
    return failure();
  Value flag = select.getInputs()[0], nanFill = select.getInputs()[1],
        value = select.getInputs()[2];
  auto op = flag.getDefiningOp<linalg::LinalgOp>();
  if (!op || value.getDefiningOp() != op.getOperation() ||
      !isa<linalg::ReduceOp, linalg::GenericOp>(op.getOperation()) ||
      op->getNumResults() != 2 || op.getNumDpsInputs() != 2 ||
      cast<OpResult>(flag).getResultNumber() != 1 ||
      cast<OpResult>(value).getResultNumber() != 0 || !flag.hasOneUse() ||
      !value.hasOneUse() || !op.hasPureTensorSemantics())
    return failure();
  auto nan = dyn_cast_or_null<FloatAttr>(getFilledConstant(nanFill));
  if (!nan || !nan.getValue().isNaN())
    return failure();

  // Both inputs read the same tensor with the identity map; both inits are
  // the same projection onto the parallel loops, in order.
  Value x = op.getDpsInputOperand(0)->get();
  if (op.getDpsInputOperand(1)->get() != x)
    return failure();
  FailureOr<SmallVector<int64_t>> axes = getReducedAxes(op);
  if (failed(axes))
    return failure();
  NanIgnorePlan plan;
  plan.reduction = op;
  plan.axes = std::move(*axes);
  for (OpOperand *input : op.getDpsInputOperands())
    if (!op.getMatchingIndexingMap(input).isIdentity())
      return failure();
  // No reduced dim of size 0 (see the file comment).
  if (!hasStaticNonZeroDims(op, plan.axes))
    return failure();

  // The inits: a number c, and true.
  auto init = dyn_cast_or_null<FloatAttr>(
      getFilledConstant(op.getDpsInitOperand(0)->get()));
  auto allNaN = dyn_cast_or_null<IntegerAttr>(
      getFilledConstant(op.getDpsInitOperand(1)->get()));
  if (!init || init.getValue().isNaN() || !allNaN ||
      !allNaN.getType().isSignlessInteger(1) || !allNaN.getValue().isOne())
    return failure();

  // The body, op by op.
  Block *body = op.getBlock();
  SmallVector<BlockArgument> inputArgs(op.getRegionInputArgs());
  BlockArgument acc = op.getRegionOutputArgs()[0];
  BlockArgument all = op.getRegionOutputArgs()[1];
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  if (body->getOperations().size() != 5)
    return failure();
  auto keep = yield.getValues()[0].getDefiningOp<arith::SelectOp>();
  auto both = yield.getValues()[1].getDefiningOp<arith::AndIOp>();
  if (!keep || !both)
    return failure();
  auto isNaN = keep.getCondition().getDefiningOp<arith::CmpFOp>();
  if (!isNaN || isNaN.getPredicate() != arith::CmpFPredicate::UNO ||
      isNaN.getLhs() != isNaN.getRhs() ||
      !isInputArg(isNaN.getLhs(), inputArgs) || keep.getTrueValue() != acc)
    return failure();
  if (!((both.getLhs() == all && both.getRhs() == isNaN) ||
        (both.getRhs() == all && both.getLhs() == isNaN)))
    return failure();
  Operation *combiner = keep.getFalseValue().getDefiningOp();
  if (!isa_and_nonnull<arith::MaximumFOp, arith::MinimumFOp>(combiner))
    return failure();
  Value lhs = combiner->getOperand(0), rhs = combiner->getOperand(1);
  if (!((lhs == acc && isInputArg(rhs, inputArgs)) ||
        (rhs == acc && isInputArg(lhs, inputArgs))))
    return failure();
  plan.kind = isa<arith::MaximumFOp>(combiner) ? ReductionKind::max
                                               : ReductionKind::min;
  plan.combiner = combiner;
  plan.acc = acc;
  plan.term = lhs == acc ? rhs : lhs;
  if (!isSupportedElementType(plan.kind, getElementTypeOrSelf(x.getType())))
    return failure();
  return plan;
}

struct RaiseNanIgnoreMinMax : OpRewritePattern<linalg::SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::SelectOp select,
                                PatternRewriter &rewriter) const override {
    FailureOr<NanIgnorePlan> plan = planNanIgnore(select);
    if (failed(plan))
      return rewriter.notifyMatchFailure(select, "not tosa-to-linalg's "
                                                 "NaN-ignoring min/max");
    Location loc = select.getLoc();
    linalg::LinalgOp op = plan->reduction;
    FailureOr<Value> reduced = createReduction(
        rewriter, loc, plan->kind, op.getDpsInputOperand(0)->get(),
        ArrayRef<int64_t>(plan->axes), Value(), /*keepDims=*/false,
        EmptyAxesMode::noop, NanMode::ignore);
    if (failed(reduced))
      return failure();
    // The number c the reduction started from, combined elementwise.
    Value init = op.getDpsInitOperand(0)->get();
    Value result = *reduced;
    if (result.getType() != init.getType())
      result = tensor::CastOp::create(rewriter, loc, init.getType(), result);
    Value replacement = combineWithInit(rewriter, loc, result, init,
                                       plan->combiner, plan->term, plan->acc);
    if (replacement.getType() != select->getResult(0).getType())
      replacement = tensor::CastOp::create(
          rewriter, loc, select->getResult(0).getType(), replacement);
    rewriter.replaceOp(select, replacement);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::reduce::populateRaiseNanIgnorePatterns(RewritePatternSet &patterns) {
  patterns.add<RaiseNanIgnoreMinMax>(patterns.getContext());
}
