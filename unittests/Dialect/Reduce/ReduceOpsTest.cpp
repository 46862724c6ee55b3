//===- ReduceOpsTest.cpp - Unit tests of the reduce ops ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::reduce;

TEST(Placeholder, Builds) { SUCCEED(); }
