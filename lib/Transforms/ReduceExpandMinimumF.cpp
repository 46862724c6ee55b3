//===- ReduceExpandMinimumF.cpp - Cheap NaN-propagating minimums -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites `arith.minimumf` into two plain min selects and a bitwise or,
// which x86 executes as two `vminps` and a `vorps` instead of the six
// instructions of the backend's `llvm.minimum` expansion, and
// `vector.reduction <minimumf>` into a tree of those minimums.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEEXPANDMINIMUMFPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

/// Returns true for the element types the expansion handles: f32 and f64,
/// whose plain min is one x86 instruction.
static bool isExpandedElementType(Type type) {
  return isa<Float32Type, Float64Type>(getElementTypeOrSelf(type));
}

/// Returns `type` (a float or a vector of floats) with its elements
/// replaced by signless integers of the same width.
static Type getBitsType(Type type) {
  Type elementType = getElementTypeOrSelf(type);
  auto intType = IntegerType::get(type.getContext(),
                                  elementType.getIntOrFloatBitWidth());
  if (auto vectorType = dyn_cast<VectorType>(type))
    return vectorType.clone(intType);
  return intType;
}

/// Builds the NaN-propagating minimum of `lhs` and `rhs` (f32 or f64,
/// scalars or vectors) as `or(select(lhs < rhs, lhs, rhs),
/// select(rhs < lhs, rhs, lhs))` on their bits: see the pass description.
static Value createMinimum(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  auto plainMin = [&](Value x, Value y) -> Value {
    Value less =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
    Value min = arith::SelectOp::create(b, loc, less, x, y);
    return arith::BitcastOp::create(b, loc, getBitsType(x.getType()), min);
  };
  Value bits = arith::OrIOp::create(b, loc, plainMin(lhs, rhs),
                                    plainMin(rhs, lhs));
  return arith::BitcastOp::create(b, loc, lhs.getType(), bits);
}

namespace {
/// `arith.minimumf` on f32/f64 scalars or vectors -> two plain mins and an
/// or.
struct ExpandMinimumF : OpRewritePattern<arith::MinimumFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::MinimumFOp op,
                                PatternRewriter &rewriter) const override {
    if (!isExpandedElementType(op.getType()))
      return rewriter.notifyMatchFailure(op, "not f32 or f64");
    rewriter.replaceOp(op, createMinimum(rewriter, op.getLoc(), op.getLhs(),
                                         op.getRhs()));
    return success();
  }
};

/// `vector.reduction <minimumf>` over a 1-D f32/f64 vector -> a tree of
/// minimums: a size that is not a power of two first folds its tail beyond
/// the largest power of two into its head (80 lanes: lanes 64-79 into 0-15,
/// whole registers), then each level takes the minimum of the two halves;
/// the accumulator comes last.
struct ExpandMinimumFReduction : OpRewritePattern<vector::ReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    if (op.getKind() != vector::CombiningKind::MINIMUMF ||
        type.getRank() != 1 || type.isScalable() ||
        !isExpandedElementType(type))
      return rewriter.notifyMatchFailure(op, "not a fixed 1-D f32/f64 min");
    Location loc = op.getLoc();
    auto slice = [&](Value vector, int64_t offset, int64_t size) -> Value {
      return vector::ExtractStridedSliceOp::create(rewriter, loc, vector,
                                                   /*offsets=*/{offset},
                                                   /*sizes=*/{size},
                                                   /*strides=*/{1});
    };
    Value vector = op.getVector();
    int64_t size = type.getNumElements();
    if (!llvm::isPowerOf2_64(size)) {
      int64_t head = static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(size)));
      int64_t tail = size - head;
      Value folded = createMinimum(rewriter, loc, slice(vector, 0, tail),
                                   slice(vector, head, tail));
      vector = vector::InsertStridedSliceOp::create(
          rewriter, loc, folded, slice(vector, 0, head), /*offsets=*/{0},
          /*strides=*/{1});
      size = head;
    }
    for (; size > 1; size /= 2)
      vector = createMinimum(rewriter, loc, slice(vector, 0, size / 2),
                             slice(vector, size / 2, size / 2));
    Value result = vector::ExtractOp::create(rewriter, loc, vector, 0);
    if (Value acc = op.getAcc())
      result = createMinimum(rewriter, loc, result, acc);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The `reduce-expand-minimumf` pass.
struct ReduceExpandMinimumFPass
    : reduce::impl::ReduceExpandMinimumFPassBase<ReduceExpandMinimumFPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandMinimumF, ExpandMinimumFReduction>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
