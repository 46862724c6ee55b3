//===- AxisOps.h - The ops along one axis -----------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the arg-reductions (reduce.argmax, reduce.argmin) and the scans
// (reduce.cumsum, cumprod, cummin, cummax), and the helpers of the ops that
// work along one axis (these, and the softmaxes of ReduceOps.h).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_AXISOPS_H
#define REDUCE_DIALECT_REDUCE_IR_AXISOPS_H

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

namespace mlir {
namespace reduce {

/// Checks that `axis` names a dim of an input of rank `rank` (`[-rank,
/// rank-1]`), emitting the diagnostic through `emitError` when not.
LogicalResult verifyAxis(llvm::function_ref<InFlightDiagnostic()> emitError,
                         int64_t axis, int64_t rank);

/// Returns the result type of reduce.argmax or reduce.argmin of `inputType`
/// along the (valid) `axis`, with indices of `indexType`.
RankedTensorType inferArgReductionType(RankedTensorType inputType,
                                       int64_t axis, bool keepDims,
                                       Type indexType);

/// A static shape seen around one of its dims, as the folders of the
/// arg-reductions and the scans walk it: element `(o, k, i)` is at linear
/// index `(o * size + k) * inner + i`.
struct AxisSplit {
  /// The product of the dims before the axis.
  int64_t outer;
  /// The size of the axis.
  int64_t size;
  /// The product of the dims after the axis.
  int64_t inner;
};

/// Returns the split of the static `shape` at the non-negative `axis`.
AxisSplit splitAtAxis(ArrayRef<int64_t> shape, int64_t axis);

} // namespace reduce
} // namespace mlir

#define GET_OP_CLASSES
#include "reduce/Dialect/Reduce/IR/ArgReductionOps.h.inc"
#define GET_OP_CLASSES
#include "reduce/Dialect/Reduce/IR/ScanOps.h.inc"

#endif // REDUCE_DIALECT_REDUCE_IR_AXISOPS_H
