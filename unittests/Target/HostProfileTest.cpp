//===- HostProfileTest.cpp - Tests of the host profile ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Target/HostProfile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <thread>
#include <vector>

using namespace mlir;
using namespace mlir::reduce;

namespace {

HostProfile makeProfile() {
  HostProfile profile;
  profile.key = HostKey::getCurrent();
  profile.settings = {{"accumulators", 8},
                      {"prefetch_distance", 0},
                      {"range_minimum", 1},
                      {"stream_vector_bits", 512}};
  profile.calibration = llvm::json::Object{{"millis", 1234}};
  return profile;
}

/// A fresh directory under the system's temporary directory.
llvm::SmallString<128> makeTempDir() {
  llvm::SmallString<128> dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("reduce-profile", dir));
  return dir;
}

// The key of this host compares equal to itself and names the first field
// that differs.
TEST(HostKeyTest, DiffNamesTheField) {
  HostKey key = HostKey::getCurrent();
  EXPECT_EQ(key.diff(key), "");
  EXPECT_FALSE(key.llvmVersion.empty());
  HostKey other = key;
  other.l2Bytes += 1;
  EXPECT_EQ(key.diff(other), "l2_bytes");
  other.vendor = "other";
  EXPECT_EQ(key.diff(other), "vendor");
}

// toJSON and parse are inverse: key, settings and calibration survive.
TEST(HostProfileTest, RoundTrip) {
  HostProfile profile = makeProfile();
  llvm::Expected<HostProfile> parsed = HostProfile::parse(profile.toJSON());
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->key.diff(profile.key), "");
  EXPECT_EQ(parsed->settings, profile.settings);
  EXPECT_EQ(parsed->calibration.getInteger("millis"), 1234);
}

// Every truncation of a valid profile is rejected with a reason, never a
// crash (a process killed while writing without the atomic rename would
// leave one).
TEST(HostProfileTest, EveryTruncationIsRejected) {
  std::string text = makeProfile().toJSON();
  size_t end = text.find_last_of('}');
  for (size_t size = 0; size < end; ++size) {
    llvm::Expected<HostProfile> parsed =
        HostProfile::parse(llvm::StringRef(text).take_front(size));
    EXPECT_FALSE(bool(parsed)) << "prefix of " << size << " bytes";
    llvm::consumeError(parsed.takeError());
  }
}

// A profile sets its fields and nothing else.
TEST(HostProfileTest, ApplySetsOnlyItsFields) {
  ReduceTarget target;
  target.vectorBits = 128;
  makeProfile().applyTo(target);
  EXPECT_EQ(target.accumulators, 8u);
  EXPECT_EQ(target.prefetchDistance, 0);
  EXPECT_TRUE(target.rangeMinimum);
  EXPECT_EQ(target.streamVectorBits, 512u);
  EXPECT_EQ(target.vectorBits, 128u);
  EXPECT_EQ(target.streamRows, ReduceTarget().streamRows);
}

// setAll then applyTo copies a whole target, every field in its range.
TEST(HostProfileTest, SetAllCoversEveryField) {
  ReduceTarget source;
  source.minParallelBytes = 12345;
  source.prefetchStride = 64;
  HostProfile profile;
  profile.key = HostKey::getCurrent();
  profile.setAll(source);
  llvm::Expected<HostProfile> parsed = HostProfile::parse(profile.toJSON());
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  ReduceTarget target;
  target.minParallelBytes = 1;
  target.prefetchStride = 16;
  parsed->applyTo(target);
  EXPECT_EQ(targetToJSON(target), targetToJSON(source));
}

// Threads writing the same path at once leave one whole profile and no
// temporary file.
TEST(HostProfileTest, ConcurrentWritesLeaveOneValidFile) {
  llvm::SmallString<128> dir = makeTempDir();
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, "host-profile.json");
  std::vector<std::thread> writers;
  for (int i = 0; i < 8; ++i)
    writers.emplace_back([&, i] {
      HostProfile profile = makeProfile();
      profile.settings["accumulators"] = 1 + i;
      for (int j = 0; j < 20; ++j)
        EXPECT_FALSE(bool(writeHostProfile(profile, path)));
    });
  for (std::thread &writer : writers)
    writer.join();
  auto buffer = llvm::MemoryBuffer::getFile(path);
  ASSERT_TRUE(bool(buffer));
  llvm::Expected<HostProfile> parsed =
      HostProfile::parse((*buffer)->getBuffer());
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  int files = 0;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    ++files;
  EXPECT_EQ(files, 1);
  llvm::sys::fs::remove_directories(dir);
}

// The recorded attribute gives back the target and the profile.
TEST(HostProfileTest, TargetAttrRoundTrip) {
  MLIRContext context;
  ReduceTarget target;
  target.accumulators = 8;
  target.rangeMinimum = true;
  target.prefetchDistance = 0;
  DictionaryAttr attr = getTargetAttr(&context, target, "/p.json");
  EXPECT_TRUE(attr.getAs<BoolAttr>("range_minimum"));
  std::string profile, error;
  FailureOr<ReduceTarget> back = parseTargetAttr(attr, error, &profile);
  ASSERT_TRUE(succeeded(back)) << error;
  EXPECT_EQ(profile, "/p.json");
  EXPECT_EQ(targetToJSON(*back), targetToJSON(target));
}

// A field outside its range, or of the wrong type, is an error that names it.
TEST(HostProfileTest, TargetAttrOutOfRange) {
  MLIRContext context;
  Builder builder(&context);
  std::string error;
  DictionaryAttr narrow = builder.getDictionaryAttr(
      builder.getNamedAttr("vector_bits", builder.getI64IntegerAttr(64)));
  EXPECT_TRUE(failed(parseTargetAttr(narrow, error)));
  EXPECT_EQ(error, "expected 'vector_bits' in [128, 512], found 64");
  DictionaryAttr text = builder.getDictionaryAttr(
      builder.getNamedAttr("accumulators", builder.getStringAttr("four")));
  EXPECT_TRUE(failed(parseTargetAttr(text, error)));
  EXPECT_EQ(error, "expected an integer or a bool for 'accumulators'");
}

// Settings by key, as reduce-attach-target{set=...} gives them.
TEST(HostProfileTest, SetTargetField) {
  ReduceTarget target;
  std::string error;
  EXPECT_TRUE(succeeded(setTargetField(target, "row_streams", "8", error)));
  EXPECT_EQ(target.rowStreams, 8);
  EXPECT_TRUE(
      succeeded(setTargetField(target, "range_minimum", "true", error)));
  EXPECT_TRUE(target.rangeMinimum);
  EXPECT_TRUE(failed(setTargetField(target, "row_streams", "0", error)));
  EXPECT_EQ(error, "expected 'row_streams' in [1, 64], found 0");
  EXPECT_TRUE(failed(setTargetField(target, "lanes", "8", error)));
  EXPECT_EQ(error.substr(0, 44),
            "unknown target field 'lanes', expected one o");
}

} // namespace
