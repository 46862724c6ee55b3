//===- Buffer.cpp - Tensor data owned or viewed by the host -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Runtime/Buffer.h"

#include "reduce/Support/ShapeLimits.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace mlir::reduce;

static constexpr size_t kAlignment = 64;

ArrayRef<ElementType> mlir::reduce::getAllElementTypes() {
  static const ElementType all[] = {
      ElementType::f16, ElementType::bf16, ElementType::f32, ElementType::f64,
      ElementType::i8,  ElementType::i16,  ElementType::i32, ElementType::i64,
      ElementType::u8,  ElementType::u16,  ElementType::u32, ElementType::u64,
      ElementType::i1};
  return all;
}

size_t mlir::reduce::getByteWidth(ElementType type) {
  switch (type) {
  case ElementType::i1:
  case ElementType::i8:
  case ElementType::u8:
    return 1;
  case ElementType::f16:
  case ElementType::bf16:
  case ElementType::i16:
  case ElementType::u16:
    return 2;
  case ElementType::f32:
  case ElementType::i32:
  case ElementType::u32:
    return 4;
  case ElementType::f64:
  case ElementType::i64:
  case ElementType::u64:
    return 8;
  }
  llvm_unreachable("unknown element type");
}

StringRef mlir::reduce::getMlirName(ElementType type) {
  switch (type) {
  case ElementType::f16:
    return "f16";
  case ElementType::bf16:
    return "bf16";
  case ElementType::f32:
    return "f32";
  case ElementType::f64:
    return "f64";
  case ElementType::i8:
    return "i8";
  case ElementType::i16:
    return "i16";
  case ElementType::i32:
    return "i32";
  case ElementType::i64:
    return "i64";
  case ElementType::u8:
    return "ui8";
  case ElementType::u16:
    return "ui16";
  case ElementType::u32:
    return "ui32";
  case ElementType::u64:
    return "ui64";
  case ElementType::i1:
    return "i1";
  }
  llvm_unreachable("unknown element type");
}

bool mlir::reduce::isFloat(ElementType type) {
  return type == ElementType::f16 || type == ElementType::bf16 ||
         type == ElementType::f32 || type == ElementType::f64;
}

bool mlir::reduce::isUnsigned(ElementType type) {
  return type == ElementType::u8 || type == ElementType::u16 ||
         type == ElementType::u32 || type == ElementType::u64;
}

bool mlir::reduce::isBool(ElementType type) { return type == ElementType::i1; }

Type mlir::reduce::toMlirType(ElementType type, MLIRContext *context) {
  switch (type) {
  case ElementType::f16:
    return Float16Type::get(context);
  case ElementType::bf16:
    return BFloat16Type::get(context);
  case ElementType::f32:
    return Float32Type::get(context);
  case ElementType::f64:
    return Float64Type::get(context);
  case ElementType::i1:
    return IntegerType::get(context, 1);
  default:
    return IntegerType::get(context, 8 * getByteWidth(type),
                            isUnsigned(type) ? IntegerType::Unsigned
                                             : IntegerType::Signless);
  }
}

std::optional<ElementType> mlir::reduce::toElementType(Type type) {
  for (ElementType candidate : getAllElementTypes())
    if (toMlirType(candidate, type.getContext()) == type)
      return candidate;
  return std::nullopt;
}

std::optional<int64_t> mlir::reduce::findInvalidBool(const void *data,
                                                     int64_t count) {
  // Blocks of 64 bytes or'ed together (vectorized) find a bad byte's block;
  // only that block is searched byte by byte.
  const auto *bytes = static_cast<const uint8_t *>(data);
  constexpr int64_t kBlock = 64;
  for (int64_t begin = 0; begin < count; begin += kBlock) {
    int64_t end = std::min(count, begin + kBlock);
    uint8_t bits = 0;
    for (int64_t i = begin; i < end; ++i)
      bits |= bytes[i];
    if (!(bits & 0xfe))
      continue;
    for (int64_t i = begin; i < end; ++i)
      if (bytes[i] > 1)
        return i;
  }
  return std::nullopt;
}

std::optional<int64_t> mlir::reduce::getNumElements(ArrayRef<int64_t> shape) {
  // Also nullopt for an empty shape whose row-major strides overflow
  // (0 x 2^62 x 4): no memref descriptor can hold it.
  return getCheckedNumElements(shape);
}

