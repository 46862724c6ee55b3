//===- PipelinesTest.cpp - Tests of the pipeline defaults -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Pipelines/Pipelines.h"

#include "gtest/gtest.h"

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
