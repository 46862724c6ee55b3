//===- ReducePlans.cpp - The plan attributes --------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The verifiers of the plan attributes: each family holds sizes in range
// and consistent with each other, whatever op carries it (whether the plan
// fits its op is checked where it is applied).
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::reduce;

#include "reduce/Dialect/Reduce/IR/ReducePlanInterface.cpp.inc"

ThreadsAttr PlanAttrInterface::getDistribution() const {
  return llvm::cast_if_present<ThreadsAttr>(getThreads());
}

namespace {
/// Checks that named sizes are at least given bounds, and reports the first
/// that is not.
class SizeChecker {
public:
  explicit SizeChecker(function_ref<InFlightDiagnostic()> emitError)
      : emitError(emitError) {}

  /// Checks that `value` is at least `least`, unless an earlier check
  /// failed.
  SizeChecker &atLeast(StringRef name, int64_t value, int64_t least) {
    if (succeeded(result) && value < least) {
      emitError() << "expected " << name << " to be at least " << least
                  << ", found " << value;
      result = failure();
    }
    return *this;
  }

  operator LogicalResult() const { return result; }

private:
  function_ref<InFlightDiagnostic()> emitError;
  LogicalResult result = success();
};
} // namespace

LogicalResult ThreadsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t count, int64_t dim, int64_t chunk) {
  return SizeChecker(emitError)
      .atLeast("count", count, 2)
      .atLeast("dim", dim, 0)
      .atLeast("chunk", chunk, 1);
}

VectorStrategy SplitPlanAttr::getStrategy() const {
  switch (getKind()) {
  case SplitKind::short_rows:
    return VectorStrategy::split_short_rows;
  case SplitKind::long_rows:
    return VectorStrategy::split_long_rows;
  case SplitKind::blocks:
    return VectorStrategy::split_blocks;
  case SplitKind::threads:
    return VectorStrategy::split_threads;
  }
  llvm_unreachable("unknown split kind");
}

LogicalResult
SplitPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      SplitKind kind, int64_t parts, SplitPlanAttr partial) {
  if (partial && kind != SplitKind::short_rows)
    return emitError() << "expected no partial split for kind "
                       << stringifySplitKind(kind) << ", found " << partial;
  if (kind == SplitKind::blocks || kind == SplitKind::threads)
    return SizeChecker(emitError).atLeast("parts", parts, 2);
  if (parts != 0)
    return emitError() << "expected no parts for kind "
                       << stringifySplitKind(kind) << ", found " << parts;
  return success();
}

LogicalResult
RowTilesPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         int64_t vectorBits, int64_t rowTile,
                         int64_t rowStreams, ThreadsAttr threads) {
  return SizeChecker(emitError)
      .atLeast("vector_bits", vectorBits, 0)
      .atLeast("row_tile", rowTile, 1)
      .atLeast("row_streams", rowStreams, 1);
}

LogicalResult
InnerPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t vectorBits, int64_t innerTile, int64_t streamRows,
                      int64_t rowStreams, int64_t streamBlock, bool ordered,
                      ThreadsAttr threads) {
  if (failed(SizeChecker(emitError)
                 .atLeast("vector_bits", vectorBits, 0)
                 .atLeast("inner_tile", innerTile, 1)
                 .atLeast("stream_rows", streamRows, 1)
                 .atLeast("row_streams", rowStreams, 1)
                 .atLeast("stream_block", streamBlock, 0)))
    return failure();
  if (streamRows > 1 && rowStreams > 1)
    return emitError() << "expected stream_rows or row_streams to be 1, "
                          "found "
                       << streamRows << " and " << rowStreams;
  if (streamBlock % rowStreams != 0)
    return emitError() << "expected stream_block to be a multiple of "
                          "row_streams = "
                       << rowStreams << ", found " << streamBlock;
  return success();
}

LogicalResult
OuterPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t vectorBits, int64_t innerTile, int64_t keptBlock,
                      int64_t blockRows, int64_t rowsPerStep,
                      int64_t rowStreams, ThreadsAttr threads) {
  return SizeChecker(emitError)
      .atLeast("vector_bits", vectorBits, 0)
      .atLeast("inner_tile", innerTile, 1)
      .atLeast("kept_block", keptBlock, 0)
      .atLeast("block_rows", blockRows, 1)
      .atLeast("rows_per_step", rowsPerStep, 1)
      .atLeast("row_streams", rowStreams, 1);
}

LogicalResult
ElementwisePlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            int64_t vectorBits, int64_t innerTile,
                            ThreadsAttr threads) {
  return SizeChecker(emitError)
      .atLeast("vector_bits", vectorBits, 0)
      .atLeast("inner_tile", innerTile, 1);
}

LogicalResult
FunctionPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         int64_t vectorBits, int64_t threads,
                         bool strictFpOrder) {
  if (!llvm::is_contained({0, 128, 256, 512}, vectorBits))
    return emitError() << "expected vector_bits to be 0, 128, 256 or 512, "
                          "found "
                       << vectorBits;
  return SizeChecker(emitError).atLeast("threads", threads, 1);
}

FunctionPlanAttr mlir::reduce::lookupFunctionPlan(Operation *op) {
  auto function = isa<FunctionOpInterface>(op)
                      ? op
                      : op->getParentOfType<FunctionOpInterface>();
  if (function)
    if (auto plan = function->getAttrOfType<FunctionPlanAttr>(
            ReduceDialect::FunctionPlanAttrHelper::getNameStr()))
      return plan;
  return FunctionPlanAttr::getDefault(op->getContext());
}

LogicalResult ReduceDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == FunctionPlanAttrHelper::getNameStr()) {
    if (!isa<FunctionPlanAttr>(attr.getValue()))
      return op->emitError("expected '")
             << name << "' to be a #reduce.function_plan, found "
             << attr.getValue();
    if (!isa<FunctionOpInterface>(op))
      return op->emitError("expected '")
             << name << "' on a function, found it on '" << op->getName()
             << "'";
    return success();
  }
  if (name == PlanAttrHelper::getNameStr() &&
      !isa<PlanAttrInterface>(attr.getValue()))
    return op->emitError("expected '")
           << name << "' to be a plan attribute, found " << attr.getValue();
  // The other `reduce.` attributes (the target, the runtime checks) are
  // checked by the passes that read them.
  return success();
}
