//===- RaiseTosa.cpp - TOSA reductions to reduce ops ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites tosa.reduce_* into the reduce op of the same meaning. A TOSA
// reduction reduces one axis and keeps it with size 1; `nan_mode` of
// reduce_min/reduce_max is the reduce ops' `nan_mode` (propagate / ignore,
// an all-NaN set giving NaN in both), and applies to floats only.
// tosa.argmax is reduce.argmax: one axis removed, i32 or i64 indices, the
// first of tied maxima; PROPAGATE makes NaN the largest value (the first
// NaN wins), IGNORE skips NaNs (0 for a row of NaNs), as reduce.argmax's
// nan_mode.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/RaiseToReduce/RaiseToReduce.h"
#include "reduce/Dialect/Reduce/IR/AxisOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::reduce;

namespace {

/// The NaN mode of a TOSA reduction: reduce_min and reduce_max carry one.
template <typename TosaOp>
NanMode getNanMode(TosaOp op) {
  if constexpr (std::is_same_v<TosaOp, tosa::ReduceMinOp> ||
                std::is_same_v<TosaOp, tosa::ReduceMaxOp>) {
    if (isa<FloatType>(getElementTypeOrSelf(op.getInput().getType())) &&
        op.getNanMode() == tosa::NanPropagationMode::IGNORE)
      return NanMode::ignore;
  }
  return NanMode::propagate;
}

template <typename TosaOp, ReductionKind Kind>
struct RaiseTosaReduction : OpRewritePattern<TosaOp> {
  using OpRewritePattern<TosaOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(TosaOp op,
                                PatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "unranked input");
    if (!isSupportedElementType(Kind, inputType.getElementType()))
      return rewriter.notifyMatchFailure(op, "element type the op rejects");
    int64_t axis = op.getAxis();
    if (axis < 0 || axis >= inputType.getRank())
      return rewriter.notifyMatchFailure(op, "axis out of range");
    FailureOr<Value> reduced = createReduction(
        rewriter, op.getLoc(), Kind, op.getInput(), ArrayRef<int64_t>{axis},
        Value(), /*keepDims=*/true, EmptyAxesMode::noop, getNanMode(op));
    if (failed(reduced))
      return failure();
    Value result = *reduced;
    if (result.getType() != op.getType())
      result = tensor::CastOp::create(rewriter, op.getLoc(), op.getType(),
                                      result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct RaiseTosaArgMax : OpRewritePattern<tosa::ArgMaxOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tosa::ArgMaxOp op,
                                PatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!inputType || !resultType)
      return rewriter.notifyMatchFailure(op, "unranked input or result");
    if (!isSupportedElementType(ReductionKind::max,
                                inputType.getElementType()) ||
        inputType.getElementType().isInteger(1))
      return rewriter.notifyMatchFailure(op, "element type the op rejects");
    Type indexType = resultType.getElementType();
    if (!indexType.isInteger(32) && !indexType.isInteger(64))
      return rewriter.notifyMatchFailure(op, "indices other than i32, i64");
    int64_t axis = op.getAxis();
    if (axis < 0 || axis >= inputType.getRank())
      return rewriter.notifyMatchFailure(op, "axis out of range");
    NanMode nanMode =
        isa<FloatType>(inputType.getElementType()) &&
                op.getNanMode() == tosa::NanPropagationMode::IGNORE
            ? NanMode::ignore
            : NanMode::propagate;
    Value result = ArgMaxOp::create(rewriter, op.getLoc(), op.getInput(), axis,
                                    /*keepDims=*/false,
                                    /*selectLastIndex=*/false, nanMode,
                                    indexType);
    if (result.getType() != op.getType())
      result = tensor::CastOp::create(rewriter, op.getLoc(), op.getType(),
                                      result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::reduce::populateRaiseTosaPatterns(RewritePatternSet &patterns) {
  patterns.add<RaiseTosaReduction<tosa::ReduceSumOp, ReductionKind::sum>,
               RaiseTosaReduction<tosa::ReduceProductOp, ReductionKind::prod>,
               RaiseTosaReduction<tosa::ReduceMinOp, ReductionKind::min>,
               RaiseTosaReduction<tosa::ReduceMaxOp, ReductionKind::max>,
               RaiseTosaReduction<tosa::ReduceAllOp,
                                  ReductionKind::logical_and>,
               RaiseTosaReduction<tosa::ReduceAnyOp,
                                  ReductionKind::logical_or>,
               RaiseTosaArgMax>(
      patterns.getContext());
}
