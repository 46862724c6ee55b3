//===- ObjectCache.h - The JIT's persistent cache of objects ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Object files the JIT compiled, kept in `<cache directory>/jit` (see
// reduce/Support/CacheFiles.h) under the SHA-256 digest of everything the
// code depends on (ObjectCacheKey), so that a later process loads the code
// instead of running the pipeline and LLVM's code generation again.
//
// An entry is one file, written atomically (writeFileAtomically):
//
//   reduce-jit-object <format version>\n
//   <digest>\n
//   <metadata bytes> <object bytes> <SHA-256 of metadata and object>\n
//   <metadata><object>
//
// A file that is not exactly this (truncated, corrupted, another format
// version, another digest) is no entry: the JIT compiles and replaces it.
//
// Environment: REDUCE_JIT_CACHE=off disables the cache (JitOptions has the
// same switch).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_JIT_OBJECTCACHE_H
#define REDUCE_JIT_OBJECTCACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::reduce {

/// What the code compiled from a module depends on. Equal keys give the
/// same code.
struct ObjectCacheKey {
  /// The project's version and the identity of the binary the compiler is
  /// linked into (its path, size and modification time): a rebuilt
  /// compiler never loads the objects of an older one.
  std::string projectVersion;
  std::string compilerBuild;
  /// LLVM_VERSION_STRING.
  std::string llvmVersion;
  /// The parsed module, printed with its locations (the error messages of
  /// runtime checks name them).
  std::string moduleText;
  /// The pipeline options in their normalized textual form, and the LLVM
  /// optimization level.
  std::string pipelineOptions;
  unsigned optLevel = 3;
  /// The host profile in use, as JSON, or "static default".
  std::string hostProfile;
  /// The target triple, CPU name and CPU features of the code generator.
  std::string targetTriple;
  std::string cpuName;
  std::string cpuFeatures;

  /// The key of `moduleText` compiled with `pipelineOptions` at `optLevel`
  /// by the code generator `machine`, for the host profile `hostProfile`
  /// (its JSON, "static default", or empty when the pipeline reads none),
  /// by this binary and this LLVM.
  static ObjectCacheKey make(std::string moduleText,
                             std::string pipelineOptions, unsigned optLevel,
                             std::string hostProfile,
                             const llvm::orc::JITTargetMachineBuilder &machine);

  /// The SHA-256 of every field, as 64 lowercase hex digits.
  std::string digest() const;

  /// The identity of the binary this function is linked into ("path size
  /// mtime"), or "unknown"; read on the first call of the process.
  static std::string getCompilerBuild();
};

/// An entry read back: the metadata and the object file.
struct CachedObject {
  std::string metadata;
  std::unique_ptr<llvm::MemoryBuffer> object;
};

/// The cache: a directory of entries named by digest.
class ObjectCache {
public:
  /// The format version of the entries this code reads and writes.
  static constexpr int kFormatVersion = 1;

  explicit ObjectCache(std::string directory)
      : directory(std::move(directory)) {}

  /// The cache the environment selects: `<cache directory>/jit`, or none
  /// when REDUCE_JIT_CACHE is `off` or there is no cache directory.
  static std::optional<ObjectCache> fromEnvironment();

  llvm::StringRef getDirectory() const { return directory; }

  /// The path of the entry of `digest`.
  std::string getEntryPath(llvm::StringRef digest) const;

  /// Reads the entry of `digest`. None when there is no valid one; then
  /// `problem` says why ("no entry", "truncated", "checksum mismatch", ...).
  std::optional<CachedObject> load(llvm::StringRef digest,
                                   std::string &problem) const;

  /// Writes the entry of `digest` atomically.
  llvm::Error store(llvm::StringRef digest, llvm::StringRef metadata,
                    llvm::StringRef object) const;

private:
  std::string directory;
};

} // namespace mlir::reduce

#endif // REDUCE_JIT_OBJECTCACHE_H
