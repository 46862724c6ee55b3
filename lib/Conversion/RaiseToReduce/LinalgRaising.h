//===- LinalgRaising.h - What both linalg raisings share --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What both linalg raisings (PlanLinalgReduction.cpp / RaiseLinalg.cpp and
// RaiseNanIgnore.cpp) share: the questions they ask of a linalg op and its
// inits, and the combine of an init into a raised result.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_CONVERSION_RAISETOREDUCE_LINALGRAISING_H
#define REDUCE_LIB_CONVERSION_RAISETOREDUCE_LINALGRAISING_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::reduce {

/// The scalar a constant init holds: the value of a `linalg.fill` of a
/// constant, or of a splat constant tensor; null for anything else.
Attribute getFilledConstant(Value value);

/// The reduction loops of `op` (the axes a reduce op reduces), when it has
/// some and every init keeps the parallel loops in order, as a reduce op's
/// result does; failure otherwise.
FailureOr<SmallVector<int64_t>> getReducedAxes(linalg::LinalgOp op);

/// Whether the `loops` of `op` all have a static size other than 0.
bool hasStaticNonZeroDims(linalg::LinalgOp op, ArrayRef<int64_t> loops);

/// The all-parallel generic that combines `reduced` with `init` (a tensor
/// of its shape) elementwise: its body is a clone of the linalg body's
/// `combiner`, with `term` read as the element of `reduced` and `acc` as
/// the element of `init` (a min or max that started from a constant).
Value combineWithInit(OpBuilder &builder, Location loc, Value reduced,
                      Value init, Operation *combiner, Value term, Value acc);

} // namespace mlir::reduce

#endif // REDUCE_LIB_CONVERSION_RAISETOREDUCE_LINALGRAISING_H
