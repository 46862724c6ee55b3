//===- Buffer.h - Tensor data owned or viewed by the host -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The element types of the reduce dialect as the host sees them, and the two
// ways host code hands tensor data to compiled kernels and gets it back: a
// non-owning `BufferView` (caller-owned memory) and an owning `Buffer`
// (64-byte aligned, dense, row-major).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_RUNTIME_BUFFER_H
#define REDUCE_RUNTIME_BUFFER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace mlir {
class MLIRContext;
class Type;
} // namespace mlir

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::reduce {

/// The element types of tensors the runtime passes to and from kernels: the
/// numeric types the reduce dialect accepts, and `i1` (bool: one byte per
/// element holding 0 or 1, NumPy's `bool`), which the reduce ops reject but
/// linalg reductions (and/or) take.
enum class ElementType {
  f16,
  bf16,
  f32,
  f64,
  i8,
  i16,
  i32,
  i64,
  u8,
  u16,
  u32,
  u64,
  i1
};

/// All element types, for iteration (i1 last).
llvm::ArrayRef<ElementType> getAllElementTypes();

/// Size of one element in bytes.
size_t getByteWidth(ElementType type);

/// The MLIR spelling: "f32", "i8", "ui16", "bf16", ...
llvm::StringRef getMlirName(ElementType type);

/// True for f16, bf16, f32 and f64.
bool isFloat(ElementType type);

/// True for u8, u16, u32 and u64.
bool isUnsigned(ElementType type);

/// True for i1 (bool).
bool isBool(ElementType type);

/// The MLIR type of `type` in `context`.
Type toMlirType(ElementType type, MLIRContext *context);

/// The element type of an MLIR type, or nullopt if the dialect rejects it.
std::optional<ElementType> toElementType(Type type);

/// The index of the first byte of the `count` bools at `data` that is
/// neither 0 nor 1, or nullopt if there is none.
std::optional<int64_t> findInvalidBool(const void *data, int64_t count);

/// Number of elements of `shape` (1 for rank 0), or nullopt on overflow or a
/// negative size.
std::optional<int64_t> getNumElements(llvm::ArrayRef<int64_t> shape);

/// Formats `shape` as "6x12" ("scalar" for rank 0).
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// Copies the block of shape `sizes` at `offsets` of the dense row-major
/// array of shape `fullShape` at `full` into the dense array `block`
/// (`toBlock`), or `block` back into that place of `full`; elements of
/// `width` bytes. The block must lie inside the array.
void copyBlock(char *full, llvm::ArrayRef<int64_t> fullShape, char *block,
               llvm::ArrayRef<int64_t> offsets, llvm::ArrayRef<int64_t> sizes,
               size_t width, bool toBlock);

/// A caller-owned, dense, row-major tensor.
struct BufferView {
  ElementType elementType;
  llvm::ArrayRef<int64_t> shape;
  const void *data;
};

/// A caller-owned, dense, row-major tensor that a kernel writes (a result).
struct MutableBufferView {
  ElementType elementType;
  llvm::ArrayRef<int64_t> shape;
  void *data;

  operator BufferView() const { return {elementType, shape, data}; }
};

/// An owned, dense, row-major tensor. Buffers it allocates itself are
/// 64-byte aligned and zero-filled (unless allocated for overwrite); it can
/// also adopt memory allocated elsewhere (a kernel's malloc'ed result)
/// together with its deleter.
class Buffer {
public:
  /// Allocates a zero-filled buffer. `shape` must have a valid element count.
  Buffer(ElementType elementType, llvm::ArrayRef<int64_t> shape);
  /// Allocates a buffer whose elements are left uninitialized, for a kernel
  /// that writes all of them.
  static Buffer allocateForOverwrite(ElementType elementType,
                                     llvm::ArrayRef<int64_t> shape);
  /// Takes ownership of `allocation`, released with `deleter`; the elements
  /// start at `data` (inside the allocation).
  static Buffer adopt(ElementType elementType, llvm::ArrayRef<int64_t> shape,
                      void *data, void *allocation, void (*deleter)(void *));
  Buffer(Buffer &&other) noexcept;
  Buffer &operator=(Buffer &&other) noexcept;
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  ~Buffer();

  /// Gives the buffer the shape `newShape`, which must have the same number
  /// of elements (the data is not moved). Returns false, changing nothing,
  /// when it has not.
  bool reshape(llvm::ArrayRef<int64_t> newShape);

  ElementType getElementType() const { return elementType; }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  int64_t getNumElements() const { return numElements; }
  size_t getSizeInBytes() const {
    return static_cast<size_t>(numElements) * getByteWidth(elementType);
  }
  void *getData() { return data; }
  const void *getData() const { return data; }
  BufferView getView() const { return {elementType, shape, data}; }
  MutableBufferView getMutableView() { return {elementType, shape, data}; }

  /// Typed access; `T` must match the element type's width.
  template <typename T>
  llvm::MutableArrayRef<T> getElements() {
    return {static_cast<T *>(data), static_cast<size_t>(numElements)};
  }
  template <typename T>
  llvm::ArrayRef<T> getElements() const {
    return {static_cast<const T *>(data), static_cast<size_t>(numElements)};
  }

private:
  void release();

  Buffer() = default;

  ElementType elementType = ElementType::f32;
  llvm::SmallVector<int64_t> shape;
  int64_t numElements = 0;
  void *data = nullptr;
  /// The allocation `data` points into, released with `deleter` (std::free
  /// for the buffer's own allocations).
  void *allocation = nullptr;
  void (*deleter)(void *) = nullptr;
};

/// Prints `view` as nested lists, e.g. `[[1, 2], [3, 4]]` (a scalar for rank
/// 0). Floats print in their shortest round-trip form, f16/bf16 through f32;
/// NaN as `nan`, infinities as `inf`/`-inf`; bools as `true`/`false` (a byte
/// other than 0 or 1 prints as `true`).
void printNested(llvm::raw_ostream &os, const BufferView &view);

/// Reads element `index` of a dense buffer as double / int64 / uint64 (f16 and
/// bf16 are widened exactly; a bool is 0 or 1, its byte as stored).
double loadAsDouble(ElementType type, const void *data, int64_t index);
int64_t loadAsInt64(ElementType type, const void *data, int64_t index);
uint64_t loadAsUInt64(ElementType type, const void *data, int64_t index);

/// Writes `value` into element `index`: rounded to nearest even for floats;
/// for integers truncated toward zero, saturated to the int64 range (the
/// uint64 range for unsigned types; NaN is 0) and wrapped modulo 2^bits (-2
/// in ui8 is 254); for bools 1 if `value` is not zero (NaN is 1, as C++'s
/// and NumPy's conversions to bool), else 0.
void storeDouble(ElementType type, void *data, int64_t index, double value);

} // namespace mlir::reduce

#endif // REDUCE_RUNTIME_BUFFER_H
