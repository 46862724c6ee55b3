//===- JIT.h - Compile and run modules with reduce ops ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The C++ API behind `reduce-run`: compile a module once (from text or a
// ModuleOp) through the --reduce-to-llvm pipeline to native code, look up an
// entry function, and call it many times on caller-owned buffers. Results
// come back as owned buffers (call), or are written into caller-owned ones
// (callInto). Every failure (parse, verify, lower, a wrong argument) is an
// llvm::Error; nothing aborts.
//
//   auto module = JitModule::compile(source, JitOptions());
//   if (!module) ...;
//   auto main = (*module)->lookup("main");
//   auto results = main->call({BufferView{ElementType::f32, shape, data}});
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_JIT_JIT_H
#define REDUCE_JIT_JIT_H

#include "reduce/Conversion/EqualDims.h"
#include "reduce/Runtime/Buffer.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::reduce {

class LoadedObject;

/// The type of one entry argument or result: a ranked tensor whose dynamic
/// sizes are ShapedType::kDynamic, or (results only) an unranked tensor,
/// whose rank and sizes each call computes.
struct TensorSignature {
  ElementType elementType;
  llvm::SmallVector<int64_t> shape;
  /// False for an unranked result (`shape` is then empty).
  bool ranked = true;

  /// Formats as MLIR does: "tensor<6x?xf32>", "tensor<*xf32>".
  std::string str() const;
};

/// How a tensor of a distributed module (one with a `shard.grid`) is split
/// across the processes: the grid axes that split each dim (none:
/// replicated), as `sharding-propagation` annotates it (docs/distributed.md).
struct TensorSplit {
  llvm::SmallVector<int64_t> globalShape;
  llvm::SmallVector<llvm::SmallVector<int16_t>> splitAxes;
};

/// The process `rank` of a job on a grid of `gridShape`: its index along
/// every grid axis (row-major, as convert-shard-to-mpi numbers them).
llvm::SmallVector<int64_t> getProcessIndex(int64_t rank,
                                           llvm::ArrayRef<int64_t> gridShape);

/// The offsets in the whole tensor of the block of shape `localShape` that
/// the process at `processIndex` holds of a tensor split by `split`.
llvm::SmallVector<int64_t>
getBlockOffsets(const TensorSplit &split, llvm::ArrayRef<int64_t> localShape,
                llvm::ArrayRef<int64_t> processIndex,
                llvm::ArrayRef<int64_t> gridShape);

struct JitOptions {
  /// Options of the --reduce-to-llvm pipeline in its textual form, e.g.
  /// "vector-width=256 strict-fp-order=true" (empty: the defaults).
  std::string pipelineOptions;
  /// LLVM optimization level of the generated code, 0 to 3.
  unsigned optLevel = 3;
  /// When no valid host profile exists at the default location (and the
  /// pipeline option host-profile is not false), calibrate the host and
  /// store one before the first compilation of the process
  /// (ensureHostProfile in reduce/JIT/Calibrate.h; a few seconds, once).
  /// False: use the profile if there is one, else the static default.
  bool calibrateOnFirstUse = true;
  /// Load the compiled code from the persistent cache when it holds the
  /// module's object for these options and this host, else compile it and
  /// store it there (reduce/JIT/ObjectCache.h; REDUCE_JIT_CACHE=off
  /// disables the cache as false does).
  bool persistentCache = true;
};

class JitModule;
struct ModuleDistribution;

/// A callable entry function of a compiled module. Valid while its
/// JitModule lives.
class JitFunction {
public:
  llvm::StringRef getName() const { return name; }
  llvm::ArrayRef<TensorSignature> getArguments() const { return arguments; }
  llvm::ArrayRef<TensorSignature> getResults() const { return results; }

  /// In a distributed module, how each argument and result is split over
  /// the grid (getArguments and getResults are then the shapes of one
  /// process); empty otherwise.
  llvm::ArrayRef<TensorSplit> getArgumentSplits() const {
    return argumentSplits;
  }
  llvm::ArrayRef<TensorSplit> getResultSplits() const { return resultSplits; }

  /// Checks that `args` match the signature (count, element type, rank,
  /// static sizes).
  llvm::Error checkArguments(llvm::ArrayRef<BufferView> args) const;

  /// Calls the function. Inputs are read, never written. An error the code
  /// detects while it runs (a runtime axis out of range, a result shape that
  /// contradicts its static type) is returned as an error naming the op.
  llvm::Expected<llvm::SmallVector<Buffer>>
  call(llvm::ArrayRef<BufferView> args) const;

  /// Calls the function and writes its results into caller-owned buffers
  /// of the result types (a dynamic size, or the shape of an unranked
  /// result, must be the one the call computes), which must not overlap the
  /// arguments or each other. When every result has a static shape (see
  /// hasOutParams), the kernel computes the results in these buffers: the
  /// call allocates nothing. After a runtime error (as for call) the
  /// contents of the buffers are unspecified.
  llvm::Error callInto(llvm::ArrayRef<BufferView> args,
                       llvm::ArrayRef<MutableBufferView> results) const;

  /// True if the compiled function takes its results as out-params (every
  /// result has a static shape): callInto writes them in place and call
  /// allocates them before the call.
  bool hasOutParams() const { return outParams; }

  /// True if the compiled code checks runtime values (runtime axes) and
  /// reports errors through a status (see docs/jit.md).
  bool hasRuntimeChecks() const { return !checkSites.empty(); }

private:
  friend class JitModule;
  using PackedFn = void (*)(void **);

