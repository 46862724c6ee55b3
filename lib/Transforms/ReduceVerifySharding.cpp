//===- ReduceVerifySharding.cpp - Partitionable sharded modules -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rejects, before any sharding pass runs, what the partition of the reduce
// ops cannot honour: grids of dynamic shape, and reductions with runtime
// axes or unranked inputs.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"
#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEVERIFYSHARDINGPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

namespace {
struct ReduceVerifyShardingPass
    : public reduce::impl::ReduceVerifyShardingPassBase<
          ReduceVerifyShardingPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool hasGrid = false;
    bool failed = false;
    module.walk([&](shard::GridOp grid) {
      hasGrid = true;
      if (!ShapedType::isDynamicShape(grid.getShape()))
        return;
      grid.emitOpError("has a dynamic shape: expected static sizes, one per "
                       "grid axis, whose product is the number of processes");
      failed = true;
    });
    if (!hasGrid)
      return;
    module.walk([&](Operation *op) {
      switchReductionOp(op, 0, [&](auto reduction) {
        if (!reduction.hasStaticAxes()) {
          reduction.emitOpError(
              "cannot be partitioned across processes: expected static axes, "
              "found a runtime axes operand");
          failed = true;
        } else if (!isa<RankedTensorType>(reduction.getInput().getType())) {
          reduction.emitOpError(
              "cannot be partitioned across processes: expected a ranked "
              "input, found ")
              << reduction.getInput().getType();
          failed = true;
        }
        return 0;
      });
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
