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
// dispatches to, and the scalar semantics and tensor plumbing that the
// lowerings of the arg-reductions (ArgReductions.cpp) and the scans
// (Scans.cpp) share with it. Internal to the conversion library.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_REDUCETOLINALG_LOWERREDUCTION_H
#define LIB_CONVERSION_REDUCETOLINALG_LOWERREDUCTION_H

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

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

/// Returns `value` (of the signless element type) in the accumulator type
/// of `info`.
Value extendToAcc(OpBuilder &b, Location loc, const ReductionInfo &info,
                  Value value);

/// Returns the term of one input element `element` combined with the
/// accumulator `acc` by the combiner of `info` (every kind but
/// log_sum_exp).
Value createAccumulation(OpBuilder &b, Location loc, const ReductionInfo &info,
                         Value element, Value acc);

/// Returns the identity of the combiner of `info` in its accumulator type.
TypedAttr getIdentityAttr(const ReductionInfo &info);

/// Returns the sizes in `sizes` of the dims not listed in `droppedDims`.
SmallVector<OpFoldResult> dropDimSizes(ArrayRef<OpFoldResult> sizes,
                                       ArrayRef<int64_t> droppedDims);

/// Returns a tensor of sizes `sizes` filled with `value`.
Value createFilledTensor(OpBuilder &b, Location loc,
                         ArrayRef<OpFoldResult> sizes, Value value);

/// Returns `source` bitcast to the element type `elementType` (unsigned to
/// signless and back), or `source` when it already has it.
Value bitcastElements(OpBuilder &b, Location loc, Value source,
                      Type elementType);

/// Returns the elementwise `body(x...)` of `sources` (of sizes `sizes`) as a
/// `linalg.map` into a tensor of element type `elementType`.
Value createMap(OpBuilder &b, Location loc, ValueRange sources,
                ArrayRef<OpFoldResult> sizes, Type elementType,
                function_ref<Value(OpBuilder &, Location, ValueRange)> body);

/// Reinserts the reduced dims `axes` of `input` (of sizes `inputSizes`) as
/// unit dims into `reduced`.
Value expandReducedDims(OpBuilder &b, Location loc, Value input,
                        ArrayRef<OpFoldResult> inputSizes, Value reduced,
                        ArrayRef<int64_t> axes);

/// Returns the indexing maps and iterator types of a `linalg.generic` that
/// reads an input of rank `rank` and reduces the dims `axes`: the identity
/// map, then `numKeptOperands` maps of the kept dims.
void getReductionMaps(OpBuilder &b, int64_t rank, ArrayRef<int64_t> axes,
                      int64_t numKeptOperands, SmallVectorImpl<AffineMap> &maps,
                      SmallVectorImpl<utils::IteratorType> &iterators);

/// The discardable attribute that gives an op with runtime checks its index
/// in the `reduce.runtime_checks` list of its function while the pass runs.
inline constexpr llvm::StringLiteral kRuntimeCheckSiteAttrName =
    "reduce.runtime_check_site";

/// Returns true if the arg-reduction `op` (reduce.argmax, reduce.argmin)
/// reduces a dynamic dim, whose size 0 its code reports when it runs; false
/// for any other op.
bool hasRuntimeEmptyCheck(Operation *op);

/// Returns how a runtime check names `op`: "'reduce.sum' at m.mlir:3:8"
/// (the location when it has a file, line and column).
std::string describeCheckSite(Operation *op);

/// Adds the lowerings of reduce.argmax and reduce.argmin (ArgReductions.cpp)
/// and of the scans (Scans.cpp).
void populateArgReductionLoweringPatterns(RewritePatternSet &patterns);
void populateScanLoweringPatterns(RewritePatternSet &patterns);

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
