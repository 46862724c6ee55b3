//===- ReduceDialect.cpp - Reduce dialect -----------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Registers the ops of the `reduce` dialect and materializes the constants
// its folders produce.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

using namespace mlir;
using namespace mlir::reduce;

#include "llvm/ADT/TypeSwitch.h"

#include "reduce/Dialect/Reduce/IR/ReduceOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "reduce/Dialect/Reduce/IR/ReduceAttrs.cpp.inc"

void ReduceDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "reduce/Dialect/Reduce/IR/ReduceOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "reduce/Dialect/Reduce/IR/ReduceAttrs.cpp.inc"
      >();
}

LogicalResult
PlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                 VectorStrategy strategy, int64_t parts, int64_t vectorBits,
                 int64_t threads, int64_t threadDim, int64_t threadChunk,
                 int64_t innerTile, int64_t rowTile, int64_t rowStreams,
                 int64_t streamRows, bool ordered, int64_t keptBlock,
                 int64_t blockRows, int64_t rowsPerStep,
                 int64_t streamBlock) {
  auto expectAtLeast = [&](StringRef name, int64_t value,
                           int64_t least) -> LogicalResult {
    if (value >= least)
      return success();
    return emitError() << "expected " << name << " to be at least " << least
                       << ", found " << value;
  };
  bool isSplit = strategy == VectorStrategy::split_blocks ||
                 strategy == VectorStrategy::split_threads;
  if (failed(expectAtLeast("parts", parts, isSplit ? 2 : 0)) ||
      failed(expectAtLeast("vector_bits", vectorBits, 0)) ||
      failed(expectAtLeast("threads", threads, 1)) ||
      failed(expectAtLeast("thread_dim", threadDim, 0)) ||
      failed(expectAtLeast("thread_chunk", threadChunk, threads > 1 ? 1 : 0)) ||
      failed(expectAtLeast("inner_tile", innerTile, 0)) ||
      failed(expectAtLeast("row_tile", rowTile,
                           strategy == VectorStrategy::row_tiles ? 1 : 0)) ||
      failed(expectAtLeast("row_streams", rowStreams, 1)) ||
      failed(expectAtLeast("stream_rows", streamRows, 1)) ||
      failed(expectAtLeast("kept_block", keptBlock, 0)) ||
      failed(expectAtLeast("block_rows", blockRows, 1)) ||
      failed(expectAtLeast("rows_per_step", rowsPerStep, 1)) ||
      failed(expectAtLeast("stream_block", streamBlock, 0)))
    return failure();
  if (streamBlock != 0 && streamBlock % rowStreams != 0)
    return emitError() << "expected stream_block to be a multiple of "
                          "row_streams = "
                       << rowStreams << ", found " << streamBlock;
  if (!isSplit && parts != 0)
    return emitError() << "expected no parts for strategy "
                       << stringifyVectorStrategy(strategy) << ", found "
                       << parts;
  bool tiles = strategy == VectorStrategy::inner ||
               strategy == VectorStrategy::outer ||
               strategy == VectorStrategy::elementwise;
  if (tiles && innerTile < 1)
    return emitError() << "expected a positive inner_tile for strategy "
                       << stringifyVectorStrategy(strategy) << ", found "
                       << innerTile;
  return success();
}

Operation *ReduceDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
