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

#include "LinalgRaising.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::reduce;

namespace {

/// Classifies the op that folds a term into the accumulator. Integer
/// min/max must be signed (reduce ops read signless integers as signed);
/// and/or only combine i1. (maxnumf/minnumf: see planLinalgReduction.)
std::optional<ReductionKind> classifyCombiner(Operation *op) {
  std::optional<ReductionKind> kind =
      llvm::TypeSwitch<Operation *, std::optional<ReductionKind>>(op)
          .Case<arith::AddFOp, arith::AddIOp>(
              [](auto) { return ReductionKind::sum; })
          .Case<arith::MulFOp, arith::MulIOp>(
              [](auto) { return ReductionKind::prod; })
          .Case<arith::MaximumFOp, arith::MaxSIOp>(
              [](auto) { return ReductionKind::max; })
          .Case<arith::MinimumFOp, arith::MinSIOp>(
              [](auto) { return ReductionKind::min; })
          .Case<arith::AndIOp>(
              [](auto) { return ReductionKind::logical_and; })
          .Case<arith::OrIOp>([](auto) { return ReductionKind::logical_or; })
          .Default([](Operation *) { return std::nullopt; });
  bool isBool = op->getNumResults() == 1 &&
                op->getResult(0).getType().isSignlessInteger(1);
  bool isLogical =
      kind && getKindInfo(*kind).elements == ElementClass::bools;
  if (kind && isLogical != isBool)
    return std::nullopt;
  return kind;
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

/// Classifies the constant `init` of a linalg reduction that computes
/// reduce.<kind> (sum, prod, min, max, logical_and or logical_or). Integers
/// are signless, read as signed as the reduce ops read them.
InitUse classifyInit(ReductionKind kind, Attribute init) {
  auto typed = dyn_cast_or_null<TypedAttr>(init);
  if (!typed || !isa<FloatType, IntegerType>(typed.getType()))
    return InitUse::Reject;
  Attribute identity =
      getIdentityAttr(kind, typed.getType(), /*isUnsigned=*/false);
  // Bitwise: +0.0 only for a sum (the reduce ops' sum of no element, or of
  // -0.0s, is +0.0).
  bool isIdentity = false;
  if (auto floatAttr = dyn_cast<FloatAttr>(init))
    isIdentity = floatAttr.getValue().bitwiseIsEqual(
        cast<FloatAttr>(identity).getValue());
  else if (auto intAttr = dyn_cast<IntegerAttr>(init))
    isIdentity = intAttr.getValue() == cast<IntegerAttr>(identity).getValue();
  if (isIdentity)
    return InitUse::Identity;
  // min and max are idempotent: combining the init once more is exact.
  Combiner combiner = getKindInfo(kind).combiner;
  if (combiner == Combiner::min || combiner == Combiner::max)
    return InitUse::Combine;
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
  FailureOr<SmallVector<int64_t>> axes = getReducedAxes(op);
  if (failed(axes))
    return failure();
  plan.axes = std::move(*axes);

  OpOperand *init = op.getDpsInitOperand(0);
  // The body folds one term into the accumulator with one combiner.
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  BlockArgument acc = op.getMatchingBlockArgument(init);
  Operation *combinerOp = yield.getValues().front().getDefiningOp();
  if (!combinerOp || combinerOp->getBlock() != body ||
      combinerOp->getNumOperands() != 2 || !acc.hasOneUse() ||
      !combinerOp->getResult(0).hasOneUse())
    return failure();
  Value lhs = combinerOp->getOperand(0), rhs = combinerOp->getOperand(1);
  if (lhs != acc && rhs != acc)
    return failure();
  plan.term = lhs == acc ? rhs : lhs;
  plan.combiner = combinerOp;
  Attribute initValue = getFilledConstant(init->get());
  if (isa<arith::MaxNumFOp, arith::MinNumFOp>(combinerOp)) {
    // maxnumf/minnumf skip NaN. From a NaN init their fold is nan_mode
    // ignore (NaN where every element is NaN) but over a size-0 dim, where
    // it gives NaN and the op its identity. From any other init a row of
    // NaN gives the init, the op NaN: that form stays as written, which
    // the pipeline compiles as it is.
    auto nan = dyn_cast_or_null<FloatAttr>(initValue);
    if (!nan || !nan.getValue().isNaN() ||
        !hasStaticNonZeroDims(op, plan.axes))
      return failure();
    plan.kind = isa<arith::MaxNumFOp>(combinerOp) ? ReductionKind::max
                                                  : ReductionKind::min;
    plan.nanMode = NanMode::ignore;
  } else {
    std::optional<ReductionKind> kind = classifyCombiner(combinerOp);
    if (!kind)
      return failure();
    plan.kind = *kind;
    switch (classifyInit(*kind, initValue)) {
    case InitUse::Identity:
      break;
    case InitUse::Combine:
      plan.combineInit = true;
      break;
    case InitUse::Reject:
      return failure();
    }
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

Attribute mlir::reduce::getFilledConstant(Value value) {
  Attribute scalar;
  if (auto fill = value.getDefiningOp<linalg::FillOp>()) {
    if (matchPattern(fill.getInputs().front(), m_Constant(&scalar)))
      return scalar;
    return {};
  }
  DenseElementsAttr dense;
  if (matchPattern(value, m_Constant(&dense)) && dense.isSplat())
    return dense.getSplatValue<Attribute>();
  return {};
}

FailureOr<SmallVector<int64_t>>
mlir::reduce::getReducedAxes(linalg::LinalgOp op) {
  SmallVector<int64_t> axes, parallel;
  for (auto [index, type] : llvm::enumerate(op.getIteratorTypesArray()))
    (type == utils::IteratorType::reduction ? axes : parallel)
        .push_back(index);
  if (axes.empty())
    return failure();
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    if (!map.isProjectedPermutation() ||
        map.getNumResults() != static_cast<unsigned>(parallel.size()))
      return failure();
    for (auto [result, loop] : llvm::zip(map.getResults(), parallel))
      if (cast<AffineDimExpr>(result).getPosition() != loop)
        return failure();
  }
  return axes;
}

bool mlir::reduce::hasStaticNonZeroDims(linalg::LinalgOp op,
                                        ArrayRef<int64_t> loops) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  return llvm::none_of(loops, [&](int64_t loop) {
    return ShapedType::isDynamic(ranges[loop]) || ranges[loop] == 0;
  });
}
