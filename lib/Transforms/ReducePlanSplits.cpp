//===- ReducePlanSplits.cpp - Record the splits of reductions ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The planner of the split stage: the registers of the function
// (Vectorize/Planner.h, chooseFunctionRegisters), recorded in its plan, and
// the split of each linalg reduction that the planner splits (chooseSplit),
// recorded as its `reduce.plan`, which reduce-split-reductions applies. It
// rewrites nothing.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "Vectorize/Planner.h"
#include "Vectorize/Utils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEPLANSPLITSPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::vectorize;

namespace {
struct ReducePlanSplitsPass
    : reduce::impl::ReducePlanSplitsPassBase<ReducePlanSplitsPass> {
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
    for (linalg::LinalgOp op : reductions) {
      // A plan written by hand is kept.
      if (op->hasAttr(kPlanAttrName))
        continue;
      SmallVector<std::string> reasons;
      SplitPlanAttr plan =
          chooseSplit(op, *options, remarks ? &reasons : nullptr);
      if (!plan)
        continue;
      op->setAttr(kPlanAttrName, plan);
      if (remarks)
        emitPlanRemark(op, plan, reasons);
    }
  }
};
} // namespace
