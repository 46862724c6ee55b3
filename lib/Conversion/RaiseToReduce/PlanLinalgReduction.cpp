//===- PlanLinalgReduction.cpp - What a linalg reduction computes -*- C++ -*-=//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Decides whether a linalg.reduce or a reduction linalg.generic computes one
// of the reduce ops, and records how (LinalgReductionPlan). It rewrites
// nothing. A match is exact: the op must give what the linalg op gives for
// every input, NaN, infinities, signed zeros and size-0 dims included (float
// sums and products aside, which both may reassociate; the reduce ops
// accumulate f16/bf16 in f32 and f32 products in f64).
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/RaiseToReduce/RaiseToReduce.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::reduce;

namespace {

/// The reduction a combiner op computes, with its NaN behaviour.
struct Combiner {
  ReductionKind kind;
  NanMode nanMode = NanMode::propagate;
};

/// Classifies the op that folds a term into the accumulator. Integer
/// min/max must be signed (reduce ops read signless integers as signed);
/// and/or only combine i1.
std::optional<Combiner> classifyCombiner(Operation *op) {
  bool isBool = op->getNumResults() == 1 &&
                op->getResult(0).getType().isSignlessInteger(1);
  return llvm::TypeSwitch<Operation *, std::optional<Combiner>>(op)
      .Case<arith::AddFOp>([](auto) { return Combiner{ReductionKind::sum}; })
      .Case<arith::AddIOp>([&](auto) -> std::optional<Combiner> {
        if (isBool)
          return std::nullopt;
        return Combiner{ReductionKind::sum};
      })
      .Case<arith::MulFOp>([](auto) { return Combiner{ReductionKind::prod}; })
      .Case<arith::MulIOp>([&](auto) -> std::optional<Combiner> {
        if (isBool)
          return std::nullopt;
        return Combiner{ReductionKind::prod};
      })
      .Case<arith::MaximumFOp, arith::MaxSIOp>(
          [](auto) { return Combiner{ReductionKind::max}; })
      .Case<arith::MinimumFOp, arith::MinSIOp>(
          [](auto) { return Combiner{ReductionKind::min}; })
      .Case<arith::MaxNumFOp>([](auto) {
        return Combiner{ReductionKind::max, NanMode::ignore};
      })
      .Case<arith::MinNumFOp>([](auto) {
        return Combiner{ReductionKind::min, NanMode::ignore};
      })
      .Case<arith::AndIOp>([&](auto) -> std::optional<Combiner> {
        if (!isBool)
          return std::nullopt;
        return Combiner{ReductionKind::logical_and};
      })
      .Case<arith::OrIOp>([&](auto) -> std::optional<Combiner> {
        if (!isBool)
          return std::nullopt;
        return Combiner{ReductionKind::logical_or};
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// The scalar a constant init holds: the value of a `linalg.fill` of a
/// constant, or of a splat constant tensor.
Attribute getConstantInit(Value init) {
  Attribute scalar;
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    if (matchPattern(fill.getInputs().front(), m_Constant(&scalar)))
      return scalar;
    return {};
  }
  DenseElementsAttr dense;
  if (matchPattern(init, m_Constant(&dense)) && dense.isSplat())
    return dense.getSplatValue<Attribute>();
  return {};
}

/// How a constant init enters the result.
enum class InitUse {
  /// The identity of the reduce op: nothing to do.
  Identity,
  /// min/max: the result is the combiner applied to the reduction and init.
  Combine,
  /// Not expressible exactly: the op is left alone.
  Reject,
};

InitUse classifyInit(const Combiner &combiner, Attribute init) {
  bool isMinMax = combiner.kind == ReductionKind::min ||
                  combiner.kind == ReductionKind::max;
  if (auto floatAttr = dyn_cast_or_null<FloatAttr>(init)) {
    const APFloat &value = floatAttr.getValue();
    switch (combiner.kind) {
    case ReductionKind::sum:
      // +0.0 only: the reduce ops' sum of no element, or of -0.0s, is +0.0.
      return value.isPosZero() ? InitUse::Identity : InitUse::Reject;
    case ReductionKind::prod:
      return value.isExactlyValue(1.0) ? InitUse::Identity : InitUse::Reject;
    default:
      break;
    }
    if (!isMinMax)
      return InitUse::Reject;
    if (combiner.nanMode == NanMode::ignore)
      // maxnum(r, NaN) is r, but a NaN init turns a size-0 reduction into NaN.
      return value.isNaN() ? InitUse::Reject : InitUse::Combine;
    bool identity = value.isInfinity() &&
                    value.isNegative() == (combiner.kind == ReductionKind::max);
    return identity ? InitUse::Identity : InitUse::Combine;
  }
  if (auto intAttr = dyn_cast_or_null<IntegerAttr>(init)) {
    const APInt &value = intAttr.getValue();
    switch (combiner.kind) {
    case ReductionKind::sum:
    case ReductionKind::logical_or:
      return value.isZero() ? InitUse::Identity : InitUse::Reject;
    case ReductionKind::prod:
      return value.isOne() ? InitUse::Identity : InitUse::Reject;
    case ReductionKind::logical_and:
      return value.isAllOnes() ? InitUse::Identity : InitUse::Reject;
    case ReductionKind::max:
      return value.isMinSignedValue() ? InitUse::Identity : InitUse::Combine;
    case ReductionKind::min:
      return value.isMaxSignedValue() ? InitUse::Identity : InitUse::Combine;
    default:
      return InitUse::Reject;
    }
  }
  return InitUse::Reject;
}

/// The operand `value` names when it is the block argument of an input read
/// with the identity map, else null.
Value getIdentityInput(linalg::LinalgOp op, Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != op.getBlock())
    return {};
  OpOperand *operand = op.getMatchingOpOperand(arg);
  if (!op.isDpsInput(operand) ||
      !op.getMatchingIndexingMap(operand).isIdentity())
    return {};
  return operand->get();
}

/// Whether the term can be computed by an all-parallel generic over the
/// same loops: it reads inputs only through the identity map, and its ops
/// in the body are pure and region-free.
bool isElementwiseTerm(linalg::LinalgOp op, Value term) {
  SmallVector<Value> worklist{term};
  llvm::SmallPtrSet<Value, 8> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == op.getBlock() && !getIdentityInput(op, arg))
        return false;
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (def->getBlock() != op.getBlock())
      continue;
    if (!isPure(def) || def->getNumRegions() != 0)
      return false;
    llvm::append_range(worklist, def->getOperands());
  }
  return true;
}

} // namespace