void mlir::reduce::copyBlock(char *full, ArrayRef<int64_t> fullShape,
                             char *block, ArrayRef<int64_t> offsets,
                             ArrayRef<int64_t> sizes, size_t width,
                             bool toBlock) {
  int64_t count = 1;
  for (int64_t size : sizes)
    count *= size;
  if (count == 0)
    return;
  // One innermost run at a time: only the block's part of `full` is touched.
  int64_t rank = fullShape.size();
  llvm::SmallVector<int64_t> strides(rank, 1);
  for (int64_t dim = rank - 2; dim >= 0; --dim)
    strides[dim] = strides[dim + 1] * fullShape[dim + 1];
  int64_t run = rank ? sizes.back() : 1;
  llvm::SmallVector<int64_t> index(rank, 0);
  for (int64_t done = 0; done < count; done += run) {
    int64_t at = 0;
    for (int64_t dim = 0; dim < rank; ++dim)
      at += (offsets[dim] + index[dim]) * strides[dim];
    char *fullRun = full + at * width;
    char *blockRun = block + done * width;
    if (toBlock)
      std::memcpy(blockRun, fullRun, run * width);
    else
      std::memcpy(fullRun, blockRun, run * width);
    for (int64_t dim = rank - 2; dim >= 0; --dim) {
      if (++index[dim] < sizes[dim])
        break;
      index[dim] = 0;
    }
  }
}

std::string mlir::reduce::formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, "x");
  return text;
}

//===----------------------------------------------------------------------===//
// Buffer
//===----------------------------------------------------------------------===//

Buffer::Buffer(ElementType elementType, ArrayRef<int64_t> shape)
    : Buffer(allocateForOverwrite(elementType, shape)) {
  std::memset(data, 0, getSizeInBytes());
}

Buffer Buffer::allocateForOverwrite(ElementType elementType,
                                    ArrayRef<int64_t> shape) {
  // malloc and align by hand: an aligned operator new costs several mallocs
  // in glibc (docs/tuning.md), and results of microsecond kernels are
  // allocated on every call.
  // At least one byte, so that data is never null.
  size_t bytes = mlir::reduce::getNumElements(shape).value_or(0) *
                 getByteWidth(elementType);
  void *allocation = std::malloc(std::max<size_t>(bytes, 1) + kAlignment - 1);
  if (!allocation)
    llvm::report_bad_alloc_error("cannot allocate a buffer");
  auto *data = reinterpret_cast<void *>(
      llvm::alignAddr(allocation, llvm::Align(kAlignment)));
  return adopt(elementType, shape, data, allocation, std::free);
}

Buffer Buffer::adopt(ElementType elementType, ArrayRef<int64_t> shape,
                     void *data, void *allocation, void (*deleter)(void *)) {
  Buffer buffer;
  buffer.elementType = elementType;
  buffer.shape.assign(shape.begin(), shape.end());
  buffer.numElements = mlir::reduce::getNumElements(shape).value_or(0);
  buffer.data = data;
  buffer.allocation = allocation;
  buffer.deleter = deleter;
  return buffer;
}

Buffer::Buffer(Buffer &&other) noexcept { *this = std::move(other); }

Buffer &Buffer::operator=(Buffer &&other) noexcept {
  if (this == &other)
    return *this;
  release();
  elementType = other.elementType;
  shape = std::move(other.shape);
  numElements = other.numElements;
  data = other.data;
  allocation = other.allocation;
  deleter = other.deleter;
  other.data = other.allocation = nullptr;
  other.numElements = 0;
  other.deleter = nullptr;
  return *this;
}

Buffer::~Buffer() { release(); }

bool Buffer::reshape(ArrayRef<int64_t> newShape) {
  std::optional<int64_t> count = mlir::reduce::getNumElements(newShape);
  if (!count || *count != numElements)
    return false;
  shape.assign(newShape.begin(), newShape.end());
  return true;
}

void Buffer::release() {
  if (allocation)
    deleter(allocation);
  data = allocation = nullptr;
}

//===----------------------------------------------------------------------===//
// Element access
//===----------------------------------------------------------------------===//

template <typename T>
static T loadRaw(const void *data, int64_t index) {
  T value;
  std::memcpy(&value, static_cast<const char *>(data) + index * sizeof(T),
              sizeof(T));
  return value;
}

template <typename T>
static void storeRaw(void *data, int64_t index, T value) {
  std::memcpy(static_cast<char *>(data) + index * sizeof(T), &value,
              sizeof(T));
}

static const llvm::fltSemantics &getHalfSemantics(ElementType type) {
  return type == ElementType::f16 ? llvm::APFloat::IEEEhalf()
                                  : llvm::APFloat::BFloat();
}

double mlir::reduce::loadAsDouble(ElementType type, const void *data,
                                  int64_t index) {
  switch (type) {
  case ElementType::f16:
  case ElementType::bf16: {
    llvm::APFloat value(getHalfSemantics(type),
                        llvm::APInt(16, loadRaw<uint16_t>(data, index)));
    return value.convertToDouble();
  }
  case ElementType::f32:
    return loadRaw<float>(data, index);
  case ElementType::f64:
    return loadRaw<double>(data, index);
  default:
    return isUnsigned(type)
               ? static_cast<double>(loadAsUInt64(type, data, index))
               : static_cast<double>(loadAsInt64(type, data, index));
  }
}

