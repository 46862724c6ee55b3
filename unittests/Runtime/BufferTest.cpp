//===- BufferTest.cpp - Owned and adopted tensor buffers --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Runtime/Buffer.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

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

/// Every element type maps to its MLIR type and back; i1 (bool) is one byte
/// per element and neither float nor unsigned.
TEST(BufferTest, ElementTypesMapToMlirTypes) {
  mlir::MLIRContext context;
  for (ElementType type : getAllElementTypes()) {
    mlir::Type mlirType = toMlirType(type, &context);
    EXPECT_EQ(toElementType(mlirType), type) << getMlirName(type).str();
    std::string text;
    llvm::raw_string_ostream(text) << mlirType;
    EXPECT_EQ(text, getMlirName(type).str());
  }
  EXPECT_EQ(getMlirName(ElementType::i1), "i1");
  EXPECT_EQ(toMlirType(ElementType::i1, &context),
            mlir::IntegerType::get(&context, 1));
  EXPECT_EQ(getByteWidth(ElementType::i1), 1u);
  EXPECT_TRUE(isBool(ElementType::i1));
  EXPECT_FALSE(isFloat(ElementType::i1) || isUnsigned(ElementType::i1));
  EXPECT_FALSE(isBool(ElementType::i8) || isBool(ElementType::u8));
  EXPECT_EQ(toElementType(mlir::IntegerType::get(&context, 2)), std::nullopt);
  EXPECT_EQ(toElementType(mlir::IntegerType::get(
                &context, 1, mlir::IntegerType::Unsigned)),
            std::nullopt);
}

} // namespace
