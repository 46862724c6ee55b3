//===- LowerReduction.h - Shared pieces of lower-reduce ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The lowering of one reduction over static axes (ReduceToLinalg.cpp), which
// the runtime-axes lowering (RuntimeAxes.cpp) applies once per case it
// dispatches to. Internal to the conversion library.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_REDUCETOLINALG_LOWERREDUCTION_H
#define LIB_CONVERSION_REDUCETOLINALG_LOWERREDUCTION_H

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/IR/Builders.h"

namespace mlir::reduce {

/// Everything the lowering needs to know about one reduction.
struct ReductionInfo {
  ReductionKind kind;
  /// The signless element type the data is computed in.
  Type elementType;
  /// The type the data is computed and accumulated in: f32 for f16/bf16,
  /// f64 for f32 products and for f32 with f64 accumulation of an additive
  /// kind, i32, i64 or i128 for the integer mean (i64, or i128 for 64-bit
  /// elements, which lowerReduction narrows when the reduced count is
  /// static), f64 for integer l2, log_sum and log_sum_exp, else
  /// `elementType`.
  Type accType;
  /// True when the original element type is unsigned.
  bool isUnsigned;
  /// The NaN treatment of a float min.
  NanMode nanMode;
  /// How a float accumulator becomes an integer element (l2).
  IntRounding rounding;

  /// True for float elements.
  bool isFloat() const { return isa<FloatType>(elementType); }
  /// True when the arithmetic is done in a float type (float elements, and
  /// the integer kinds computed in f64).
  bool accIsFloat() const { return isa<FloatType>(accType); }
  /// True for a float min or max that skips NaN operands.
  bool ignoresNan() const {
    return hasNanMode(kind) && isFloat() && nanMode == NanMode::ignore;
  }
};

/// Returns the description of a reduction of kind `kind` on `elementType`.
ReductionInfo getReductionInfo(ReductionKind kind, Type elementType,
                               NanMode nanMode, IntRounding rounding,
                               bool f64Accumulation);

/// Lowers one reduction of the ranked `input` over the normalized `axes` and
/// returns a value of the inferred result type.
Value lowerReduction(OpBuilder &b, Location loc, const ReductionInfo &info,
                     Value input, ArrayRef<int64_t> axes, bool keepDims);

/// The attribute that marks the `tensor.from_elements` holding the status of
/// one runtime-axes reduction, until the pass returns it from its function.
inline constexpr llvm::StringLiteral kRuntimeStatusAttrName =
    "reduce.runtime_status";

/// Lowers a reduction over the runtime axes tensor `axes` (see
/// RuntimeAxes.cpp) and returns a value of type `resultType`. Sets `status`
/// to its `tensor<5xi64>` status (code, `site`, three details), marked with
/// kRuntimeStatusAttrName.
Value lowerRuntimeAxesReduction(OpBuilder &b, Location loc,
                                const ReductionInfo &info, Value input,
                                Value axes, bool keepDims,
                                EmptyAxesMode emptyAxes, TensorType resultType,
                                int64_t site, Value &status);

/// Checks the sizes of `result` (a reduction over static axes) against the
/// static sizes of `resultType` that its type does not prove, and returns
/// it, or an empty tensor of `resultType` when a check fails. Sets `status`
/// as lowerRuntimeAxesReduction does.
Value checkResultSizes(OpBuilder &b, Location loc, Value result,
                       RankedTensorType resultType, int64_t site,
                       Value &status);

/// Returns true if `op` is an integer division or remainder on ranked
/// tensors that may trap: a divisor that is not a constant free of 0 (and
/// of -1, for a signed division). See IntegerDivision.cpp.
bool needsDivisionCheck(Operation *op);

/// Makes the division `op` (needsDivisionCheck) divide by 1 where it would
/// trap, and builds after it the status of its check at `site`, marked with
/// kRuntimeStatusAttrName: code integerDivisionByZero or
/// integerDivisionOverflow, detail0 the bit width.
void guardIntegerDivision(OpBuilder &b, Operation *op, int64_t site);

} // namespace mlir::reduce

#endif // LIB_CONVERSION_REDUCETOLINALG_LOWERREDUCTION_H
