//===- ReduceSplitReductions.cpp - Split before planning --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The second normalization before the plans: the registers of the function
// (Vectorize/Planner.h, chooseFunctionRegisters), then each linalg reduction
// that the planner splits (chooseSplit) rewritten into its two ops
// (Vectorize/Split.cpp), each collapsed again. reduce-plan plans the ops
// this leaves, none of which is split again.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "Vectorize/Planner.h"
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

namespace {
/// Splits the reductions of one function.
class Splitter {
public:
  Splitter(RewriterBase &rewriter, const PlannerOptions &options, bool remarks)
      : rewriter(rewriter), options(options), remarks(remarks) {}

  /// Splits `op` as its recorded split plan says, else as the planner
  /// chooses; the partial reduction of a rows split may be split again.
  /// Fails, with an error on the op, when a recorded split does not fit it.
  LogicalResult run(linalg::LinalgOp op) {
    FailureOr<PlanAttrInterface> recordedPlan = getRecordedPlan(op);
    if (failed(recordedPlan))
      return failure();
    if (*recordedPlan && !isa<SplitPlanAttr>(*recordedPlan))
      return success();
    auto plan = dyn_cast_or_null<SplitPlanAttr>(*recordedPlan);
    bool recorded = static_cast<bool>(plan);
    if (recorded) {
      op->removeAttr(kPlanAttrName);
    } else {
      SmallVector<std::string> reasons;
      plan = chooseSplit(op, options, remarks ? &reasons : nullptr);
      if (!plan)
        return success();
      if (remarks)
        emitPlanRemark(op, plan, reasons);
    }
    switch (plan.getKind()) {
    case SplitKind::short_rows:
    case SplitKind::long_rows: {
      FailureOr<SplitOps> split = plan.getKind() == SplitKind::short_rows
                                      ? splitShortRows(rewriter, op)
                                      : splitLongRows(rewriter, op);
      if (failed(split))
        return failure();
      // The op that combines the partial result is not split again; the
      // partial reduction that computes it may be.
      collapseAdjacentDims(rewriter, split->combine);
      return run(collapseAdjacentDims(rewriter, split->partial));
    }
    case SplitKind::blocks:
    case SplitKind::threads: {
      FailureOr<SplitOps> split = splitIntoParts(rewriter, op, plan.getParts());
      if (failed(split)) {
        if (recorded)
          return op->emitError("reduce.plan: cannot split this reduction "
                               "into ")
                 << plan.getParts()
                 << " parts (one static reduced dim and a combiner with a "
                    "neutral element expected)";
        // No neutral element: one reduction, planned without a split.
        return success();
      }
      // Neither the partial results nor their combination is split again.
      collapseAdjacentDims(rewriter, split->combine);
      collapseAdjacentDims(rewriter, split->partial);
      return success();
    }
    }
    llvm_unreachable("unknown split kind");
  }

private:
  RewriterBase &rewriter;
  const PlannerOptions &options;
  bool remarks;
};

struct ReduceSplitReductionsPass
    : reduce::impl::ReduceSplitReductionsPassBase<ReduceSplitReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    FailureOr<PlannerOptions> options = getPlannerOptions(function);
    if (failed(options))
      return signalPassFailure();
    SmallVector<linalg::LinalgOp> reductions =
        collectTensorReductions(function);
    // The splits of in-cache reductions depend on the registers of the
    // function.
    chooseFunctionRegisters(function, reductions, *options);
    IRRewriter rewriter(&getContext());
    Splitter splitter(rewriter, *options, remarks);
    for (linalg::LinalgOp op : reductions)
      if (failed(splitter.run(op)))
        return signalPassFailure();
  }
};
} // namespace
