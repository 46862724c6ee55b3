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

// The stream-vector-width default follows LLVM's prefer-256-bit tuning.
TEST(PreferredVectorWidthTest, IntelAVX512CoresPrefer256Bits) {
  EXPECT_EQ(getPreferredVectorWidth("skylake-avx512", 512), 256u);
  EXPECT_EQ(getPreferredVectorWidth("icelake-server", 512), 256u);
  EXPECT_EQ(getPreferredVectorWidth("sapphirerapids", 512), 256u);
}

TEST(PreferredVectorWidthTest, OtherCoresKeepTheRegisterWidth) {
  EXPECT_EQ(getPreferredVectorWidth("znver4", 512), 512u);
  EXPECT_EQ(getPreferredVectorWidth("znver5", 512), 512u);
}

TEST(PreferredVectorWidthTest, NarrowRegistersAreKept) {
  EXPECT_EQ(getPreferredVectorWidth("haswell", 256), 256u);
  EXPECT_EQ(getPreferredVectorWidth("sapphirerapids", 256), 256u);
  EXPECT_EQ(getPreferredVectorWidth("x86-64", 128), 128u);
}

TEST(PreferredVectorWidthTest, HostIsAtMostItsRegisters) {
  unsigned preferred = getHostPreferredVectorWidth();
  EXPECT_LE(preferred, getHostVectorWidth());
  EXPECT_TRUE(preferred == 128 || preferred == 256 || preferred == 512)
      << preferred;
}

} // namespace
