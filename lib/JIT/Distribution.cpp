//===- Distribution.cpp - How a sharded module splits its tensors ---------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Distribution.h"

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::reduce;

bool mlir::reduce::isDistributed(ModuleOp module) {
  return !module.getOps<shard::GridOp>().empty();
}

/// The split of a value of `type` by the sharding `sharding` (null:
/// replicated).
static TensorSplit getSplit(Type type, Value sharding) {
  TensorSplit split;
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    split.globalShape = llvm::to_vector(ranked.getShape());
  split.splitAxes.resize(split.globalShape.size());
  if (!sharding)
    return split;
  shard::Sharding parsed(sharding);
  for (auto [dim, axes] : llvm::enumerate(parsed.getSplitAxes()))
    if (dim < split.splitAxes.size())
      split.splitAxes[dim] = llvm::to_vector(axes.asArrayRef());
  return split;
}

/// The sharding a `shard.shard` user of `value` gives it, if any.
static Value getUserSharding(Value value) {
  for (Operation *user : value.getUsers())
    if (auto shardOp = dyn_cast<shard::ShardOp>(user))
      return shardOp.getSharding();
  return Value();
}

llvm::Expected<ModuleDistribution>
mlir::reduce::analyzeDistribution(ModuleOp module) {
  SmallVector<shard::GridOp> grids(module.getOps<shard::GridOp>());
  if (grids.size() != 1)
    return llvm::createStringError(
        "expected one shard.grid in a distributed module, found " +
        llvm::Twine(grids.size()));
  ModuleDistribution distribution;
  distribution.gridShape = llvm::to_vector(grids.front().getShape());

  OwningOpRef<ModuleOp> copy(module.clone());
  PassManager pm(module.getContext());
  pm.addPass(createReduceVerifyShardingPass());
  pm.addNestedPass<func::FuncOp>(shard::createShardingPropagation());
  if (failed(pm.run(*copy)))
    return llvm::createStringError(
        "the module's shardings cannot be propagated");

  for (auto func : copy->getOps<func::FuncOp>()) {
    if (func.isDeclaration() || !func.isPublic())
      continue;
    ModuleDistribution::Function &entry =
        distribution.functions[func.getName()];
    for (BlockArgument argument : func.getArguments())
      entry.arguments.push_back(
          getSplit(argument.getType(), getUserSharding(argument)));
    auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
    for (Value result : ret.getOperands()) {
      auto shardOp = result.getDefiningOp<shard::ShardOp>();
      entry.results.push_back(getSplit(
          result.getType(), shardOp ? shardOp.getSharding() : Value()));
    }
  }
  return std::move(distribution);
}

llvm::Expected<SmallVector<int64_t>>
mlir::reduce::getLocalShape(ArrayRef<int64_t> globalShape,
                            ArrayRef<SmallVector<int16_t>> splitAxes,
                            ArrayRef<int64_t> gridShape,
                            const llvm::Twine &what) {
  SmallVector<int64_t> local(globalShape);
  for (auto [dim, axes] : llvm::enumerate(splitAxes)) {
    if (axes.empty())
      continue;
    int64_t parts = 1;
    for (int16_t axis : axes) {
      // reduce-verify-sharding rejects these first.
      if (axis < 0 || static_cast<size_t>(axis) >= gridShape.size())
        return llvm::createStringError(
            what + ": dim " + llvm::Twine(dim) + " is split over grid axis " +
            llvm::Twine(axis) + ", but the grid has rank " +
            llvm::Twine(gridShape.size()));
      parts *= gridShape[axis];
    }
    if (ShapedType::isDynamic(globalShape[dim]))
      return llvm::createStringError(
          what + ": dim " + llvm::Twine(dim) +
          " is split across processes and must be static");
    if (globalShape[dim] % parts != 0)
      return llvm::createStringError(
          what + ": dim " + llvm::Twine(dim) + " of size " +
          llvm::Twine(globalShape[dim]) + " does not divide evenly among the " +
          llvm::Twine(parts) + " processes that split it");
    local[dim] = globalShape[dim] / parts;
  }
  return std::move(local);
}

SmallVector<int64_t>
mlir::reduce::getProcessIndex(int64_t rank, ArrayRef<int64_t> gridShape) {
  SmallVector<int64_t> index(gridShape.size(), 0);
  for (int64_t axis = gridShape.size() - 1; axis >= 0; --axis) {
    index[axis] = rank % gridShape[axis];
    rank /= gridShape[axis];
  }
  return index;
}

SmallVector<int64_t>
mlir::reduce::getBlockOffsets(const TensorSplit &split,
                              ArrayRef<int64_t> localShape,
                              ArrayRef<int64_t> processIndex,
                              ArrayRef<int64_t> gridShape) {
  SmallVector<int64_t> offsets(localShape.size(), 0);
  for (auto [dim, axes] : llvm::enumerate(split.splitAxes)) {
    int64_t block = 0;
    for (int16_t axis : axes)
      block = block * gridShape[axis] + processIndex[axis];
    offsets[dim] = block * localShape[dim];
  }
  return offsets;
}
