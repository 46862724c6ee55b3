//===- ShardingInterfaceImpl.h - Reduce ops in upstream sharding -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `shard` dialect's ShardingInterface on the reduce ops: with
// `sharding-propagation` and `shard-partition`, a reduction over a split
// axis becomes a local reduction, `shard.all_reduce` with the op's combiner
// and the op's finalization (docs/distributed.md).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_TRANSFORMS_SHARDINGINTERFACEIMPL_H
#define REDUCE_DIALECT_REDUCE_TRANSFORMS_SHARDINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace reduce {

/// Attaches the ShardingInterface external model to every reduction op.
void registerShardingInterfaceExternalModels(DialectRegistry &registry);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_DIALECT_REDUCE_TRANSFORMS_SHARDINGINTERFACEIMPL_H
