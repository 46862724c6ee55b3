//===- AxisOps.cpp - Arg-reductions and scans of imported models -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ops of the reduce dialect along one axis, as the importers build them.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/AxisOps.h"
#include "reduce/Import/ModelBuilder.h"

using namespace mlir;
using namespace mlir::reduce;

llvm::Expected<Value> ModelBuilder::addArgReduction(llvm::StringRef node,
                                                    Value input, bool isMax,
                                                    int64_t axis, bool keepDims,
                                                    bool selectLastIndex,
                                                    Type indexType) {
  // The builder infers the result type from a valid axis.
  if (llvm::Error error = checkAxis(input, axis))
    return std::move(error);
  if (isMax)
    return createResult<ArgMaxOp>(node, input, axis, keepDims,
                                  selectLastIndex, NanMode::propagate,
                                  indexType);
  return createResult<ArgMinOp>(node, input, axis, keepDims, selectLastIndex,
                                NanMode::propagate, indexType);
}

llvm::Expected<Value> ModelBuilder::addScan(llvm::StringRef node,
                                            ReductionKind kind, Value input,
                                            int64_t axis, bool exclusive,
                                            bool reverse) {
  switch (kind) {
  case ReductionKind::sum:
    return createResult<CumSumOp>(node, input, axis, exclusive, reverse);
  case ReductionKind::prod:
    return createResult<CumProdOp>(node, input, axis, exclusive, reverse);
  case ReductionKind::min:
    return createResult<CumMinOp>(node, input, axis, exclusive, reverse);
  case ReductionKind::max:
    return createResult<CumMaxOp>(node, input, axis, exclusive, reverse);
  default:
    return makeImportError("no scan of kind '" +
                           stringifyReductionKind(kind) + "'");
  }
}
