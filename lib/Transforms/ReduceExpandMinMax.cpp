//===- ReduceExpandMinMax.cpp - Cheap NaN-propagating min, max -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites `arith.minimumf` into two plain min selects and a bitwise or,
// which x86 executes as two `vminps` and a `vorps` instead of the six
// instructions of the backend's `llvm.minimum` expansion, `arith.maximumf`
// into the negated minimum of the negated operands (the negations folded
// across trees, loop accumulators and reductions), and
// `vector.reduction <minimumf|maximumf>` into a tree of those. With the
// target's `range_minimum`, loop accumulators and trees of vector minimums
// or maximums first become AVX-512DQ range instructions beside an ordered
// mask (MinMax/X86Range.cpp). The pieces both share are in
// MinMax/Extremum.h.
//
//===----------------------------------------------------------------------===//

#include "reduce/Target/ReduceTarget.h"
#include "reduce/Transforms/Passes.h"

#include "MinMax/Extremum.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEEXPANDMINMAXPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce::minmax;

/// Rewrites the f32/f64 maximum accumulators of `loop` to carry the
/// negated maximum, the minimum of the negated values read: the init is
/// negated before the loop, each value read once in it (one sign flip,
/// off the loop-carried chain of the minimum), the result once after it.
/// The loop keeps its types, so it is changed in place.
static void rewriteNegatedAccumulators(RewriterBase &rewriter,
                                       scf::ForOp loop) {
  SmallVector<Accumulator<arith::MaximumFOp>> accumulators =
      getAccumulators<arith::MaximumFOp>(loop, isExpandedElementType);
  if (accumulators.empty())
    return;
  Operation *yield = loop.getBody()->getTerminator();
  for (const Accumulator<arith::MaximumFOp> &acc : accumulators) {
    arith::MaximumFOp update = acc.update;
    Location loc = update.getLoc();
    rewriter.setInsertionPoint(loop);
    OpOperand &init = loop.getInitArgsMutable()[acc.index];
    Value negatedInit = createNegation(rewriter, loc, init.get());
    rewriter.modifyOpInPlace(loop, [&] { init.set(negatedInit); });
    // The iter_arg now holds the negated maximum: the minimum of the
    // negated values.
    rewriter.setInsertionPoint(update);
    Value negated = createMinimum(
        rewriter, loc, update->getOperand(acc.accOperand),
        createNegation(rewriter, loc, update->getOperand(1 - acc.accOperand)));
    rewriter.modifyOpInPlace(yield,
                             [&] { yield->setOperand(acc.index, negated); });
    rewriter.eraseOp(update);
    Value result = loop.getResult(acc.index);
    SmallVector<OpOperand *> uses = llvm::map_to_vector(
        result.getUses(), [](OpOperand &use) { return &use; });
    rewriter.setInsertionPointAfter(loop);
    Value maximum = createNegation(rewriter, loc, result);
    for (OpOperand *use : uses)
      rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(maximum); });
  }
}

/// Rewrites the accumulators of every scf.for under `op`: with `range`,
/// minimum and maximum accumulators of whole registers into range
/// instructions; then every other f32/f64 maximum accumulator into a
/// negated one.
static void rewriteLoops(Operation *op, bool range) {
  SmallVector<scf::ForOp> loops;
  op->walk([&](scf::ForOp loop) { loops.push_back(loop); });
  IRRewriter rewriter(op->getContext());
  for (scf::ForOp loop : loops) {
    if (range) {
      loop = rewriteRangeAccumulators(rewriter, loop);
    }
    rewriteNegatedAccumulators(rewriter, loop);
    mergeEquivalentIterArgs(rewriter, loop);
  }
}

namespace {
/// `arith.minimumf` on f32/f64 scalars or vectors -> two plain mins and an
/// or; `arith.maximumf` -> the same on the negated operands, negated.
template <typename OpT>
struct ExpandExtremumF : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    if (!isExpandedElementType(op.getType()))
      return rewriter.notifyMatchFailure(op, "not f32 or f64");
    rewriter.replaceOp(op, createExtremum<OpT>(rewriter, op.getLoc(),
                                               op.getLhs(), op.getRhs()));
    return success();
  }
};

/// `vector.reduction <minimumf>` over a 1-D f32/f64 vector -> a tree of
/// minimums: a size that is not a power of two first folds its tail beyond
/// the largest power of two into its head (80 lanes: lanes 64-79 into 0-15,
/// whole registers), then each level takes the minimum of the two halves;
/// the accumulator comes last. `vector.reduction <maximumf>` -> the same
/// tree over the negated vector (one negation), negated.
template <typename OpT>
struct ExpandExtremumFReduction : OpRewritePattern<vector::ReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    if (op.getKind() != Extremum<OpT>::kind || type.getRank() != 1 ||
        type.isScalable() || !isExpandedElementType(type))
      return rewriter.notifyMatchFailure(op, "not a fixed 1-D f32/f64 min/max");
    Location loc = op.getLoc();
    Value vector = op.getVector();
    if (Extremum<OpT>::isMax)
      vector = createNegation(rewriter, loc, vector);
    int64_t size = type.getNumElements();
    if (!llvm::isPowerOf2_64(size)) {
      int64_t head =
          static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(size)));
      int64_t tail = size - head;
      // Operands are named first: the order of a call's arguments is
      // unspecified.
      Value front = createSlice(rewriter, loc, vector, 0, tail);
      Value back = createSlice(rewriter, loc, vector, head, tail);
      Value folded = createMinimum(rewriter, loc, front, back);
      Value headSlice = createSlice(rewriter, loc, vector, 0, head);
      vector =
          vector::InsertStridedSliceOp::create(rewriter, loc, folded, headSlice,
                                               /*offsets=*/{0},
                                               /*strides=*/{1});
      size = head;
    }
    for (; size > 1; size /= 2) {
      Value low = createSlice(rewriter, loc, vector, 0, size / 2);
      Value high = createSlice(rewriter, loc, vector, size / 2, size / 2);
      vector = createMinimum(rewriter, loc, low, high);
    }
    Value result = vector::ExtractOp::create(rewriter, loc, vector, 0);
    if (Extremum<OpT>::isMax)
      result = createNegation(rewriter, loc, result);
    if (Value acc = op.getAcc())
      result = createExtremum<OpT>(rewriter, loc, result, acc);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The `reduce-expand-min-max` pass.
struct ReduceExpandMinMaxPass
    : reduce::impl::ReduceExpandMinMaxPassBase<ReduceExpandMinMaxPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<reduce::ReduceTarget> target =
        reduce::lookupReduceTarget(getOperation());
    if (failed(target))
      return signalPassFailure();
    bool x86Range = target->rangeMinimum;
    rewriteLoops(getOperation(), x86Range);
    if (x86Range) {
      rewriteRangeTrees(getOperation());
    }
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandExtremumF<arith::MinimumFOp>,
                 ExpandExtremumF<arith::MaximumFOp>,
                 ExpandExtremumFReduction<arith::MinimumFOp>,
                 ExpandExtremumFReduction<arith::MaximumFOp>>(&getContext());
    // Drops the iter_args that mergeEquivalentIterArgs left without a use.
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
