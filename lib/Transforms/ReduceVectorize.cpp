//===- ReduceVectorize.cpp - Tile and vectorize reductions ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Applies to each linalg reduction of a function its plan (recorded by
// `reduce-plan`, else chosen here by the same planner), then the vector
// patterns that finish the strategies. The choices live in
// Vectorize/Planner.cpp, the rewrites in the other files of Vectorize/.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "Vectorize/Planner.h"
#include "Vectorize/Strategies.h"
#include "Vectorize/Utils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEVECTORIZEPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::vectorize;

namespace {
/// Applies plans to linalg ops, and plans the ops that splits produce.
class PlanApplier {
public:
  PlanApplier(RewriterBase &rewriter, const PlannerOptions &options,
              bool remarks)
      : rewriter(rewriter), options(options), remarks(remarks) {}

  /// Collapses `op` and applies its plan: the recorded one, else the one
  /// the planner chooses (`maySplit` false for the ops of a split that are
  /// not split again). Fails, with an error on the op, when a recorded plan
  /// does not fit it.
  LogicalResult run(linalg::LinalgOp op, bool maySplit = true) {
    op = collapseAdjacentDims(rewriter, op);
    PlanAttr plan = op->getAttrOfType<PlanAttr>(kPlanAttrName);
    bool recorded = static_cast<bool>(plan);
    // The plan is for this op only: the ops that tiling clones from it must
    // not inherit it.
    op->removeAttr(kPlanAttrName);
    if (!recorded) {
      SmallVector<std::string> reasons;
      std::optional<PlanAttr> chosen =
          planLinalgOp(op, options, maySplit, remarks ? &reasons : nullptr);
      if (remarks)
        emitPlanRemark(op, chosen, reasons);
      if (!chosen)
        return success();
      plan = *chosen;
    }
    switch (plan.getStrategy()) {
    case VectorStrategy::split_short_rows:
    case VectorStrategy::split_long_rows: {
      FailureOr<SplitOps> split =
          plan.getStrategy() == VectorStrategy::split_short_rows
              ? splitShortRows(rewriter, op)
              : splitLongRows(rewriter, op);
      if (failed(split))
        return failure();
      // The op that combines the partial result (the short rows, or the
      // outer reduced dims of the rows' results), then the partial
      // reduction that computes it.
      if (failed(run(split->combine, /*maySplit=*/false)))
        return failure();
      return run(split->partial);
    }
    case VectorStrategy::split_blocks:
    case VectorStrategy::split_threads: {
      FailureOr<SplitOps> split = splitIntoParts(rewriter, op, plan.getParts());
      if (failed(split)) {
        if (recorded)
          return op->emitError("reduce.plan: cannot split this reduction "
                               "into ")
                 << plan.getParts()
                 << " parts (one static reduced dim and a combiner with a "
                    "neutral element expected)";
        // No neutral element: one reduction, planned without a split.
        return run(op, /*maySplit=*/false);
      }
      // The partial results, then their combination (a small op of its
      // own); neither is split again.
      if (failed(run(split->combine, /*maySplit=*/false)))
        return failure();
      return run(split->partial, /*maySplit=*/false);
    }
    default:
      break;
    }
    if (plan.getThreads() > 1) {
      FailureOr<linalg::LinalgOp> tiled = distributeOverThreads(
          rewriter, op, plan.getThreadDim(), plan.getThreadChunk());
      if (failed(tiled))
        return failure();
      op = *tiled;
    }
    switch (plan.getStrategy()) {
    case VectorStrategy::row_tiles:
      return vectorizeRowTiles(rewriter, op, plan);
    case VectorStrategy::inner:
      return vectorizeInnerReduction(rewriter, op, plan);
    case VectorStrategy::outer:
      return vectorizeOuterReduction(rewriter, op, plan);
    case VectorStrategy::elementwise:
      return vectorizeElementwise(rewriter, op, plan);
    default:
      llvm_unreachable("splits are applied above");
    }
  }

private:
  RewriterBase &rewriter;
  const PlannerOptions &options;
  bool remarks;
};

/// The `reduce-vectorize` pass.
struct ReduceVectorizePass
    : reduce::impl::ReduceVectorizePassBase<ReduceVectorizePass> {
  using Base::Base;
  // Read the options.
  template <typename Pass>
  friend FailureOr<PlannerOptions>
  mlir::reduce::vectorize::getPlannerOptions(const Pass &, Operation *);
  template <typename Options>
  friend void mlir::reduce::overrideStrategyFields(ReduceTarget &,
                                                   const Options &);

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    FailureOr<PlannerOptions> options = getPlannerOptions(*this, function);
    if (failed(options))
      return signalPassFailure();
    if (failed(applyFunctionRegisters(function, *options)))
      return signalPassFailure();

    IRRewriter rewriter(&getContext());
    PlanApplier applier(rewriter, *options, remarks);
    SmallVector<linalg::LinalgOp> reductions;
    function.walk([&](linalg::LinalgOp op) {
      if (isTensorReduction(op))
        reductions.push_back(op);
    });
    for (linalg::LinalgOp op : reductions)
      if (failed(applier.run(op)))
        return signalPassFailure();

    // The remaining static linalg ops (fills, maps) are tiled into 1-D
    // vectors; reductions whose tiling failed are vectorized as they are.
    SmallVector<linalg::LinalgOp> others;
    function.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && !op.hasDynamicShape())
        others.push_back(op);
    });
    for (linalg::LinalgOp op : others) {
      if (op.getNumReductionLoops() != 0) {
        vectorizeIfPossible(rewriter, op);
        continue;
      }
      if (failed(applier.run(op)))
        return signalPassFailure();
    }

    RewritePatternSet patterns(&getContext());
    populateReductionVectorPatterns(patterns, options->target.vectorBits);
    if (failed(applyPatternsGreedily(function, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
