//===- ShapeBytes.h - Overflow-safe byte counts of shapes -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The byte count of a static shape, for the heuristics of the transforms
// (prefetch, threads), which see shapes from user IR: dims near 2^62 are
// legal, and their products overflow int64.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_TRANSFORMS_SHAPEBYTES_H
#define REDUCE_LIB_TRANSFORMS_SHAPEBYTES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <limits>

namespace mlir::reduce {

/// Returns `elementBytes` times the product of the static `sizes`, or
/// INT64_MAX when that overflows.
inline int64_t getStaticBytes(llvm::ArrayRef<int64_t> sizes,
                              int64_t elementBytes) {
  int64_t bytes = elementBytes;
  for (int64_t size : sizes)
    if (llvm::MulOverflow(bytes, size, bytes))
      return std::numeric_limits<int64_t>::max();
  return bytes;
}

} // namespace mlir::reduce

#endif // REDUCE_LIB_TRANSFORMS_SHAPEBYTES_H
