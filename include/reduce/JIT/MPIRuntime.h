//===- MPIRuntime.h - Open MPI, loaded at run time --------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The Open MPI library (Debian's libopenmpi-dev, libmpi.so.40), loaded into
// the process when a distributed module is compiled: the compiled code calls
// it, and the host side (reduce-run) initializes it and gathers results with
// it. Only the Open MPI ABI is supported, as in the code reduce-mpi-to-llvm
// emits.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_JIT_MPIRUNTIME_H
#define REDUCE_JIT_MPIRUNTIME_H

#include "llvm/Support/Error.h"

#include <cstddef>

namespace mlir::reduce {

class MPIRuntime {
public:
  /// Loads the library (once per process, with its symbols global, as Open
  /// MPI's components need).
  static llvm::Error load();

  /// Loads the library and initializes MPI (once; MPI_Init unless the
  /// process did already, then MPI_Finalize at exit unless finalize() ran
  /// before), and returns the runtime.
  static llvm::Expected<MPIRuntime *> initialize();

  /// The runtime if initialize() succeeded in this process, else null.
  static MPIRuntime *getInitialized();

  int getRank() const { return rank; }
  int getSize() const { return size; }

  /// Gathers `bytes` bytes of every process at `send`, in rank order, into
  /// `receive` (getSize() * bytes bytes) on rank 0; `receive` is not used
  /// on the other ranks.
  llvm::Error gatherToRoot(const void *send, size_t bytes,
                           void *receive) const;

  /// Waits until every process gets here.
  llvm::Error barrier() const;

  /// Calls MPI_Finalize (once), if MPI was initialized here.
  void finalize();

  /// Ends every process of the job with exit code `code` (MPI_Abort): what
  /// a process that cannot go on does, since the others may be waiting for
  /// it in a collective (MPI_Finalize would wait for them).
  [[noreturn]] void abort(int code) const;

private:
  MPIRuntime() = default;
  int rank = 0;
  int size = 1;
  bool finalized = false;
};

} // namespace mlir::reduce

#endif // REDUCE_JIT_MPIRUNTIME_H
