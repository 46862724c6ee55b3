//===- NpyTest.cpp - The .npy reader and writer -----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Runtime/Npy.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

#include "gtest/gtest.h"

using namespace mlir::reduce;

namespace {

std::string header(llvm::StringRef dict, char major = 1) {
  std::string text(dict);
  size_t preamble = major == 1 ? 10 : 12;
  while ((preamble + text.size() + 1) % 64)
    text.push_back(' ');
  text.push_back('\n');
  std::string bytes("\x93NUMPY", 6);
  bytes.push_back(major);
  bytes.push_back(0);
  bytes.push_back(static_cast<char>(text.size() & 0xff));
  bytes.push_back(static_cast<char>(text.size() >> 8));
  if (major != 1) {
    bytes.push_back(0);
    bytes.push_back(0);
  }
  return bytes + text;
}

std::string parseError(const std::string &bytes) {
  auto buffer = parseNpy(bytes);
  if (buffer)
    return "<parsed>";
  return llvm::toString(buffer.takeError());
}

TEST(NpyTest, RoundTripsEveryElementType) {
  for (ElementType type : getAllElementTypes()) {
    int64_t shape[] = {2, 3};
    Buffer buffer(type, shape);
    for (int64_t i = 0; i < 6; ++i)
      storeDouble(type, buffer.getData(), i, static_cast<double>(i) - 2);
    std::string bytes = serializeNpy(buffer.getView());
    EXPECT_EQ(bytes.size() % 64, (6 * getByteWidth(type)) % 64);
    auto parsed = parseNpy(bytes);
    ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
    EXPECT_EQ(parsed->getElementType(), type);
    EXPECT_EQ(parsed->getShape(), buffer.getShape());
    EXPECT_EQ(std::memcmp(parsed->getData(), buffer.getData(),
                          buffer.getSizeInBytes()),
              0)
        << getMlirName(type).str();
  }
}

TEST(NpyTest, ScalarsOneDimAndEmpty) {
  for (std::vector<int64_t> shape :
       {std::vector<int64_t>{}, {5}, {0, 3}, {1, 1, 1, 1}}) {
    Buffer buffer(ElementType::i16, shape);
    auto parsed = parseNpy(serializeNpy(buffer.getView()));
    ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
    EXPECT_EQ(parsed->getShape(), llvm::ArrayRef<int64_t>(shape));
  }
  EXPECT_NE(serializeNpy(Buffer(ElementType::f32, {5}).getView()).find("(5,)"),
            std::string::npos);
}

TEST(NpyTest, AcceptsWhatNumPyWrites) {
  // Version 2.0, keys in another order, '=' byte order, "bfloat16" descr.
  std::string v2 = header("{'shape': (2,), 'fortran_order': False, 'descr': '=f4'}", 2);
  v2.append(8, '\0');
  auto parsed = parseNpy(v2);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->getElementType(), ElementType::f32);

  std::string bf16 = header("{'descr': 'bfloat16', 'fortran_order': False, 'shape': (1,), }");
  bf16.append(2, '\0');
  parsed = parseNpy(bf16);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->getElementType(), ElementType::bf16);

  std::string byteOrderFree = header("{'descr': '>u1', 'fortran_order': False, 'shape': (1,), }");
  byteOrderFree.push_back('\x07');
  parsed = parseNpy(byteOrderFree);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->getElementType(), ElementType::u8);
}

