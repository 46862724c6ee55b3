//===- ReduceFreshResults.cpp - Fresh buffers for results -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Clones the memrefs a function returns when they are not distinct
// allocations, so that the caller owns every result exactly once.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/Builders.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEFRESHRESULTSPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

namespace {
/// The `reduce-fresh-results` pass.
struct ReduceFreshResultsPass
    : reduce::impl::ReduceFreshResultsPassBase<ReduceFreshResultsPass> {
  void runOnOperation() override {
    getOperation().walk([](func::ReturnOp returnOp) {
      OpBuilder builder(returnOp);
      llvm::SmallPtrSet<Value, 4> returnedBases;
      for (OpOperand &operand : returnOp->getOpOperands()) {
        auto memref = dyn_cast<TypedValue<MemRefType>>(operand.get());
        if (!memref)
          continue;
        // After the ownership-based deallocation, a returned buffer is owned
        // by the function (an alloc, a clone, or a select between them)
        // unless it is an argument or a global. Cloning an owned buffer would
        // leak it; a buffer returned twice is cloned from the second time on.
        Value base = memref::skipViewLikeOps(memref);
        bool isOwned = !isa<BlockArgument>(base) &&
                       !base.getDefiningOp<memref::GetGlobalOp>();
        if (isOwned && returnedBases.insert(base).second)
          continue;
        operand.set(
            bufferization::CloneOp::create(builder, returnOp.getLoc(), memref));
      }
    });
  }
};
} // namespace
