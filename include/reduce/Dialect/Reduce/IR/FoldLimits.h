//===- FoldLimits.h - Bounds of constant folding ----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The size above which the dialect's folders leave a constant input alone.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_FOLDLIMITS_H
#define REDUCE_DIALECT_REDUCE_IR_FOLDLIMITS_H

#include <cstdint>

namespace mlir::reduce {

/// Constant inputs with more elements than this are not folded, to bound
/// compile time.
inline constexpr int64_t kMaxFoldedElements = int64_t(1) << 20;

} // namespace mlir::reduce

#endif // REDUCE_DIALECT_REDUCE_IR_FOLDLIMITS_H
