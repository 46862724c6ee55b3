//===- LinalgMatchers.h - What the raising patterns ask of linalg -*- C++ -*-=//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The questions both linalg raisings (PlanLinalgReduction.cpp and
// RaiseNanIgnore.cpp) ask of a linalg op and its inits.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_CONVERSION_RAISETOREDUCE_LINALGMATCHERS_H
#define REDUCE_LIB_CONVERSION_RAISETOREDUCE_LINALGMATCHERS_H

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

} // namespace mlir::reduce

#endif // REDUCE_LIB_CONVERSION_RAISETOREDUCE_LINALGMATCHERS_H
