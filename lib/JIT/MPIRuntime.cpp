//===- MPIRuntime.cpp - Open MPI, loaded at run time ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/JIT/MPIRuntime.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/DynamicLibrary.h"

#include <cstdlib>
#include <mutex>

using namespace mlir::reduce;

namespace {

/// Open MPI's soname on Debian 12 (libopenmpi3, Open MPI 4.1).
constexpr const char *kLibrary = "libmpi.so.40";

/// Open MPI handles are pointers to its predefined objects.
using Handle = void *;

struct Symbols {
  int (*init)(int *, char ***) = nullptr;
  int (*initialized)(int *) = nullptr;
  int (*finalize)() = nullptr;
  int (*finalized)(int *) = nullptr;
  int (*commRank)(Handle, int *) = nullptr;
  int (*commSize)(Handle, int *) = nullptr;
  int (*gather)(const void *, int, Handle, void *, int, Handle, int,
                Handle) = nullptr;
  int (*barrier)(Handle) = nullptr;
  int (*abort)(Handle, int) = nullptr;
  Handle commWorld = nullptr;
  Handle byte = nullptr;
};

Symbols symbols;
std::once_flag loadOnce;
std::string loadError;

template <typename T>
bool resolve(const char *name, T &slot) {
  void *address = llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name);
  slot = reinterpret_cast<T>(address);
  return address != nullptr;
}

void loadLibrary() {
  std::string error;
  if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(kLibrary, &error)) {
    loadError = "cannot load Open MPI (" + std::string(kLibrary) +
                ", Debian's libopenmpi-dev; utils/setup.sh installs it): " +
                error;
    return;
  }
  bool ok = resolve("MPI_Init", symbols.init) &&
            resolve("MPI_Initialized", symbols.initialized) &&
            resolve("MPI_Finalize", symbols.finalize) &&
            resolve("MPI_Finalized", symbols.finalized) &&
            resolve("MPI_Comm_rank", symbols.commRank) &&
            resolve("MPI_Comm_size", symbols.commSize) &&
            resolve("MPI_Gather", symbols.gather) &&
            resolve("MPI_Barrier", symbols.barrier) &&
            resolve("MPI_Abort", symbols.abort) &&
            resolve("ompi_mpi_comm_world", symbols.commWorld) &&
            resolve("ompi_mpi_byte", symbols.byte);
  if (!ok)
    loadError = std::string(kLibrary) +
                " lacks a symbol of the Open MPI ABI (MPI_Init, "
                "ompi_mpi_comm_world, ...): expected Open MPI 4 or later";
}

llvm::Error check(int code, const char *call) {
  if (code == 0)
    return llvm::Error::success();
  return llvm::createStringError(
      llvm::Twine(call) + " failed with MPI error code " + llvm::Twine(code));
}

} // namespace

llvm::Error MPIRuntime::load() {
  std::call_once(loadOnce, loadLibrary);
  if (!loadError.empty())
    return llvm::createStringError(loadError);
  return llvm::Error::success();
}

namespace {
MPIRuntime *initialized = nullptr;
} // namespace

MPIRuntime *MPIRuntime::getInitialized() { return initialized; }

llvm::Expected<MPIRuntime *> MPIRuntime::initialize() {
  static MPIRuntime runtime;
  static std::once_flag initOnce;
  static std::string initError;
  if (llvm::Error err = load())
    return std::move(err);
  std::call_once(initOnce, [] {
    int initialized = 0;
    symbols.initialized(&initialized);
    if (!initialized) {
      if (symbols.init(nullptr, nullptr) != 0) {
        initError = "MPI_Init failed";
        return;
      }
      // A process that initialized MPI must finalize it before it exits
      // (mpirun reports the job failed otherwise), also when the caller of
      // the JIT API does not.
      std::atexit([] { runtime.finalize(); });
    }
    if (symbols.commRank(symbols.commWorld, &runtime.rank) != 0 ||
        symbols.commSize(symbols.commWorld, &runtime.size) != 0)
      initError = "cannot read the rank and size of MPI_COMM_WORLD";
  });
  if (!initError.empty())
    return llvm::createStringError(initError);
  initialized = &runtime;
  return &runtime;
}

llvm::Error MPIRuntime::gatherToRoot(const void *send, size_t bytes,
                                     void *receive) const {
  if (bytes > static_cast<size_t>(INT32_MAX))
    return llvm::createStringError(
        "cannot gather " + llvm::Twine(bytes) +
        " bytes per process in one MPI_Gather (at most 2^31 - 1)");
  int count = static_cast<int>(bytes);
  return check(symbols.gather(send, count, symbols.byte, receive, count,
                              symbols.byte, 0, symbols.commWorld),
               "MPI_Gather");
}

llvm::Error MPIRuntime::barrier() const {
  return check(symbols.barrier(symbols.commWorld), "MPI_Barrier");
}

void MPIRuntime::finalize() {
  if (finalized)
    return;
  finalized = true;
  int done = 0;
  symbols.finalized(&done);
  if (!done)
    symbols.finalize();
}

void MPIRuntime::abort(int code) const {
  symbols.abort(symbols.commWorld, code);
  std::_Exit(code);
}
