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
#include "reduce/Dialect/Reduce/IR/ReductionKinds.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"


namespace mlir {
namespace reduce {

/// Normalizes `axes` for an input of rank `rank`: maps negative axes to
/// non-negative ones, sorts them and merges duplicates. Returns failure if an
/// axis is out of [-rank, rank-1].
FailureOr<SmallVector<int64_t>> normalizeAxes(ArrayRef<int64_t> axes,
                                              int64_t rank);

/// `2x?x3` (`scalar` for rank 0): a shape as diagnostics write it, `?` for
/// a dynamic dim.
std::string formatDynamicShape(ArrayRef<int64_t> shape);

/// Checks the static `axes` against an input of rank `rank` and returns them
/// normalized, emitting a diagnostic through `emitError` (when set) for the
/// first bad axis. Repeated axes are an error unless `mergeRepeats` is set
/// (the values of a constant axes operand, which both runtimes accept with
/// repeats).
FailureOr<SmallVector<int64_t>>
verifyStaticAxes(llvm::function_ref<InFlightDiagnostic()> emitError,
                 ArrayRef<int64_t> axes, int64_t rank,
                 bool mergeRepeats = false);

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

/// Returns the NaN mode of `op`: its property for min and max, else the
/// default (which the other kinds ignore).
template <typename OpTy>
NanMode getNanModeOf(OpTy op) {
  if constexpr (hasNanMode(OpTy::kKind))
    return op.getNanMode();
  else
    return NanMode::propagate;
}

/// Returns the integer rounding of `op`: its property for l2, else the
/// default.
template <typename OpTy>
IntRounding getRoundingOf(OpTy op) {
  if constexpr (hasRounding(OpTy::kKind))
    return op.getRounding();
  else
    return IntRounding::toward_zero;
}

} // namespace reduce
} // namespace mlir

#include "reduce/Dialect/Reduce/IR/ReductionOpInterface.h.inc"

#define GET_OP_CLASSES
#include "reduce/Dialect/Reduce/IR/ReduceOps.h.inc"

namespace mlir {
namespace reduce {

/// A list of op classes, to expand into patterns or type switches.
template <typename... OpTys>
struct ReductionOpList {};

/// Every reduction op of the dialect.
using AllReductionOps =
    ReductionOpList<SumOp, L1Op, MinOp, MaxOp, ProdOp, MeanOp, L2Op,
                    SumSquareOp, LogSumOp, LogSumExpOp, LogicalAndOp,
                    LogicalOrOp>;

/// Creates reduce.<kind> over `input`, with the static `axes` when given,
/// else the axes operand `axesOperand`, and infers its result type. When the
/// op would be invalid (an element type the kind rejects, an axis out of
/// range, a repeated static axis, ...) emits the verifier's diagnostic at
/// `loc`, creates nothing and returns failure. `nanMode` applies to min and
/// max only, `rounding` to l2 only (and to integer element types only).
FailureOr<Value>
createReduction(OpBuilder &builder, Location loc, ReductionKind kind,
                Value input, std::optional<ArrayRef<int64_t>> axes,
                Value axesOperand, bool keepDims,
                EmptyAxesMode emptyAxes = EmptyAxesMode::noop,
                NanMode nanMode = NanMode::propagate,
                IntRounding rounding = IntRounding::toward_zero);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEOPS_H