  /// Calls a function with out-params on checked buffers.
  void callWithOutParams(llvm::ArrayRef<BufferView> args,
                         llvm::ArrayRef<MutableBufferView> outs) const;
  /// Calls a function that returns its results, on checked arguments, and
  /// returns its lowered results.
  llvm::SmallVector<Buffer>
  callReturningResults(llvm::ArrayRef<BufferView> args) const;
  /// Turns the lowered results of a call into the results of the function:
  /// each unranked result from its data and shape, and the status (when
  /// the code has runtime checks) into an error.
  llvm::Expected<llvm::SmallVector<Buffer>>
  finishResults(llvm::SmallVector<Buffer> lowered) const;
  /// The error of the first check of `equalDims` that `args` fail, or
  /// success.
  llvm::Error checkEqualDims(llvm::ArrayRef<BufferView> args) const;
  /// The error a non-zero runtime status stands for, or success.
  llvm::Error checkStatus(llvm::ArrayRef<int64_t> status) const;

  std::string name;
  llvm::SmallVector<TensorSignature> arguments;
  llvm::SmallVector<TensorSignature> results;
  /// The results of the compiled code: an unranked result becomes its data
  /// (1-D) and its shape (1-D i64), and a function with runtime checks
  /// returns its status last (reduce-unranked-results, lower-reduce).
  llvm::SmallVector<TensorSignature> loweredResults;
  /// The ops whose runtime checks the status reports, by site.
  std::vector<std::string> checkSites;
  /// The argument sizes the ops need equal (reduce-record-equal-dims),
  /// checked before each call.
  std::vector<EqualDimsCheck> equalDims;
  bool outParams = false;
  PackedFn packed = nullptr;
  llvm::SmallVector<TensorSplit> argumentSplits, resultSplits;
};

/// A module compiled to native code.
class JitModule {
public:
  /// Parses `source` (named `bufferName` in diagnostics) and compiles it.
  static llvm::Expected<std::unique_ptr<JitModule>>
  compile(llvm::StringRef source, const JitOptions &options,
          llvm::StringRef bufferName = "<input>");

  /// Compiles a copy of `module` (the module itself is left untouched).
  static llvm::Expected<std::unique_ptr<JitModule>>
  compile(ModuleOp module, const JitOptions &options);

  ~JitModule();

  /// Looks up a public function whose arguments and results are ranked
  /// tensors of the dialect's element types.
  llvm::Expected<JitFunction> lookup(llvm::StringRef entry) const;

  /// Names of the entry functions, in module order.
  llvm::ArrayRef<std::string> getEntryNames() const { return entryNames; }

  /// Wall time spent in parsing, lowering and LLVM code generation (or
  /// reading the object from the persistent cache) and loading the code.
  double getCompileMillis() const { return compileMillis; }

  /// How the persistent cache served the compilation: "hit" (the object
  /// was loaded from it), "miss" (compiled, and stored unless
  /// getCacheProblem says otherwise) or "off".
  llvm::StringRef getCacheStatus() const { return cacheStatus; }
  /// Why a miss was one ("no entry", "checksum mismatch", ...) and, after
  /// it, why the object could not be stored; empty otherwise.
  llvm::StringRef getCacheProblem() const { return cacheProblem; }

  /// The target description the module was compiled for, as one line of
  /// JSON (the fields of ReduceTarget), and the profile it came from
  /// ("static default" or the profile's path).
  llvm::StringRef getTargetJSON() const { return targetJSON; }
  llvm::StringRef getProfile() const { return profile; }

  /// The shape of the module's `shard.grid` when it is distributed (its
  /// collectives call Open MPI, see MPIRuntime); empty otherwise.
  llvm::ArrayRef<int64_t> getGridShape() const { return gridShape; }

private:
  JitModule() = default;
  /// Gives `fn` the signature of one process of a distributed module: the
  /// local shape of each split argument and result.
  static llvm::Error applySplits(JitFunction &fn,
                                 llvm::ArrayRef<TensorSplit> argumentSplits,
                                 llvm::ArrayRef<TensorSplit> resultSplits,
                                 llvm::ArrayRef<int64_t> gridShape);
  /// Verifies `module`, lowers it (or loads its object from the persistent
  /// cache) and links the code: the steps are the static functions of
  /// JIT.cpp.
  static llvm::Expected<std::unique_ptr<JitModule>>
  compileOwned(OwningOpRef<ModuleOp> module, const JitOptions &options,
               double parseMillis);
  /// Records the signature of each public function of `module` that can be
  /// an entry (else why not), for one process of `distribution` when it is
  /// distributed, and marks its arguments read-only.
  void recordEntries(ModuleOp module,
                     const std::optional<ModuleDistribution> &distribution);

  /// The entry metadata the compiled code needs besides its signature (the
  /// runtime-check sites, the target, the libraries), as the persistent
  /// cache stores it, and its reading back (false if malformed).
  std::string writeMetadata(MLIRContext *context) const;
  bool readMetadata(llvm::StringRef json, MLIRContext *context);

  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<LoadedObject> code;
  llvm::StringMap<JitFunction> functions;
  llvm::StringMap<std::string> rejected;
  std::vector<std::string> entryNames;
  double compileMillis = 0;
  std::string targetJSON;
  std::string profile;
  bool usesOpenMP = false;
  llvm::SmallVector<int64_t> gridShape;
  std::string cacheStatus = "off";
  std::string cacheProblem;
};

/// Registers in `registry` every dialect, interface model and translation the
/// JIT (and reduce-run) needs to parse and lower its input.
void registerJitDialects(DialectRegistry &registry);

} // namespace mlir::reduce

#endif // REDUCE_JIT_JIT_H
