//===- ReducePlan.cpp - Record the plan of each reduction -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Records on each linalg reduction the plan the planner chooses for it (Vectorize/Planner.h), after collapsing its
// adjacent dims; with `remarks`, says why.
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

namespace {
struct ReducePlanPass : reduce::impl::ReducePlanPassBase<ReducePlanPass> {
  using Base::Base;
  // Read the options.
  template <typename Pass>
  friend FailureOr<PlannerOptions>
  mlir::reduce::vectorize::getPlannerOptions(const Pass &, Operation *);
  template <typename Options>
  friend void mlir::reduce::overrideStrategyFields(ReduceTarget &,
                                                   const Options &);

  void runOnOperation() override {
    FailureOr<PlannerOptions> options =
        getPlannerOptions(*this, getOperation());
    if (failed(options))
      return signalPassFailure();
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isTensorReduction(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp &op : ops)
      op = collapseAdjacentDims(rewriter, op);
    if (failed(chooseFunctionRegisters(getOperation(), ops, *options)))
      return signalPassFailure();
    for (linalg::LinalgOp op : ops) {
      SmallVector<std::string> reasons;
      std::optional<PlanAttr> plan = planLinalgOp(
          op, *options, /*maySplit=*/true, remarks ? &reasons : nullptr);
      if (plan)
        op->setAttr(kPlanAttrName, *plan);
      if (remarks)
        emitPlanRemark(op, plan, reasons);
    }
  }
};
} // namespace
