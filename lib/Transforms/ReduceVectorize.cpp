//===- ReduceVectorize.cpp - Tile and vectorize reductions ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Applies to each linalg op its recorded plan (`reduce-plan`), then the
// vector patterns that finish the strategies. It chooses nothing: the
// choices live in Vectorize/Planner.cpp, the rewrites in the other files of
// Vectorize/.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "reduce/Target/ReduceTarget.h"

#include "Vectorize/Strategies.h"
#include "Vectorize/Utils.h"

#include "llvm/ADT/TypeSwitch.h"

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
/// Applies recorded plans to linalg ops.
class PlanApplier {
public:
  explicit PlanApplier(RewriterBase &rewriter) : rewriter(rewriter) {}

  /// Collapses `op` and applies its recorded plan. Fails, with an error on
  /// the op, when it has none or the plan does not fit it.
  LogicalResult run(linalg::LinalgOp op) {
    FailureOr<PlanAttrInterface> plan = getRecordedPlan(op);
    if (failed(plan))
      return failure();
    if (!*plan)
      return op->emitError("reduce-vectorize expects a '")
             << kPlanAttrName
             << "' attribute on each linalg op it rewrites (recorded by "
                "reduce-plan), found none";
    // The plan is for this op only: the ops that tiling clones from it must
    // not inherit it.
    op->removeAttr(kPlanAttrName);
    if (isa<SplitPlanAttr>(*plan))
      return op->emitError("reduce.plan: strategy ")
             << stringifyVectorStrategy(plan->getStrategy())
             << " is applied by reduce-split-reductions, before "
                "reduce-vectorize";
    if (isa<NonePlanAttr>(*plan))
      return success();
    op = collapseAdjacentDims(rewriter, op);
    if (ThreadsAttr threads = plan->getDistribution()) {
      FailureOr<linalg::LinalgOp> tiled = distributeOverThreads(
          rewriter, op, threads.getDim(), threads.getChunk());
      if (failed(tiled))
        return failure();
      op = *tiled;
    }
    return TypeSwitch<Attribute, LogicalResult>(*plan)
        .Case([&](RowTilesPlanAttr rowTiles) {
          return vectorizeRowTiles(rewriter, op, rowTiles);
        })
        .Case([&](InnerPlanAttr inner) {
          return vectorizeInnerReduction(rewriter, op, inner);
        })
        .Case([&](OuterPlanAttr outer) {
          return vectorizeOuterReduction(rewriter, op, outer);
        })
        .Case([&](ElementwisePlanAttr elementwise) {
          return vectorizeElementwise(rewriter, op, elementwise);
        })
        .Default([&](Attribute) {
          return op->emitError("reduce-vectorize has no rewrite for plan ")
                 << *plan;
        });
  }

private:
  RewriterBase &rewriter;
};

/// The `reduce-vectorize` pass.
struct ReduceVectorizePass
    : reduce::impl::ReduceVectorizePassBase<ReduceVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    FailureOr<ReduceTarget> target = lookupReduceTarget(function);
    if (failed(target))
      return signalPassFailure();
    unsigned vectorBits = target->vectorBits;
    // No wider than the registers the function's plan records.
    auto recorded =
        static_cast<unsigned>(lookupFunctionPlan(function).getVectorBits());
    unsigned registerBits =
        recorded ? std::min(vectorBits, recorded) : vectorBits;

    IRRewriter rewriter(&getContext());
    PlanApplier applier(rewriter);
    SmallVector<linalg::LinalgOp> reductions =
        collectTensorReductions(function);
    for (linalg::LinalgOp op : reductions)
      if (failed(applier.run(op)))
        return signalPassFailure();

    // Then the ops with no reduced dim (fills, maps; the fills that the
    // thread tiles fused carry the plan of their fill), and the reductions
    // that applying the plans left on static tensors (a `none` plan, a merge
    // of partial results a strategy could not vectorize), vectorized as they
    // are if they can be. A fill that the tiles fused and left unused is
    // erased.
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
      if (op->use_empty()) {
        rewriter.eraseOp(op);
        continue;
      }
      if (failed(applier.run(op)))
        return signalPassFailure();
    }

    RewritePatternSet patterns(&getContext());
    populateReductionVectorPatterns(patterns, registerBits);
    if (failed(applyPatternsGreedily(function, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
