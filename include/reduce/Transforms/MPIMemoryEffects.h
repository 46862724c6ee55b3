//===- MPIMemoryEffects.h - Memory effects of mpi collectives ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// MemoryEffectOpInterface on `mpi.allreduce`, which upstream (MLIR 22)
// leaves without one: buffer deallocation rejects ops of unknown effects.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TRANSFORMS_MPIMEMORYEFFECTS_H
#define REDUCE_TRANSFORMS_MPIMEMORYEFFECTS_H

namespace mlir {
class DialectRegistry;
namespace reduce {

/// Attaches the memory effects of `mpi.allreduce`: it reads its send buffer
/// and writes its receive buffer (the same buffer, in place, as
/// `convert-shard-to-mpi` emits it).
void registerMPIMemoryEffectModels(DialectRegistry &registry);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_TRANSFORMS_MPIMEMORYEFFECTS_H
