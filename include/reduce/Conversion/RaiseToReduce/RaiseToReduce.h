//===- RaiseToReduce.h - Raise foreign reductions to reduce ops -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the raising of reductions written in TOSA and in linalg into the
// reduce dialect: the matcher that decides what a linalg reduction computes,
// the patterns that rewrite, and the pass.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_CONVERSION_RAISETOREDUCE_RAISETOREDUCE_H
#define REDUCE_CONVERSION_RAISETOREDUCE_RAISETOREDUCE_H

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace arith {
class ArithDialect;
} // namespace arith
namespace linalg {
class LinalgDialect;
class LinalgOp;
} // namespace linalg
namespace tensor {
class TensorDialect;
} // namespace tensor

namespace reduce {

#define GEN_PASS_DECL_RAISETOREDUCEPASS
#include "reduce/Conversion/Passes.h.inc"

/// What a linalg reduction computes, in terms of one reduce op. Decided by
/// `planLinalgReduction`, carried out by the linalg raising pattern.
struct LinalgReductionPlan {
  ReductionKind kind = ReductionKind::sum;
  NanMode nanMode = NanMode::propagate;
  /// The reduction loops, which are the reduced axes of the loop domain.
  SmallVector<int64_t> axes;
  /// The input reduced as it is (its map is the identity), or null when an
  /// all-parallel prologue generic computes the reduced term first.
  Value directInput;
  /// The body value the combiner folds into the accumulator.
  Value term;
  /// The combiner: the one body op that reads the accumulator.
  Operation *combiner = nullptr;
  /// Min and max with a constant init that is not the identity: the result
  /// is the combiner applied to the reduction and the init.
  bool combineInit = false;
};

/// Decides whether the linalg.reduce or reduction linalg.generic `op` is a
/// reduce op (see the pass description for the forms), and how. Fails, with
/// the reason as a match-failure note, on anything else.
FailureOr<LinalgReductionPlan> planLinalgReduction(linalg::LinalgOp op);

/// tosa.reduce_{sum,product,min,max,all,any} to reduce ops with keep_dims.
void populateRaiseTosaPatterns(RewritePatternSet &patterns);

/// linalg.reduce and reduction linalg.generic ops to reduce ops.
void populateRaiseLinalgPatterns(RewritePatternSet &patterns);

/// tosa-to-linalg's NaN-ignoring min/max (a reduction with an "every element
/// is NaN" flag and a linalg.select) to reduce ops with nan_mode ignore.
void populateRaiseNanIgnorePatterns(RewritePatternSet &patterns);

/// A tensor.expand_shape that only re-inserts the reduced dims of a reduce
/// op as unit dims becomes the op's keep_dims, a collapse_shape that only
/// removes them its absence; a chain of keep-dims reductions of one kind
/// becomes one reduction where that is exact.
void populateRaiseKeepDimsPatterns(RewritePatternSet &patterns);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_CONVERSION_RAISETOREDUCE_RAISETOREDUCE_H
