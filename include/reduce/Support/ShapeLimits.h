//===- ShapeLimits.h - Shapes whose sizes multiply in int64 -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one bound on sizes that the verifier, the pipeline, the JIT and the
// runtime share: every product of sizes of a shape must fit in int64_t.
// A memref descriptor holds the strides of a row-major layout (products of
// trailing sizes), and the code counts elements in int64_t: a shape whose
// non-zero sizes multiply past INT64_MAX has no descriptor, even when a
// size-0 dim leaves it without elements (`0 x 2^62 x 4`).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_SUPPORT_SHAPELIMITS_H
#define REDUCE_SUPPORT_SHAPELIMITS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace reduce {

/// Returns the product of the positive sizes of `shape` (negative sizes,
/// such as ShapedType::kDynamic, and zeros are skipped), or std::nullopt if
/// it does not fit in int64_t. Every product of sizes of the shape (an
/// element count, a stride) is at most this product, or 0.
inline std::optional<int64_t>
getPositiveSizeProduct(llvm::ArrayRef<int64_t> shape) {
  int64_t product = 1;
  for (int64_t size : shape) {
    if (size <= 0)
      continue;
    if (llvm::MulOverflow(product, size, product))
      return std::nullopt;
  }
  return product;
}

/// Returns the number of elements of the static, non-negative `shape`, or
/// std::nullopt if a size is negative or a product of its sizes (a count or
/// a stride) does not fit in int64_t.
inline std::optional<int64_t>
getCheckedNumElements(llvm::ArrayRef<int64_t> shape) {
  bool empty = false;
  for (int64_t size : shape) {
    if (size < 0)
      return std::nullopt;
    empty |= size == 0;
  }
  std::optional<int64_t> product = getPositiveSizeProduct(shape);
  if (!product)
    return std::nullopt;
  return empty ? 0 : *product;
}

} // namespace reduce
} // namespace mlir

#endif // REDUCE_SUPPORT_SHAPELIMITS_H
