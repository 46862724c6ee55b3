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

/// Returns the plan that leaves an op as it is.
static PlanAttr getNonePlan(MLIRContext *context) {
  return PlanAttr::get(context, VectorStrategy::none, /*parts=*/0,
                       /*vector_bits=*/0, /*threads=*/1, /*thread_dim=*/0,
                       /*thread_chunk=*/0, /*inner_tile=*/0, /*row_tile=*/0,
                       /*row_streams=*/1, /*stream_rows=*/1,
                       /*ordered=*/false, /*kept_block=*/0,
                       /*block_rows=*/1, /*rows_per_step=*/1,
                       /*stream_block=*/0);
}

/// Returns the static shape of the tile of `init` (an init of `op`) that
/// each of the threads of `plan` writes, if it has one.
static std::optional<SmallVector<int64_t>>
getThreadTileShape(linalg::LinalgOp op, OpOperand &init, PlanAttr plan) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t dim = plan.getThreadDim();
  if (dim >= static_cast<int64_t>(ranges.size()) ||
      ShapedType::isDynamic(ranges[dim]) || plan.getThreadChunk() <= 0 ||
      ranges[dim] % plan.getThreadChunk() != 0)
    return std::nullopt;
  ranges[dim] = plan.getThreadChunk();
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
    std::optional<PlanAttr> plan =
        planLinalgOp(op, options, remarks ? &reasons : nullptr);
    record(op, plan, reasons);
    if (plan && plan->getThreads() > 1)
      recordFusedFills(op, *plan);
  }

private:
  void record(Operation *op, std::optional<PlanAttr> plan,
              ArrayRef<std::string> reasons) {
    op->setAttr(kPlanAttrName, plan ? *plan : getNonePlan(op->getContext()));
    if (remarks)
      emitPlanRemark(op, plan, reasons);
  }

  /// A distribution over threads fuses the fills of the inits into each
  /// tile, as copies of the fill's tile shape: the fill that has no other
  /// user records the plan of those copies.
  void recordFusedFills(linalg::LinalgOp op, PlanAttr plan) {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto fill = init.get().getDefiningOp<linalg::FillOp>();
      if (!fill || !fill->hasOneUse() || fill->hasAttr(kPlanAttrName))
        continue;
      std::optional<SmallVector<int64_t>> shape =
          getThreadTileShape(op, init, plan);
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
    FailureOr<PlannerOptions> options =
        getPlannerOptions(function, strictFpOrder, threads);
    if (failed(options) || failed(applyFunctionRegisters(function, *options)))
      return signalPassFailure();
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
