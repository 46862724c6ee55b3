//===- ReduceVerifySharding.cpp - Partitionable sharded modules -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rejects, before any sharding pass runs, what the partition of the reduce
// ops cannot honour: grids of dynamic shape, shardings that name a grid
// axis the grid does not have (upstream's verifier rejects negative axes
// and unknown grids, not an axis at or past the grid's rank, which the
// partition then reads past the grid's shape),
// shardings with halo sizes or sharded dims offsets, shardings of more dims
// than their tensor has, and reductions with runtime axes or unranked
// inputs.
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

/// Checks that `sharding` names a grid of the module, and grid axes of it,
/// and has neither halo sizes nor sharded dims offsets.
static LogicalResult verifySharding(shard::ShardingOp sharding,
                                    SymbolTableCollection &symbolTable) {
  auto grid = symbolTable.lookupNearestSymbolFrom<shard::GridOp>(
      sharding, sharding.getGridAttr());
  if (!grid)
    return sharding.emitOpError("refers to @")
           << sharding.getGrid()
           << ", which is not a shard.grid of the module";
  int64_t rank = grid.getRank();
  for (auto [dim, axes] :
       llvm::enumerate(sharding.getSplitAxes().getAxes())) {
    for (int16_t axis : axes.asArrayRef()) {
      if (axis >= 0 && axis < rank)
        continue;
      return sharding.emitOpError("splits tensor dim ")
             << dim << " over grid axis " << axis << ", but grid @"
             << grid.getSymName() << " has rank " << rank
             << ": expected a grid axis in [0, " << rank - 1 << "]";
    }
  }
  if (!sharding.getStaticHaloSizes().empty() ||
      !sharding.getDynamicHaloSizes().empty())
    return sharding.emitOpError(
        "has halo sizes, which the partition of reduce modules does not "
        "support: expected split_axes only");
  if (!sharding.getStaticShardedDimsOffsets().empty() ||
      !sharding.getDynamicShardedDimsOffsets().empty())
    return sharding.emitOpError(
        "has sharded dims offsets, which the partition of reduce modules "
        "does not support: expected even splits (split_axes only)");
  return success();
}

/// Checks that the sharding of `shardOp`, when written, splits no more dims
/// than its tensor has.
static LogicalResult verifyShardedRank(shard::ShardOp shardOp) {
  auto sharding = shardOp.getSharding().getDefiningOp<shard::ShardingOp>();
  auto type = dyn_cast<RankedTensorType>(shardOp.getResult().getType());
  if (!sharding || !type)
    return success();
  int64_t numSplit = sharding.getSplitAxes().size();
  if (numSplit <= type.getRank())
    return success();
  return shardOp.emitOpError("has a sharding with split_axes for ")
         << numSplit << " dims, but its tensor " << type << " has rank "
         << type.getRank();
}

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
      if (ShapedType::isDynamicShape(grid.getShape())) {
        grid.emitOpError("has a dynamic shape: expected static sizes, one "
                         "per grid axis, whose product is the number of "
                         "processes");
        failed = true;
      } else if (llvm::is_contained(grid.getShape(), 0)) {
        // Upstream's partitioning divides by each axis size.
        grid.emitOpError("has an axis of size 0: expected sizes of at least "
                         "1, whose product is the number of processes");
        failed = true;
      }
    });
    if (!hasGrid)
      return;
    SymbolTableCollection symbolTable;
    module.walk([&](shard::ShardingOp sharding) {
      failed |= ::failed(verifySharding(sharding, symbolTable));
    });
    module.walk([&](shard::ShardOp shardOp) {
      failed |= ::failed(verifyShardedRank(shardOp));
    });
    module.walk([&](ReductionOpInterface reduction) {
      if (!reduction.hasStaticAxes()) {
        reduction->emitOpError(
            "cannot be partitioned across processes: expected static axes, "
            "found a runtime axes operand");
        failed = true;
      } else if (!isa<RankedTensorType>(reduction.getInput().getType())) {
        reduction->emitOpError(
            "cannot be partitioned across processes: expected a ranked "
            "input, found ")
            << reduction.getInput().getType();
        failed = true;
      }
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