FailureOr<LinalgReductionPlan>
mlir::reduce::planLinalgReduction(linalg::LinalgOp op) {
  if (!isa<linalg::ReduceOp, linalg::GenericOp>(op.getOperation()) ||
      !op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op->getNumResults() != 1 || op.getNumDpsInputs() == 0)
    return failure();

  LinalgReductionPlan plan;
  SmallVector<int64_t> parallel;
  for (auto [index, type] : llvm::enumerate(op.getIteratorTypesArray()))
    (type == utils::IteratorType::reduction ? plan.axes : parallel)
        .push_back(index);
  if (plan.axes.empty())
    return failure();

  // The result keeps the parallel loops in order, as a reduce op does.
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap initMap = op.getMatchingIndexingMap(init);
  if (!initMap.isProjectedPermutation() ||
      initMap.getNumResults() != static_cast<unsigned>(parallel.size()))
    return failure();
  for (auto [result, loop] : llvm::zip(initMap.getResults(), parallel))
    if (cast<AffineDimExpr>(result).getPosition() != loop)
      return failure();

  // The body folds one term into the accumulator with one combiner.
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  BlockArgument acc = op.getMatchingBlockArgument(init);
  Operation *combinerOp = yield.getValues().front().getDefiningOp();
  if (!combinerOp || combinerOp->getBlock() != body ||
      combinerOp->getNumOperands() != 2 || !acc.hasOneUse() ||
      !combinerOp->getResult(0).hasOneUse())
    return failure();
  std::optional<Combiner> combiner = classifyCombiner(combinerOp);
  if (!combiner)
    return failure();
  Value lhs = combinerOp->getOperand(0), rhs = combinerOp->getOperand(1);
  if (lhs != acc && rhs != acc)
    return failure();
  plan.term = lhs == acc ? rhs : lhs;
  plan.combiner = combinerOp;
  plan.kind = combiner->kind;
  plan.nanMode = combiner->nanMode;

  switch (classifyInit(*combiner, getConstantInit(init->get()))) {
  case InitUse::Identity:
    break;
  case InitUse::Combine:
    plan.combineInit = true;
    break;
  case InitUse::Reject:
    return failure();
  }

  // The term: an input as it is, |x| or x * x of one (l1, sum_square), or an
  // elementwise prologue.
  plan.directInput = getIdentityInput(op, plan.term);
  if (!plan.directInput && plan.kind == ReductionKind::sum) {
    Operation *def = plan.term.getDefiningOp();
    if (isa_and_nonnull<math::AbsFOp, math::AbsIOp>(def)) {
      if (Value input = getIdentityInput(op, def->getOperand(0))) {
        plan.kind = ReductionKind::l1;
        plan.directInput = input;
      }
    } else if (isa_and_nonnull<arith::MulFOp, arith::MulIOp>(def) &&
               def->getOperand(0) == def->getOperand(1)) {
      if (Value input = getIdentityInput(op, def->getOperand(0))) {
        plan.kind = ReductionKind::sum_square;
        plan.directInput = input;
      }
    }
  }
  if (!plan.directInput && !isElementwiseTerm(op, plan.term))
    return failure();
  if (!isSupportedElementType(plan.kind, plan.term.getType()))
    return failure();
  return plan;
}
