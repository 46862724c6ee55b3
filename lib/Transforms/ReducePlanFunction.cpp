//===- ReducePlanFunction.cpp - Record each function's plan -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Records on each function the choices that hold for all of its ops (the
// threads, the float order: `#reduce.function_plan`), which the passes
// after it read instead of options of their own. It rewrites nothing.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEPLANFUNCTIONPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

namespace {
struct ReducePlanFunctionPass
    : reduce::impl::ReducePlanFunctionPassBase<ReducePlanFunctionPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    ReduceDialect::FunctionPlanAttrHelper helper(&getContext());
    if (helper.isAttrPresent(function))
      return;
    if (threads == 0) {
      function.emitError("reduce-plan-function expects threads to be at "
                         "least 1, found 0");
      return signalPassFailure();
    }
    helper.setAttr(function,
                   FunctionPlanAttr::get(&getContext(), /*vector_bits=*/0,
                                         threads, strictFpOrder));
  }
};
} // namespace
