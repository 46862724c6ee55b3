//===- PipelinesTest.cpp - Tests of the pipeline defaults -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Pipelines/Pipelines.h"

#include "reduce/Target/HostProfile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace mlir::reduce;

namespace {

// The stream-vector-width default is at most 256 bits, on every CPU.
TEST(StreamVectorWidthTest, AtMost256Bits) {
  EXPECT_EQ(getStreamVectorWidth(512), 256u);
  EXPECT_EQ(getStreamVectorWidth(256), 256u);
  EXPECT_EQ(getStreamVectorWidth(128), 128u);
}

TEST(StreamVectorWidthTest, HostIsAtMostItsRegisters) {
  unsigned width = getStreamVectorWidth(getHostVectorWidth());
  EXPECT_LE(width, getHostVectorWidth());
  EXPECT_TRUE(width == 128 || width == 256) << width;
}

} // namespace

//===----------------------------------------------------------------------===//
// resolveReduceTarget: static default <- host profile <- explicit options
//===----------------------------------------------------------------------===//

namespace {

/// Pins REDUCE_PROFILE to a profile written in a temporary directory while
/// it lives.
class PinnedProfileTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("reduce-pin", dir));
    path = dir;
    llvm::sys::path::append(path, "profile.json");
    HostProfile profile;
    profile.key.vendor = "another";
    profile.settings = {{"accumulators", 2},
                        {"prefetch_distance", 0},
                        {"min_parallel_bytes", 4096},
                        {"stream_vector_bits", 128},
                        {"vector_registers", 64},
                        {"range_minimum", 0}};
    ASSERT_FALSE(bool(writeHostProfile(profile, path)));
    ::setenv("REDUCE_PROFILE", path.c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("REDUCE_PROFILE");
    llvm::sys::fs::remove_directories(dir);
  }

  static ReduceTarget resolve(llvm::StringRef text, std::string *profile) {
    ReduceToLLVMOptions options;
    EXPECT_TRUE(mlir::succeeded(options.parseFromString(text))) << text.str();
    return resolveReduceTarget(options, profile);
  }

  llvm::SmallString<128> dir, path;
};

// A pinned profile is used whatever its key; unset options keep its values.
TEST_F(PinnedProfileTest, ProfileOverStaticDefault) {
  std::string profile;
  ReduceTarget target = resolve("", &profile);
  EXPECT_EQ(profile, path.str());
  EXPECT_EQ(target.accumulators, 2u);
  EXPECT_EQ(target.prefetchDistance, 0);
  EXPECT_EQ(target.minParallelBytes, 4096);
  EXPECT_EQ(target.streamVectorBits, 128u);
  EXPECT_FALSE(target.rangeMinimum);
  EXPECT_EQ(target.vectorBits, getStaticReduceTarget().vectorBits);
  // A profile's registers are at most the host's.
  EXPECT_EQ(target.vectorRegisters, getHostVectorRegisters());
}

// An explicit option always wins, even one equal to the option's own
// default (accumulators=4, prefetch-distance=2048).
TEST_F(PinnedProfileTest, ExplicitOptionsWin) {
  std::string profile;
  ReduceTarget target =
      resolve("accumulators=4 prefetch-distance=2048 min-parallel-bytes=1 "
              "stream-vector-width=256 minimum-lowering=or vector-registers=8",
              &profile);
  EXPECT_EQ(profile, path.str());
  EXPECT_EQ(target.accumulators, 4u);
  EXPECT_EQ(target.prefetchDistance, 2048);
  EXPECT_EQ(target.minParallelBytes, 1);
  EXPECT_EQ(target.streamVectorBits, 256u);
  EXPECT_FALSE(target.rangeMinimum);
  EXPECT_EQ(target.vectorRegisters, 8);
}

// vector-width alone also sets the stream width, over the profile's.
TEST_F(PinnedProfileTest, VectorWidthSetsStreamWidth) {
  ReduceTarget target = resolve("vector-width=512", nullptr);
  EXPECT_EQ(target.vectorBits, 512u);
  EXPECT_EQ(target.streamVectorBits, 512u);
}

// host-profile=false: the static default, whatever the environment.
TEST_F(PinnedProfileTest, HostProfileFalseIsStatic) {
  std::string profile;
  ReduceTarget target = resolve("host-profile=false", &profile);
  EXPECT_EQ(profile, "static default");
  EXPECT_EQ(targetToJSON(target), targetToJSON(getStaticReduceTarget()));
}

// The static default streams with at most 256-bit registers and takes the
// rest from ReduceTarget.
TEST(StaticTargetTest, SafeOnEveryCPU) {
  ReduceTarget target = getStaticReduceTarget();
  EXPECT_EQ(target.vectorBits, getHostVectorWidth());
  EXPECT_LE(target.streamVectorBits, 256u);
  EXPECT_EQ(target.rangeMinimum, hostHasRange());
  EXPECT_EQ(target.vectorRegisters, getHostVectorRegisters());
#if defined(__x86_64__)
  EXPECT_EQ(getHostVectorRegisters(), getHostVectorWidth() == 512 ? 32 : 16);
#endif
  EXPECT_EQ(target.accumulators, ReduceTarget().accumulators);
  EXPECT_EQ(target.prefetchDistance, ReduceTarget().prefetchDistance);
}

} // namespace
