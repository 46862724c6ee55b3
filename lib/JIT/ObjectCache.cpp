//===- ObjectCache.cpp - The JIT's persistent cache of objects --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/JIT/ObjectCache.h"

#include "reduce/Support/CacheFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <dlfcn.h>

using namespace mlir::reduce;

static std::string toHex(llvm::ArrayRef<uint8_t> bytes) {
  return llvm::toHex(bytes, /*LowerCase=*/true);
}

static std::string sha256(llvm::StringRef bytes) {
  llvm::SHA256 hash;
  hash.update(bytes);
  return toHex(hash.final());
}

std::string ObjectCacheKey::digest() const {
  llvm::SHA256 hash;
  // Each field with its length first, so that no two different keys hash
  // the same bytes.
  auto add = [&](llvm::StringRef field) {
    hash.update(std::to_string(field.size()));
    hash.update(":");
    hash.update(field);
  };
  add(projectVersion);
  add(compilerBuild);
  add(llvmVersion);
  add(moduleText);
  add(pipelineOptions);
  add(std::to_string(optLevel));
  add(hostProfile);
  add(targetTriple);
  add(cpuName);
  add(cpuFeatures);
  return toHex(hash.final());
}

/// The identity of the binary this code is linked into, or "unknown".
static std::string readCompilerBuild() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&ObjectCacheKey::getCompilerBuild),
              &info) ||
      !info.dli_fname)
    return "unknown";
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(info.dli_fname, status))
    return "unknown";
  auto modified = status.getLastModificationTime().time_since_epoch();
  return std::string(info.dli_fname) + " " + std::to_string(status.getSize()) +
         " " +
         std::to_string(
             std::chrono::duration_cast<std::chrono::nanoseconds>(modified)
                 .count());
}

ObjectCacheKey
ObjectCacheKey::make(std::string moduleText, std::string pipelineOptions,
                     unsigned optLevel, std::string hostProfile,
                     const llvm::orc::JITTargetMachineBuilder &machine) {
  ObjectCacheKey key;
  key.projectVersion = REDUCE_VERSION;
  key.compilerBuild = getCompilerBuild();
  key.llvmVersion = LLVM_VERSION_STRING;
  key.moduleText = std::move(moduleText);
  key.pipelineOptions = std::move(pipelineOptions);
  key.optLevel = optLevel;
  key.hostProfile = std::move(hostProfile);
  key.targetTriple = machine.getTargetTriple().str();
  key.cpuName = machine.getCPU();
  key.cpuFeatures = machine.getFeatures().getString();
  return key;
}

std::string ObjectCacheKey::getCompilerBuild() {
  // Read once: the code of this process is the binary as it was when the
  // process first compiled, whatever replaces the file later.
  static const std::string build = readCompilerBuild();
  return build;
}

std::optional<ObjectCache> ObjectCache::fromEnvironment() {
  if (getEnvironment("REDUCE_JIT_CACHE") == "off")
    return std::nullopt;
  std::optional<std::string> cacheDir = getCacheDirectory();
  if (!cacheDir)
    return std::nullopt;
  llvm::SmallString<256> dir(*cacheDir);
  llvm::sys::path::append(dir, "jit");
  return ObjectCache(dir.str().str());
}

std::string ObjectCache::getEntryPath(llvm::StringRef digest) const {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, digest + ".rjo");
  return path.str().str();
}

static std::string getMagicLine() {
  return "reduce-jit-object " + std::to_string(ObjectCache::kFormatVersion);
}

std::optional<CachedObject> ObjectCache::load(llvm::StringRef digest,
                                              std::string &problem) const {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(getEntryPath(digest), /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file) {
    problem = file.getError() == std::errc::no_such_file_or_directory
                  ? "no entry"
                  : "cannot read the entry: " + file.getError().message();
    return std::nullopt;
  }
  llvm::StringRef rest = (*file)->getBuffer();
  auto takeLine = [&](llvm::StringRef &line) {
    size_t end = rest.find('\n');
    if (end == llvm::StringRef::npos)
      return false;
    line = rest.take_front(end);
    rest = rest.drop_front(end + 1);
    return true;
  };
  llvm::StringRef magic, storedDigest, sizes;
  if (!takeLine(magic) || !takeLine(storedDigest) || !takeLine(sizes)) {
    problem = "truncated header";
    return std::nullopt;
  }
  if (magic != getMagicLine()) {
    problem = "another format";
    return std::nullopt;
  }
  if (storedDigest != digest) {
    problem = "another digest";
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef, 3> fields;
  sizes.split(fields, ' ');
  uint64_t metadataSize = 0, objectSize = 0;
  if (fields.size() != 3 || fields[0].getAsInteger(10, metadataSize) ||
      fields[1].getAsInteger(10, objectSize) || fields[2].size() != 64) {
    problem = "malformed header";
    return std::nullopt;
  }
  if (metadataSize > rest.size() || objectSize != rest.size() - metadataSize) {
    problem = "truncated";
    return std::nullopt;
  }
  if (sha256(rest) != fields[2]) {
    problem = "checksum mismatch";
    return std::nullopt;
  }
  CachedObject entry;
  entry.metadata = rest.take_front(metadataSize).str();
  entry.object = llvm::MemoryBuffer::getMemBufferCopy(
      rest.drop_front(metadataSize), getEntryPath(digest));
  return entry;
}

llvm::Error ObjectCache::store(llvm::StringRef digest,
                               llvm::StringRef metadata,
                               llvm::StringRef object) const {
  std::string payload = metadata.str() + object.str();
  std::string bytes = getMagicLine() + "\n" + digest.str() + "\n" +
                      std::to_string(metadata.size()) + " " +
                      std::to_string(object.size()) + " " + sha256(payload) +
                      "\n" + payload;
  return writeFileAtomically(getEntryPath(digest), bytes);
}
