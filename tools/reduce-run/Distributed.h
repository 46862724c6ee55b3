//===- Distributed.h - reduce-run's side of an MPI job ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// For a module with a `shard.grid`, run under `mpirun -np N`: reading a
// process's blocks of the inputs (which block: getBlockOffsets in
// reduce/JIT/JIT.h), and the gathering of the results on rank 0
// (docs/distributed.md).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TOOLS_REDUCE_RUN_DISTRIBUTED_H
#define REDUCE_TOOLS_REDUCE_RUN_DISTRIBUTED_H

#include "reduce/JIT/JIT.h"
#include "reduce/JIT/MPIRuntime.h"
#include "reduce/Runtime/Buffer.h"

namespace mlir::reduce {

/// Returns the block of `full` at `offsets` of shape `sizes`.
Buffer sliceBuffer(const Buffer &full, llvm::ArrayRef<int64_t> offsets,
                   llvm::ArrayRef<int64_t> sizes);

/// Gathers the blocks `local` of a result split by `split` on rank 0 and
/// returns the whole result there; on the other ranks (and for a
/// replicated result) returns `local`.
llvm::Expected<Buffer> gatherResult(const MPIRuntime &mpi, Buffer local,
                                    const TensorSplit &split,
                                    llvm::ArrayRef<int64_t> gridShape);

} // namespace mlir::reduce

#endif // REDUCE_TOOLS_REDUCE_RUN_DISTRIBUTED_H
