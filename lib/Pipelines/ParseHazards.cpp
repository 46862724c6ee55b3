//===- ParseHazards.cpp - Stop before an upstream parser crash --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Pipelines/ParseHazards.h"

#include "reduce/Support/ParseHazards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::reduce;

LogicalResult mlir::reduce::checkParseHazards(const llvm::SourceMgr &sourceMgr,
                                              MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::optional<ParseHazard> hazard = findParseHazard(buffer->getBuffer());
  if (!hazard)
    return success();
  auto [line, column] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(buffer->getBufferStart() + hazard->offset));
  emitError(
      FileLineColLoc::get(context, buffer->getBufferIdentifier(), line, column))
      << hazard->message;
  return failure();
}
