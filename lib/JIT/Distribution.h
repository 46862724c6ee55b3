//===- Distribution.h - How a sharded module splits its tensors -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_JIT_DISTRIBUTION_H
#define REDUCE_LIB_JIT_DISTRIBUTION_H

#include "reduce/JIT/JIT.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::reduce {

/// The grid of a module with a `shard.grid`, and how the arguments and
/// results of each public function are split over it.
struct ModuleDistribution {
  llvm::SmallVector<int64_t> gridShape;
  struct Function {
    llvm::SmallVector<TensorSplit> arguments, results;
  };
  llvm::StringMap<Function> functions;
};

/// Returns true if `module` has a `shard.grid` (it is then compiled with
/// the `distributed` pipeline option).
bool isDistributed(ModuleOp module);

/// Runs `reduce-verify-sharding` and `sharding-propagation` on a copy of
/// `module` and reads the sharding of every public function's arguments and
/// results. Diagnostics go to the context's handler; the error says what
/// failed.
llvm::Expected<ModuleDistribution> analyzeDistribution(ModuleOp module);

/// Returns the shape one process holds of a tensor of shape `globalShape`
/// split by `splitAxes` over a grid of `gridShape`, or an error naming
/// `what` when a split dim is dynamic or does not divide evenly.
llvm::Expected<llvm::SmallVector<int64_t>>
getLocalShape(llvm::ArrayRef<int64_t> globalShape,
              llvm::ArrayRef<llvm::SmallVector<int16_t>> splitAxes,
              llvm::ArrayRef<int64_t> gridShape, const llvm::Twine &what);

} // namespace mlir::reduce

#endif // REDUCE_LIB_JIT_DISTRIBUTION_H
