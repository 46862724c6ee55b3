//===- ReduceByteBoolAccumulators.cpp - Bool accumulators as bytes -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Carries the loop accumulators of vectors of bools that an and or an or
// updates as vectors of bytes (0 or 1), so that the backend keeps them in
// vector registers, not mask registers.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEBYTEBOOLACCUMULATORSPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

/// Returns true if `value` is a compare's result, or an and/or of such
/// results: a mask that a compare writes into a mask register, where an
/// accumulator of it stays without a widening per step (the ordered masks
/// of reduce-expand-min-max's range minimums). The walk visits at most
/// `kMaxMaskOps` ops.
static bool isCompareMask(Value value) {
  constexpr int kMaxMaskOps = 64;
  SmallVector<Value> worklist = {value};
  for (int visited = 0; !worklist.empty(); ++visited) {
    if (visited == kMaxMaskOps)
      return false;
    Operation *op = worklist.pop_back_val().getDefiningOp();
    if (isa_and_nonnull<arith::CmpFOp, arith::CmpIOp>(op))
      continue;
    if (!isa_and_nonnull<arith::AndIOp, arith::OrIOp>(op))
      return false;
    worklist.append(op->operand_begin(), op->operand_end());
  }
  return true;
}

/// Returns the `arith.andi` or `arith.ori` that is the only use of the
/// iter_arg `index` of `loop`, if its only use is the yield of that
/// iter_arg, the iter_arg is a fixed vector of i1 and the value it is
/// combined with is not a compare mask (isCompareMask).
static Operation *getBoolUpdate(scf::ForOp loop, unsigned index) {
  BlockArgument arg = loop.getRegionIterArgs()[index];
  auto type = dyn_cast<VectorType>(arg.getType());
  if (!type || type.isScalable() || !type.getElementType().isInteger(1) ||
      !arg.hasOneUse())
    return nullptr;
  Operation *update = *arg.getUsers().begin();
  if (!isa<arith::AndIOp, arith::OrIOp>(update) ||
      update->getBlock() != loop.getBody() || !update->hasOneUse() ||
      loop.getBody()->getTerminator()->getOperand(index) !=
          update->getResult(0))
    return nullptr;
  if (isCompareMask(update->getOperand(update->getOperand(0) == arg ? 1 : 0)))
    return nullptr;
  return update;
}

/// Rewrites the bool accumulators of `loop` in place: the init widened to
/// bytes before the loop, the value read widened in it, the and (or) on
/// bytes, the result narrowed after the loop. Bytes of 0 and 1 stay 0 and
/// 1 under and and or, so the narrowing is exact.
static void rewriteBoolAccumulators(RewriterBase &rewriter, scf::ForOp loop) {
  Operation *yield = loop.getBody()->getTerminator();
  for (unsigned index = 0, e = loop.getNumRegionIterArgs(); index < e;
       ++index) {
    Operation *update = getBoolUpdate(loop, index);
    if (!update)
      continue;
    BlockArgument arg = loop.getRegionIterArgs()[index];
    auto boolType = cast<VectorType>(arg.getType());
    VectorType byteType = boolType.cloneWith(
        std::nullopt, IntegerType::get(loop.getContext(), 8));
    Location loc = update->getLoc();

    rewriter.setInsertionPoint(loop);
    OpOperand &init = loop.getInitArgsMutable()[index];
    Value byteInit =
        arith::ExtUIOp::create(rewriter, init.get().getLoc(), byteType,
                               init.get());
    rewriter.modifyOpInPlace(loop, [&] { init.set(byteInit); });
    arg.setType(byteType);

    rewriter.setInsertionPoint(update);
    Value value = update->getOperand(update->getOperand(0) == arg ? 1 : 0);
    Value byteValue = arith::ExtUIOp::create(rewriter, loc, byteType, value);
    Value byteUpdate =
        isa<arith::AndIOp>(update)
            ? arith::AndIOp::create(rewriter, loc, arg, byteValue).getResult()
            : arith::OrIOp::create(rewriter, loc, arg, byteValue).getResult();
    rewriter.modifyOpInPlace(yield,
                             [&] { yield->setOperand(index, byteUpdate); });
    rewriter.eraseOp(update);

    OpResult result = loop->getResult(index);
    result.setType(byteType);
    rewriter.setInsertionPointAfter(loop);
    Value bools =
        arith::TruncIOp::create(rewriter, loop.getLoc(), boolType, result);
    rewriter.replaceAllUsesExcept(result, bools, bools.getDefiningOp());
  }
}

namespace {
struct ReduceByteBoolAccumulatorsPass
    : reduce::impl::ReduceByteBoolAccumulatorsPassBase<
          ReduceByteBoolAccumulatorsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops)
      rewriteBoolAccumulators(rewriter, loop);
  }
};
} // namespace
