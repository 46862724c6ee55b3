//===- ParseHazards.h - Stop before an upstream parser crash ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The check the tools that parse MLIR text (the JIT, reduce-compile) make
// first, as an MLIR diagnostic (reduce/Support/ParseHazards.h).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_PIPELINES_PARSEHAZARDS_H
#define REDUCE_PIPELINES_PARSEHAZARDS_H

#include "mlir/Support/LLVM.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;

namespace reduce {

/// Checks the main buffer of `sourceMgr`, before it is parsed, for text that
/// crashes an upstream parser after its first error (findParseHazard);
/// emits that error on `context` at its place.
LogicalResult checkParseHazards(const llvm::SourceMgr &sourceMgr,
                                MLIRContext *context);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_PIPELINES_PARSEHAZARDS_H
