//===- ReduceSplitReductions.cpp - Apply the split plans --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The second normalization before the plans: each linalg reduction that
// records a split plan (`reduce-plan-splits`, or written by hand) rewritten
// into its two ops (Vectorize/Split.cpp), each collapsed again. It chooses
// nothing; reduce-plan plans the ops this leaves, none of which is split
// again.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "Vectorize/Strategies.h"
#include "Vectorize/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCESPLITREDUCTIONSPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::vectorize;

/// Splits `op` as `plan` says, then the partial reduction of a rows split
/// as the plan's `partial` says. Fails, with an error on the op, when the
/// plan does not fit it.
static LogicalResult applySplit(RewriterBase &rewriter, linalg::LinalgOp op,
                                SplitPlanAttr plan) {
  switch (plan.getKind()) {
  case SplitKind::short_rows:
  case SplitKind::long_rows: {
    FailureOr<SplitOps> split = plan.getKind() == SplitKind::short_rows
                                    ? splitShortRows(rewriter, op)
                                    : splitLongRows(rewriter, op);
    if (failed(split))
      return failure();
    collapseAdjacentDims(rewriter, split->combine);
    linalg::LinalgOp partial = collapseAdjacentDims(rewriter, split->partial);
    if (SplitPlanAttr partialPlan = plan.getPartial())
      return applySplit(rewriter, partial, partialPlan);
    return success();
  }
  case SplitKind::blocks:
  case SplitKind::threads: {
    FailureOr<SplitOps> split = splitIntoParts(rewriter, op, plan.getParts());
    if (failed(split))
      return failure();
    collapseAdjacentDims(rewriter, split->combine);
    collapseAdjacentDims(rewriter, split->partial);
    return success();
  }
  }
  llvm_unreachable("unknown split kind");
}

namespace {
struct ReduceSplitReductionsPass
    : reduce::impl::ReduceSplitReductionsPassBase<ReduceSplitReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : collectTensorReductions(getOperation())) {
      FailureOr<PlanAttrInterface> plan = getRecordedPlan(op);
      if (failed(plan))
        return signalPassFailure();
      auto split = dyn_cast_or_null<SplitPlanAttr>(*plan);
      if (!split)
        continue;
      // The plan is spent: the two ops get plans of their own.
      op->removeAttr(kPlanAttrName);
      if (failed(applySplit(rewriter, op, split)))
        return signalPassFailure();
    }
  }
};
} // namespace