TEST(NpyTest, RejectsMalformedFiles) {
  EXPECT_EQ(parseError("hello"),
            "not a .npy file (missing the \\x93NUMPY magic string)");
  EXPECT_EQ(parseError(std::string("\x93NUMPY\x01", 7)),
            "truncated .npy file: 7 bytes, shorter than the preamble");
  EXPECT_EQ(parseError(std::string("\x93NUMPY\x04\x00\x10\x00", 10)),
            "unsupported .npy format version 4 (expected 1, 2 or 3)");
  EXPECT_EQ(parseError(header("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }").substr(0, 40)),
            "truncated .npy file: the header needs 118 bytes, 30 are left");
  EXPECT_EQ(parseError(header("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }") + "abc"),
            "truncated .npy file: shape 4 of f32 needs 16 data bytes, found 3");
  EXPECT_EQ(parseError(header("{'descr': '<f4', 'fortran_order': False, 'shape': (), }") + "abcde"),
            ".npy file has 1 bytes after the data of shape scalar");
  EXPECT_EQ(parseError(header("{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }") + "abcd"),
            "Fortran-order arrays are not supported (expected 'fortran_order': False)");
  EXPECT_EQ(parseError(header("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }") + "abcd"),
            "big-endian dtype '>f4' is not supported (expected little-endian '<f4')");
  EXPECT_EQ(parseError(header("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }")),
            "unsupported dtype '<c8' (expected one of <f2 <f4 <f8 |V2 |i1 <i2 "
            "<i4 <i8 |u1 <u2 <u4 <u8 |b1)");
  EXPECT_EQ(parseError(header("{'descr': '<f4', 'fortran_order': False}")),
            "malformed .npy header: the header dict must have 'descr', "
            "'fortran_order' and 'shape'");
  EXPECT_EQ(parseError(header("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }")),
            "malformed .npy header: expected a non-negative dimension size in 'shape'");
  EXPECT_EQ(parseError(header("{'descr': '<f4', 'fortran_order': False, 'shape': (3037000500, 3037000500), }")),
            "shape (3037000500x3037000500) has too many elements");
  EXPECT_EQ(parseError(header("{'descr': '<f4', 'fortran_order': maybe, 'shape': (1,), }")),
            "malformed .npy header: expected True or False for 'fortran_order'");
  EXPECT_EQ(parseError(header("{'descr': '<f4', 'extra': 1, 'fortran_order': False, 'shape': (1,), }")),
            "malformed .npy header: unexpected key 'extra' (expected 'descr', "
            "'fortran_order' and 'shape')");
  EXPECT_EQ(parseError(header("['descr']")),
            "malformed .npy header: expected '{' at the start of the header dict");
}

/// NumPy's bool arrays ('|b1', one byte per element) are i1.
TEST(NpyTest, ReadsAndWritesBools) {
  std::string bytes =
      header("{'descr': '|b1', 'fortran_order': False, 'shape': (2, 3), }");
  bytes.append({1, 0, 0, 1, 1, 0});
  auto parsed = parseNpy(bytes);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->getElementType(), ElementType::i1);
  EXPECT_EQ(parsed->getShape(), (llvm::ArrayRef<int64_t>{2, 3}));
  EXPECT_EQ(parsed->getElements<uint8_t>(),
            (llvm::ArrayRef<uint8_t>{1, 0, 0, 1, 1, 0}));
  // What we write is what NumPy writes, byte for byte.
  EXPECT_EQ(serializeNpy(parsed->getView()), bytes);
}

/// A bool byte other than 0 or 1 would be an undefined i1 in compiled code:
/// the reader names the first one.
TEST(NpyTest, RejectsBoolBytesOtherThanZeroAndOne) {
  std::string head =
      header("{'descr': '|b1', 'fortran_order': False, 'shape': (200,), }");
  for (int64_t bad : {0, 63, 64, 199}) {
    for (char value : {'\x02', '\xff', '\x80'}) {
      std::string bytes = head + std::string(200, '\x01');
      bytes[head.size() + bad] = value;
      // A second bad byte after it is not the one reported.
      if (bad + 1 < 200)
        bytes[head.size() + bad + 1] = '\x03';
      EXPECT_EQ(parseError(bytes),
                "bool element " + std::to_string(bad) +
                    " (in C order) is the byte " +
                    std::to_string(static_cast<unsigned char>(value)) +
                    " (expected 0 or 1)");
    }
  }
  EXPECT_EQ(findInvalidBool(std::string(1000, '\0').data(), 1000),
            std::nullopt);
  EXPECT_EQ(findInvalidBool("\x01\x00\x05", 2), std::nullopt);
}

