//===- IntegerResults.h - Float results of integer reductions ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The integer l2, log_sum and log_sum_exp are computed in f64; this is the
// one definition of how their f64 result becomes the integer element, for
// every lowering that computes them (linalg, the partition across
// processes). The constant folder does the same with APFloat.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_INTEGERRESULTS_H
#define REDUCE_DIALECT_REDUCE_IR_INTEGERRESULTS_H

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace reduce {

/// Returns the scalar float `value` as the signless `intType`, read as
/// unsigned when `isUnsigned`: rounded by `rounding` (toward zero, or to
/// nearest with ties to even), saturated to the type's range, NaN as 0.
Value createSaturatingFloatToInt(OpBuilder &b, Location loc, Value value,
                                 IntegerType intType, bool isUnsigned,
                                 IntRounding rounding);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_DIALECT_REDUCE_IR_INTEGERRESULTS_H
