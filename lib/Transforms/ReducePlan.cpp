//===- ReducePlan.cpp - Record the plan of each reduction -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Records on each linalg op that reduce-vectorize rewrites the plan the
// planner chooses for it (Vectorize/Planner.h), after the normalizations
// (reduce-collapse-dims, reduce-split-reductions); with `remarks`, says why.
// It rewrites nothing.
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
#define GEN_PASS_DEF_REDUCEPLANPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::vectorize;

/// Returns the static shape of the tile of `init` (an init of `op`) that
/// each of `threads` writes, if it has one.
static std::optional<SmallVector<int64_t>>
getThreadTileShape(linalg::LinalgOp op, OpOperand &init, ThreadsAttr threads) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t dim = threads.getDim();
  if (dim >= static_cast<int64_t>(ranges.size()) ||
      ShapedType::isDynamic(ranges[dim]) ||
      ranges[dim] % threads.getChunk() != 0)
    return std::nullopt;
  ranges[dim] = threads.getChunk();
  AffineMap map = op.getMatchingIndexingMap(&init);
  if (!map.isProjectedPermutation())
    return std::nullopt;
  SmallVector<int64_t> shape;
  for (unsigned result = 0; result < map.getNumResults(); ++result)
    shape.push_back(ranges[map.getDimPosition(result)]);
  return shape;
}

namespace {
/// Plans the ops of one function.
class FunctionPlanner {
public:
  FunctionPlanner(const PlannerOptions &options, bool remarks)
      : options(options), remarks(remarks) {}

  /// Records the plan of `op`, unless it has one.
  void record(linalg::LinalgOp op) {
    if (op->hasAttr(kPlanAttrName))
      return;
    SmallVector<std::string> reasons;
    PlanAttrInterface plan =
        planLinalgOp(op, options, remarks ? &reasons : nullptr);
    record(op, plan, reasons);
    if (ThreadsAttr threads = plan.getDistribution())
      recordFusedFills(op, threads);
  }

private:
  /// Records `plan` on `op`, or the plan that leaves it as it is when
  /// `plan` is null.
  void record(Operation *op, PlanAttrInterface plan,
              ArrayRef<std::string> reasons) {
    op->setAttr(kPlanAttrName,
                plan ? plan : NonePlanAttr::get(op->getContext()));
    if (remarks)
      emitPlanRemark(op, plan, reasons);
  }

  /// A distribution over threads fuses the fills of the inits into each
  /// tile, as copies of the fill's tile shape: the fill that has no other
  /// user records the plan of those copies.
  void recordFusedFills(linalg::LinalgOp op, ThreadsAttr threads) {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto fill = init.get().getDefiningOp<linalg::FillOp>();
      if (!fill || !fill->hasOneUse() || fill->hasAttr(kPlanAttrName))
        continue;
      std::optional<SmallVector<int64_t>> shape =
          getThreadTileShape(op, init, threads);
      if (!shape)
        continue;
      SmallVector<std::string> reasons;
      record(fill,
             planFusedFill(fill, *shape, options, remarks ? &reasons : nullptr),
             reasons);
    }
  }

  const PlannerOptions &options;
  bool remarks;
};

struct ReducePlanPass : reduce::impl::ReducePlanPassBase<ReducePlanPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    FailureOr<PlannerOptions> options = getPlannerOptions(function);
    if (failed(options))
      return signalPassFailure();
    applyFunctionRegisters(function, *options);
    FunctionPlanner planner(*options, remarks);
    // The reductions first: their distribution over threads decides the
    // plans of the fills they fuse.
    SmallVector<linalg::LinalgOp> reductions, others;
    function.walk([&](linalg::LinalgOp op) {
      if (isTensorReduction(op))
        reductions.push_back(op);
      else if (isPlannedElementwise(op))
        others.push_back(op);
    });
    for (linalg::LinalgOp op : reductions)
      planner.record(op);
    for (linalg::LinalgOp op : others)
      planner.record(op);
  }
};
} // namespace
