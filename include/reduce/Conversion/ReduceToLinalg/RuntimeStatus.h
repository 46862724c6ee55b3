//===- RuntimeStatus.h - Errors reported by running code --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The contract between lower-reduce and the callers of the code it emits
// (the JIT, reduce-run) for errors only the running code can see: a runtime
// axis out of range, an actual result shape that contradicts the written
// result type, an integer division that would trap, or the empty reduced
// dim of an arg-reduction. A function with such checks gets one more result,
// last, of type tensor<5xi64>:
//
//   [code, site, detail0, detail1, detail2]
//
// `code` is a RuntimeStatusCode (0: no error; the first error of the
// function wins), `site` indexes the function's `reduce.runtime_checks`
// attribute (an array of strings naming each checked op and its location),
// and the details are given per code below. The other results of a call
// that reports an error hold unspecified values (of the declared shapes).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_CONVERSION_REDUCETOLINALG_RUNTIMESTATUS_H
#define REDUCE_CONVERSION_REDUCETOLINALG_RUNTIMESTATUS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir::reduce {

/// The function attribute listing the checked ops; its presence means the
/// last result is the status.
inline constexpr llvm::StringLiteral kRuntimeChecksAttrName =
    "reduce.runtime_checks";

/// The number of i64 words of a status.
inline constexpr int64_t kRuntimeStatusWords = 5;

enum class RuntimeStatusCode : int64_t {
  ok = 0,
  /// An axis outside [-rank, rank-1]: details (axis, rank, -).
  axisOutOfRange = 1,
  /// The result has another rank than its static written type: details
  /// (written rank, actual rank, number of distinct reduced axes).
  resultRankMismatch = 2,
  /// A result dim differs from its static written size: details
  /// (dim, written size, actual size).
  resultSizeMismatch = 3,
  // Codes 4 to 7 are the AOT wrappers' own (CInterface.h), which pass the
  // runtime codes on unchanged; the runtime codes skip them.
  /// An arg-reduction (reduce.argmax, reduce.argmin) reduces a dynamic dim
  /// of size 0, whose elements have no index: details (axis, -, -), the
  /// axis non-negative.
  emptyReducedDim = 8,
  /// An integer division or remainder by zero: details (bit width, -, -).
  integerDivisionByZero = 9,
  /// The signed minimum divided by -1: details (bit width, -, -).
  integerDivisionOverflow = 10,
};

} // namespace mlir::reduce

#endif // REDUCE_CONVERSION_REDUCETOLINALG_RUNTIMESTATUS_H
