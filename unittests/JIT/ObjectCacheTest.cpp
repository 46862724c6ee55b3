//===- ObjectCacheTest.cpp - Tests of the persistent JIT cache --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/JIT/JIT.h"
#include "reduce/JIT/ObjectCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <functional>
#include <optional>
#include <set>
#include <thread>
#include <vector>

using namespace mlir::reduce;

namespace {

ObjectCacheKey makeKey() {
  ObjectCacheKey key;
  key.projectVersion = "0.1.0";
  key.compilerBuild = "/bin/reduce-run 1000 1";
  key.llvmVersion = "22.1.0";
  key.moduleText = "module {}";
  key.pipelineOptions = "{threads=1}";
  key.hostProfile = "static default";
  key.targetTriple = "x86_64-pc-linux-gnu";
  key.cpuName = "znver5";
  key.cpuFeatures = "+avx,+avx2";
  return key;
}

/// Sets (or, with nullptr, unsets) an environment variable while it lives.
class ScopedEnvironment {
public:
  ScopedEnvironment(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      previous = old;
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnvironment() {
    if (previous)
      ::setenv(name, previous->c_str(), 1);
    else
      ::unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> previous;
};

llvm::SmallString<128> makeTempDir() {
  llvm::SmallString<128> dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("reduce-jit-cache", dir));
  return dir;
}

// Every field of the key takes part in the digest: a change in any one
// (the CPU features among them) names another entry.
TEST(ObjectCacheKeyTest, EveryFieldChangesTheDigest) {
  std::string base = makeKey().digest();
  EXPECT_EQ(base.size(), 64u);
  EXPECT_EQ(makeKey().digest(), base);
  std::vector<std::function<void(ObjectCacheKey &)>> changes = {
      [](ObjectCacheKey &k) { k.projectVersion = "0.2.0"; },
      [](ObjectCacheKey &k) { k.compilerBuild += "1"; },
      [](ObjectCacheKey &k) { k.llvmVersion = "22.1.1"; },
      [](ObjectCacheKey &k) { k.moduleText = "module { }"; },
      [](ObjectCacheKey &k) { k.pipelineOptions = "{threads=2}"; },
      [](ObjectCacheKey &k) { k.optLevel = 2; },
      [](ObjectCacheKey &k) { k.hostProfile = "{}"; },
      [](ObjectCacheKey &k) { k.targetTriple = "x86_64-unknown-linux"; },
      [](ObjectCacheKey &k) { k.cpuName = "skylake"; },
      [](ObjectCacheKey &k) { k.cpuFeatures = "+avx,+avx2,+avx512f"; },
      // Moving bytes from one field to the next is a change too.
      [](ObjectCacheKey &k) {
        k.cpuName = "znver5+avx";
        k.cpuFeatures = ",+avx2";
      },
  };
  std::set<std::string> digests = {base};
  for (auto &change : changes) {
    ObjectCacheKey key = makeKey();
    change(key);
    digests.insert(key.digest());
  }
  EXPECT_EQ(digests.size(), changes.size() + 1);
}

// The binary the compiler is linked into identifies it.
TEST(ObjectCacheKeyTest, CompilerBuildNamesThisBinary) {
  std::string build = ObjectCacheKey::getCompilerBuild();
  EXPECT_NE(build, "unknown");
  EXPECT_NE(build.find("ReduceJITTests"), std::string::npos) << build;
}

// store then load gives back the metadata and the object; every
// truncation and every flipped byte of the entry is detected.
TEST(ObjectCacheTest, RoundTripAndDamage) {
  ObjectCache cache((makeTempDir() + "/jit").str());
  std::string digest = makeKey().digest();
  std::string problem;
  EXPECT_FALSE(cache.load(digest, problem));
  EXPECT_EQ(problem, "no entry");
  std::string object(300, '\0');
  for (size_t i = 0; i < object.size(); ++i)
    object[i] = static_cast<char>(i * 7);
  ASSERT_FALSE(bool(cache.store(digest, "{\"m\":1}", object)));
  std::optional<CachedObject> entry = cache.load(digest, problem);
  ASSERT_TRUE(entry) << problem;
  EXPECT_EQ(entry->metadata, "{\"m\":1}");
  EXPECT_EQ(entry->object->getBuffer(), object);

  // The entry of one digest is no entry of another.
  std::string other = makeKey().digest();
  other[0] = other[0] == 'a' ? 'b' : 'a';
  ASSERT_TRUE(llvm::sys::fs::copy_file(cache.getEntryPath(digest),
                                       cache.getEntryPath(other)) ==
              std::error_code());
  EXPECT_FALSE(cache.load(other, problem));
  EXPECT_EQ(problem, "another digest");

  auto file = llvm::MemoryBuffer::getFile(cache.getEntryPath(digest));
  ASSERT_TRUE(bool(file));
  std::string bytes = (*file)->getBuffer().str();
  auto writeEntry = [&](llvm::StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(cache.getEntryPath(digest), ec);
    ASSERT_FALSE(ec);
    os << text;
  };
  for (size_t size = 0; size < bytes.size(); ++size) {
    writeEntry(llvm::StringRef(bytes).take_front(size));
    EXPECT_FALSE(cache.load(digest, problem)) << "size " << size;
    EXPECT_FALSE(problem.empty());
  }
  for (size_t at = 0; at < bytes.size(); ++at) {
    std::string damaged = bytes;
    damaged[at] ^= 0x20;
    writeEntry(damaged);
    EXPECT_FALSE(cache.load(digest, problem)) << "byte " << at;
  }
  writeEntry(bytes);
  EXPECT_TRUE(cache.load(digest, problem)) << problem;
}

// Threads storing the same entry at once leave one valid entry and no
// temporary file.
TEST(ObjectCacheTest, ConcurrentWriters) {
  llvm::SmallString<128> dir = makeTempDir();
  ObjectCache cache((dir + "/jit").str());
  std::string digest = makeKey().digest();
  std::string object(1 << 16, 'x');
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      for (int round = 0; round < 10; ++round) {
        EXPECT_FALSE(bool(cache.store(digest, "{}", object)));
        std::string problem;
        // A reader at any time sees a whole entry (or none before the
        // first rename).
        std::optional<CachedObject> entry = cache.load(digest, problem);
        EXPECT_TRUE(entry) << problem;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  std::error_code ec;
  int files = 0;
  for (llvm::sys::fs::directory_iterator it(cache.getDirectory(), ec), end;
       it != end && !ec; it.increment(ec))
    ++files;
  EXPECT_EQ(files, 1);
}

// Through the JIT: the second compilation of a module loads its object
// and computes the same values; persistentCache=false never touches the
// cache.
TEST(ObjectCacheTest, JitHitsAfterMiss) {
  llvm::SmallString<128> dir = makeTempDir();
  ScopedEnvironment cacheDir("REDUCE_CACHE_DIR", dir.c_str());
  ScopedEnvironment enabled("REDUCE_JIT_CACHE", nullptr);
  const char *source = R"mlir(
    func.func @main(%x: tensor<2x3xi32>) -> tensor<3xi32> {
      %r = reduce.sum %x axes [0] : tensor<2x3xi32> -> tensor<3xi32>
      return %r : tensor<3xi32>
    })mlir";
  int32_t data[] = {1, 2, 3, 40, 50, 60};
  int64_t shape[] = {2, 3};
  // No calibration: the cache directory is new.
  JitOptions on;
  on.calibrateOnFirstUse = false;
  JitOptions off = on;
  off.persistentCache = false;
  for (const char *expected : {"off", "miss", "hit"}) {
    JitOptions options = llvm::StringRef(expected) == "off" ? off : on;
    auto module = JitModule::compile(source, options);
    ASSERT_TRUE(bool(module)) << llvm::toString(module.takeError());
    EXPECT_EQ((*module)->getCacheStatus(), expected);
    auto main = (*module)->lookup("main");
    ASSERT_TRUE(bool(main)) << llvm::toString(main.takeError());
    auto results = main->call({BufferView{ElementType::i32, shape, data}});
    ASSERT_TRUE(bool(results)) << llvm::toString(results.takeError());
    llvm::ArrayRef<int32_t> sums = (*results)[0].getElements<int32_t>();
    EXPECT_EQ(std::vector<int32_t>(sums.begin(), sums.end()),
              (std::vector<int32_t>{41, 52, 63}));
  }
}

} // namespace
