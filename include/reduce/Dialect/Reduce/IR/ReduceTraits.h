//===- ReduceTraits.h - Checks every op of the dialect makes ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Checks that the verifier of every reduce op makes (verifyReduceOp), some
// of which the pipeline also applies to the ops of other dialects
// (reduce-verify-input).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCETRAITS_H
#define REDUCE_DIALECT_REDUCE_IR_REDUCETRAITS_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace reduce {

/// Checks that the sizes of each ranked shaped type of the operands and
/// results of `op` multiply in int64_t (getPositiveSizeProduct,
/// ShapeLimits.h); emits an error naming the first that does not.
LogicalResult verifyShapesFitInt64(Operation *op);

/// Checks that no discardable attribute of `op` has the name of one of its
/// properties: the generic form `"reduce.softmax"(%x) {axis = 1 : i64}`
/// would otherwise keep the default of `axis` and carry an unused
/// attribute.
LogicalResult verifyNoPropertiesInAttrDict(Operation *op);

/// The checks above, which the verifier of every op of the dialect makes
/// first.
LogicalResult verifyReduceOp(Operation *op);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCETRAITS_H