TEST(NpyTest, FileErrors) {
  auto missing = readNpyFile("/nonexistent/x.npy");
  ASSERT_FALSE(bool(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()),
            "cannot read '/nonexistent/x.npy': No such file or directory");
  int64_t shape[] = {1};
  Buffer buffer(ElementType::f32, shape);
  llvm::Error error = writeNpyFile("/nonexistent/y.npy", buffer.getView());
  EXPECT_EQ(llvm::toString(std::move(error)),
            "cannot write '/nonexistent/y.npy': No such file or directory");
}

TEST(NpyTest, StoreDoubleWrapsIntegers) {
  Buffer buffer(ElementType::u8, {4});
  const double values[] = {-2.0, 300.7, NAN, 1e300};
  for (int64_t i = 0; i < 4; ++i)
    storeDouble(ElementType::u8, buffer.getData(), i, values[i]);
  EXPECT_EQ(buffer.getElements<uint8_t>(),
            (llvm::ArrayRef<uint8_t>{254, 44, 0, 255}));
  Buffer wide(ElementType::i64, {1});
  storeDouble(ElementType::i64, wide.getData(), 0, -1e300);
  EXPECT_EQ(wide.getElements<int64_t>()[0], INT64_MIN);
  // Bools: anything but zero is true.
  Buffer bools(ElementType::i1, {5});
  const double boolValues[] = {0.0, -0.0, 2.0, -1e300, NAN};
  for (int64_t i = 0; i < 5; ++i)
    storeDouble(ElementType::i1, bools.getData(), i, boolValues[i]);
  EXPECT_EQ(bools.getElements<uint8_t>(),
            (llvm::ArrayRef<uint8_t>{0, 0, 1, 1, 1}));
  EXPECT_EQ(loadAsInt64(ElementType::i1, bools.getData(), 2), 1);
  EXPECT_EQ(loadAsDouble(ElementType::i1, bools.getData(), 1), 0.0);
}

TEST(NpyTest, PrintsNestedLists) {
  int64_t shape[] = {2, 2};
  Buffer buffer(ElementType::f32, shape);
  float values[] = {1.5f, -0.0f, INFINITY, NAN};
  std::memcpy(buffer.getData(), values, sizeof(values));
  std::string text;
  llvm::raw_string_ostream os(text);
  printNested(os, buffer.getView());
  EXPECT_EQ(text, "[[1.5, -0], [inf, nan]]");

  Buffer scalar(ElementType::u64, {});
  storeDouble(ElementType::u64, scalar.getData(), 0, 18446744073709549568.0);
  text.clear();
  printNested(os, scalar.getView());
  EXPECT_EQ(text, "18446744073709549568");

  Buffer bools(ElementType::i1, {2, 2});
  bools.getElements<uint8_t>()[1] = bools.getElements<uint8_t>()[2] = 1;
  text.clear();
  printNested(os, bools.getView());
  EXPECT_EQ(text, "[[false, true], [true, false]]");
}

} // namespace

/// Writes `bytes` to a new temporary file and returns its path.
static std::string writeTemporary(const std::string &bytes) {
  llvm::SmallString<128> path;
  int fd = -1;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("npy-slice", "npy", fd, path));
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << bytes;
  return path.str().str();
}

