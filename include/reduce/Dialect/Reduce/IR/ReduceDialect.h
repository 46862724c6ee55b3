//===- ReduceDialect.h - Reduce dialect declaration -------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the `reduce` dialect, its enums, its attributes and the
// interface of its plan attributes.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCEDIALECT_H
#define REDUCE_DIALECT_REDUCE_IR_REDUCEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "reduce/Dialect/Reduce/IR/ReduceEnums.h.inc"

namespace mlir::reduce {
class SplitPlanAttr;
class ThreadsAttr;
} // namespace mlir::reduce

#include "reduce/Dialect/Reduce/IR/ReducePlanInterface.h.inc"

#define GET_ATTRDEF_CLASSES
#include "reduce/Dialect/Reduce/IR/ReduceAttrs.h.inc"

// After the attributes: the dialect's helpers of its discardable attributes
// name them.
#include "reduce/Dialect/Reduce/IR/ReduceOpsDialect.h.inc"

namespace mlir::reduce {
/// Returns the plan that `op`, or the function that holds it, records
/// (`reduce.function_plan`), else the default plan.
FunctionPlanAttr lookupFunctionPlan(Operation *op);
} // namespace mlir::reduce

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEDIALECT_H