int64_t mlir::reduce::loadAsInt64(ElementType type, const void *data,
                                  int64_t index) {
  switch (type) {
  case ElementType::i8:
    return loadRaw<int8_t>(data, index);
  case ElementType::i16:
    return loadRaw<int16_t>(data, index);
  case ElementType::i32:
    return loadRaw<int32_t>(data, index);
  case ElementType::i64:
    return loadRaw<int64_t>(data, index);
  default:
    return static_cast<int64_t>(loadAsUInt64(type, data, index));
  }
}

uint64_t mlir::reduce::loadAsUInt64(ElementType type, const void *data,
                                    int64_t index) {
  switch (getByteWidth(type)) {
  case 1:
    return loadRaw<uint8_t>(data, index);
  case 2:
    return loadRaw<uint16_t>(data, index);
  case 4:
    return loadRaw<uint32_t>(data, index);
  default:
    return loadRaw<uint64_t>(data, index);
  }
}

void mlir::reduce::storeDouble(ElementType type, void *data, int64_t index,
                               double value) {
  switch (type) {
  case ElementType::f16:
  case ElementType::bf16: {
    llvm::APFloat half(value);
    bool losesInfo;
    half.convert(getHalfSemantics(type), llvm::APFloat::rmNearestTiesToEven,
                 &losesInfo);
    storeRaw<uint16_t>(data, index,
                       half.bitcastToAPInt().getZExtValue());
    return;
  }
  case ElementType::f32:
    return storeRaw<float>(data, index, static_cast<float>(value));
  case ElementType::f64:
    return storeRaw<double>(data, index, value);
  case ElementType::i1:
    // NaN != 0 holds: NaN is true.
    return storeRaw<uint8_t>(data, index, value != 0);
  default:
    break;
  }
  // Integers: truncate toward zero, saturate to the int64 range (to the
  // uint64 range for unsigned types; NaN is 0), then wrap modulo 2^bits.
  // Converting an out-of-range double straight to a narrower or unsigned
  // type would be undefined behaviour.
  uint64_t bits = 0;
  if (std::isnan(value))
    bits = 0;
  else if (isUnsigned(type) && value >= 0x1p63)
    bits = value >= 0x1p64 ? UINT64_MAX : static_cast<uint64_t>(value);
  else if (value >= 0x1p63)
    bits = static_cast<uint64_t>(INT64_MAX);
  else if (value <= -0x1p63)
    bits = static_cast<uint64_t>(INT64_MIN);
  else
    bits = static_cast<uint64_t>(static_cast<int64_t>(value));
  switch (getByteWidth(type)) {
  case 1:
    return storeRaw<uint8_t>(data, index, static_cast<uint8_t>(bits));
  case 2:
    return storeRaw<uint16_t>(data, index, static_cast<uint16_t>(bits));
  case 4:
    return storeRaw<uint32_t>(data, index, static_cast<uint32_t>(bits));
  default:
    return storeRaw<uint64_t>(data, index, bits);
  }
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static void printElement(llvm::raw_ostream &os, ElementType type,
                         const void *data, int64_t index) {
  if (isBool(type)) {
    os << (loadAsUInt64(type, data, index) ? "true" : "false");
    return;
  }
  if (!isFloat(type)) {
    if (isUnsigned(type))
      os << loadAsUInt64(type, data, index);
    else
      os << loadAsInt64(type, data, index);
    return;
  }
  double value = loadAsDouble(type, data, index);
  if (std::isnan(value)) {
    os << "nan";
    return;
  }
  if (std::isinf(value)) {
    os << (value < 0 ? "-inf" : "inf");
    return;
  }
  // Shortest form that round-trips in the element's precision (f16/bf16
  // values are exact in f32).
  char text[64];
  std::to_chars_result result =
      type == ElementType::f64
          ? std::to_chars(text, text + sizeof(text), value)
          : std::to_chars(text, text + sizeof(text), static_cast<float>(value));
  os << StringRef(text, result.ptr - text);
}

static void printLevel(llvm::raw_ostream &os, const BufferView &view,
                       unsigned dim, int64_t &index) {
  if (dim == view.shape.size()) {
    printElement(os, view.elementType, view.data, index++);
    return;
  }
  os << '[';
  for (int64_t i = 0; i < view.shape[dim]; ++i) {
    if (i)
      os << ", ";
    printLevel(os, view, dim + 1, index);
  }
  os << ']';
}

void mlir::reduce::printNested(llvm::raw_ostream &os, const BufferView &view) {
  int64_t index = 0;
  printLevel(os, view, 0, index);
}