/// The block of a file one process of a distributed job reads.
TEST(NpyTest, ReadsSlices) {
  Buffer full(ElementType::i32, {4, 5, 3});
  for (int64_t i = 0; i < 60; ++i)
    storeDouble(ElementType::i32, full.getData(), i, static_cast<double>(i));
  std::string path = writeTemporary(serializeNpy(full.getView()));
  int64_t shape[] = {4, 5, 3};
  int64_t offsets[] = {2, 1, 0};
  int64_t sizes[] = {2, 3, 3};
  auto slice = readNpyFileSlice(path, shape, offsets, sizes);
  ASSERT_TRUE(bool(slice)) << llvm::toString(slice.takeError());
  EXPECT_EQ(slice->getShape(), (llvm::ArrayRef<int64_t>{2, 3, 3}));
  std::vector<int32_t> expected;
  for (int64_t i = 2; i < 4; ++i)
    for (int64_t j = 1; j < 4; ++j)
      for (int64_t k = 0; k < 3; ++k)
        expected.push_back(static_cast<int32_t>(i * 15 + j * 3 + k));
  EXPECT_EQ(slice->getElements<int32_t>(), llvm::ArrayRef(expected));

  int64_t other[] = {4, 5, 4};
  auto wrongShape = readNpyFileSlice(path, other, offsets, sizes);
  ASSERT_FALSE(bool(wrongShape));
  EXPECT_EQ(llvm::toString(wrongShape.takeError()),
            "'" + path + "': the array has shape 4x5x3, expected 4x5x4");
  // A dynamic dim (negative) matches any size and is read whole.
  int64_t dynamicShape[] = {4, -1, 3};
  int64_t dynamicSizes[] = {2, -1, 3};
  int64_t dynamicOffsets[] = {2, 0, 0};
  auto whole = readNpyFileSlice(path, dynamicShape, dynamicOffsets,
                                dynamicSizes);
  ASSERT_TRUE(bool(whole)) << llvm::toString(whole.takeError());
  EXPECT_EQ(whole->getShape(), (llvm::ArrayRef<int64_t>{2, 5, 3}));
  EXPECT_EQ(whole->getElements<int32_t>()[0], 30);
  int64_t dynamicOther[] = {5, -1, 3};
  auto dynamicWrong =
      readNpyFileSlice(path, dynamicOther, dynamicOffsets, dynamicSizes);
  ASSERT_FALSE(bool(dynamicWrong));
  EXPECT_EQ(llvm::toString(dynamicWrong.takeError()),
            "'" + path + "': the array has shape 4x5x3, expected 5x?x3");
  int64_t outside[] = {3, 1, 0};
  auto beyond = readNpyFileSlice(path, shape, outside, sizes);
  ASSERT_FALSE(bool(beyond));
  EXPECT_EQ(llvm::toString(beyond.takeError()),
            "'" + path +
                "': the slice [3, 5) of dim 0 is outside the array of shape "
                "4x5x3");
  llvm::sys::fs::remove(path);
}

/// A bad bool byte in the slice is named by its index in the whole file;
/// one outside the slice is not read.
TEST(NpyTest, ChecksTheBoolsOfASlice) {
  std::string bytes =
      header("{'descr': '|b1', 'fortran_order': False, 'shape': (4, 6), }") +
      std::string(24, '\x01');
  size_t data = bytes.size() - 24;
  bytes[data + 1] = '\x07';  // row 0: outside the slice
  bytes[data + 17] = '\x09'; // row 2, column 5
  std::string path = writeTemporary(bytes);
  int64_t shape[] = {4, 6};
  int64_t offsets[] = {2, 0};
  int64_t sizes[] = {2, 6};
  auto slice = readNpyFileSlice(path, shape, offsets, sizes);
  ASSERT_FALSE(bool(slice));
  EXPECT_EQ(llvm::toString(slice.takeError()),
            "'" + path +
                "': bool element 17 (in C order) is the byte 9 (expected 0 "
                "or 1)");
  int64_t firstRows[] = {0, 0};
  int64_t oneRow[] = {1, 6};
  int64_t secondRow[] = {1, 0};
  EXPECT_TRUE(bool(readNpyFileSlice(path, shape, secondRow, oneRow)));
  EXPECT_FALSE(bool(readNpyFileSlice(path, shape, firstRows, oneRow)));
  llvm::sys::fs::remove(path);
}
