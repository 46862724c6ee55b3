//===- BufferTest.cpp - Owned and adopted tensor buffers --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Runtime/Buffer.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdlib>
#include <utility>

using namespace mlir::reduce;

namespace {

bool isAligned(const void *pointer) {
  return reinterpret_cast<uintptr_t>(pointer) % 64 == 0;
}

TEST(BufferTest, OwnAllocationsAreAlignedAndZeroFilled) {
  for (int64_t size : {0, 1, 3, 17, 1000}) {
    Buffer buffer(ElementType::f64, {size, 2});
    EXPECT_TRUE(isAligned(buffer.getData())) << size;
    EXPECT_EQ(buffer.getNumElements(), size * 2);
    for (double value : buffer.getElements<double>())
      EXPECT_EQ(value, 0.0);
    Buffer uninitialized = Buffer::allocateForOverwrite(ElementType::i8, {size});
    EXPECT_TRUE(isAligned(uninitialized.getData())) << size;
    EXPECT_NE(uninitialized.getData(), nullptr);
    EXPECT_EQ(uninitialized.getShape(), (llvm::ArrayRef<int64_t>{size}));
    // Every element is writable.
    for (int8_t &value : uninitialized.getElements<int8_t>())
      value = 7;
  }
}

int freed = 0;
void countingFree(void *allocation) {
  ++freed;
  std::free(allocation);
}

TEST(BufferTest, AdoptedAllocationsAreReleasedOnceAfterMoves) {
  freed = 0;
  {
    void *allocation = std::malloc(64);
    Buffer adopted = Buffer::adopt(ElementType::f32, {4}, allocation,
                                   allocation, countingFree);
    Buffer moved(std::move(adopted));
    Buffer assigned(ElementType::f32, {1});
    assigned = std::move(moved);
    EXPECT_EQ(assigned.getData(), allocation);
    EXPECT_EQ(freed, 0);
  }
  EXPECT_EQ(freed, 1);
}

} // namespace
