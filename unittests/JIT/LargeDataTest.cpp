//===- LargeDataTest.cpp - More than 2^31 elements --------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A 3 GiB ui8 tensor (3 x (2^30 + 3) elements, more than 2^31 in all) through
// the JIT: any 32-bit index or offset in the generated code or the runtime
// would read the wrong rows. Skipped, with a message, where memory is short.
//
//===----------------------------------------------------------------------===//

#include "reduce/JIT/JIT.h"

#include "gtest/gtest.h"

#include <cstring>
#include <unistd.h>

using namespace mlir::reduce;

namespace {

/// Bytes of physical memory currently available.
uint64_t availableMemory() {
  long pages = sysconf(_SC_AVPHYS_PAGES);
  long pageSize = sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
}

TEST(LargeDataTest, MoreThan2To31Elements) {
  constexpr int64_t kRow = (int64_t(1) << 30) + 3;
  constexpr uint64_t kNeeded = uint64_t(5) << 30; // input + headroom
  if (availableMemory() < kNeeded)
    GTEST_SKIP() << "needs " << (kNeeded >> 30) << " GiB of free memory, "
                 << (availableMemory() >> 20) << " MiB available";

  auto module = JitModule::compile(R"mlir(
    func.func @rows(%x: tensor<3x1073741827xui8>) -> tensor<3xui8> {
      %r = reduce.sum %x axes [1] : tensor<3x1073741827xui8> -> tensor<3xui8>
      return %r : tensor<3xui8>
    }
    func.func @all(%x: tensor<3x1073741827xui8>) -> (tensor<ui8>, tensor<ui8>) {
      %s = reduce.sum %x axes [0, 1] : tensor<3x1073741827xui8> -> tensor<ui8>
      %m = reduce.min %x axes [1, 0] : tensor<3x1073741827xui8> -> tensor<ui8>
      return %s, %m : tensor<ui8>, tensor<ui8>
    })mlir",
                                   JitOptions());
  ASSERT_TRUE(bool(module)) << llvm::toString(module.takeError());

  // Rows of 1, 1 and 2, and a single 0 at the very last element (index
  // 3 * 2^30 + 8, past 2^31): code that indexes with 32-bit signed integers
  // never reaches it, and its min would be 1.
  Buffer input(ElementType::u8, {3, kRow});
  auto *data = static_cast<uint8_t *>(input.getData());
  std::memset(data, 1, 2 * kRow);
  std::memset(data + 2 * kRow, 2, kRow);
  data[3 * kRow - 1] = 0;

  auto rows = (*module)->lookup("rows");
  ASSERT_TRUE(bool(rows)) << llvm::toString(rows.takeError());
  auto rowSums = rows->call({input.getView()});
  ASSERT_TRUE(bool(rowSums)) << llvm::toString(rowSums.takeError());
  // (2^30 + 3) mod 256 = 3; the last row has 2^30 + 2 twos: 2 * (2^30 + 2)
  // mod 256 = 4.
  EXPECT_EQ((*rowSums)[0].getElements<uint8_t>(),
            (llvm::ArrayRef<uint8_t>{3, 3, 4}));

  auto all = (*module)->lookup("all");
  ASSERT_TRUE(bool(all)) << llvm::toString(all.takeError());
  auto totals = all->call({input.getView()});
  ASSERT_TRUE(bool(totals)) << llvm::toString(totals.takeError());
  EXPECT_EQ((*totals)[0].getElements<uint8_t>()[0], uint8_t(3 + 3 + 4));
  EXPECT_EQ((*totals)[1].getElements<uint8_t>()[0], 0);
}

} // namespace
