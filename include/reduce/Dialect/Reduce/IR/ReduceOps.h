//===- ReduceOps.h - Reduce dialect operations ------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the reduction operations of the `reduce` dialect and the helpers
// that give their semantics to other components (shape inference, folding
// and lowerings).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_H
#define REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_H

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"


namespace mlir {
namespace reduce {

/// The reductions of the dialect, one per op.
enum class ReductionKind { sum, l1, min };

/// Returns true if `type` is an element type the reduce ops accept.
bool isSupportedElementType(Type type);

/// Normalizes `axes` for an input of rank `rank`: maps negative axes to
/// non-negative ones, sorts them and merges duplicates. Returns failure if an
/// axis is out of [-rank, rank-1].
FailureOr<SmallVector<int64_t>> normalizeAxes(ArrayRef<int64_t> axes,
                                              int64_t rank);

/// Returns the result type of reducing `inputType` over the (valid) static
/// `axes` with `keepDims`.
TensorType inferReducedType(TensorType inputType, ArrayRef<int64_t> axes,
                            bool keepDims);

/// Returns true if a result written as `written` is compatible with the
/// `inferred` type: the same element type, and shapes that can be equal
/// (either unranked, or the same rank with every pair of sizes equal or one
/// of them dynamic), as verifyCompatibleShape decides. Either type may be
/// the more static one.
bool isCompatibleResultType(TensorType written, TensorType inferred);

/// Returns the values of `axesOperand` (sign-extended to i64, in order, with
/// any repeats) when it is a constant 0-D or 1-D integer tensor.
std::optional<SmallVector<int64_t>> matchConstantAxes(Value axesOperand);

/// Returns the axes known before the code runs of a reduction over an input
/// of rank `rank`: its static list, or the values of its constant axes
/// operand, an empty one standing for every dim with `empty_axes all`. Not
/// normalized (negative, repeated or out of range values stay); nullopt for
/// runtime axes.
std::optional<SmallVector<int64_t>>
getKnownAxes(std::optional<ArrayRef<int64_t>> staticAxes, Value axesOperand,
             EmptyAxesMode emptyAxes, int64_t rank);

} // namespace reduce
} // namespace mlir

#define GET_OP_CLASSES
#include "reduce/Dialect/Reduce/IR/ReduceOps.h.inc"

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_H
