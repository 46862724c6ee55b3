//===- VectorPatterns.cpp - Vector rewrites of the reductions ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The vector-level patterns that finish the strategies of
// `reduce-vectorize`: unit reduced dims dropped, leading rows combined,
// tiles of rows reduced by one shuffle tree, n-D `math.absi` unrolled,
// per-row values broadcast as columns.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {
/// `vector.multi_reduction` with dims of size 1 (a row tile of a mixed-axes
/// reduction, `vector<4 x 1 x 32>` over dims 1 and 2; one row of each of 4
/// parts, `vector<4 x 1 x 32>` over dim 2): the unit dims are dropped by
/// shape_casts (kept ones only while a kept dim of more than one element
/// remains), so that the other patterns see the rows (`vector<4 x 32>` over
/// dim 1).
struct DropUnitDims : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    if (isa<vector::MaskOp>(op->getParentOp()) || type.isScalable())
      return rewriter.notifyMatchFailure(op, "masked or scalable");
    SmallVector<bool> mask = op.getReductionMask();
    bool dropKept = llvm::any_of(
        llvm::zip_equal(type.getShape(), mask),
        [](auto dim) { return !std::get<1>(dim) && std::get<0>(dim) > 1; });
    SmallVector<int64_t> shape, keptShape;
    SmallVector<bool> newMask;
    for (auto [size, reduced] : llvm::zip_equal(type.getShape(), mask)) {
      if (size == 1 && (reduced || dropKept))
        continue;
      shape.push_back(size);
      newMask.push_back(reduced);
      if (!reduced)
        keptShape.push_back(size);
    }
    if (shape.size() == mask.size() || !llvm::is_contained(newMask, true))
      return rewriter.notifyMatchFailure(op, "no unit dim to drop");
    Location loc = op.getLoc();
    Type elementType = type.getElementType();
    Value source = vector::ShapeCastOp::create(
        rewriter, loc, VectorType::get(shape, elementType), op.getSource());
    Value acc = op.getAcc();
    auto destType = dyn_cast<VectorType>(op.getDestType());
    if (destType && destType.getShape() != ArrayRef<int64_t>(keptShape))
      acc = vector::ShapeCastOp::create(
          rewriter, loc, VectorType::get(keptShape, elementType), acc);
    Value reduced = vector::MultiDimReductionOp::create(
        rewriter, loc, source, acc, newMask, op.getKind());
    if (reduced.getType() != op.getDestType())
      reduced = vector::ShapeCastOp::create(rewriter, loc, op.getDestType(),
                                            reduced);
    rewriter.replaceOp(op, reduced);
    return success();
  }
};

/// `vector.multi_reduction` of rank 3 or more that keeps its leading dim
/// (`vector<S x R x C>` over dim 2: S streams of rows): one reduction per
/// leading index, each of rank one less (then `TransposeReduceRows`).
struct SplitKeptLeadingDim : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    if (isa<vector::MaskOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "masked");
    ArrayRef<int64_t> dims = op.getReductionDims();
    if (type.getRank() < 3 || type.isScalable() ||
        llvm::is_contained(dims, 0) || !isa<VectorType>(op.getDestType()))
      return rewriter.notifyMatchFailure(op, "leading dim not kept");
    Location loc = op.getLoc();
    SmallVector<bool> mask = op.getReductionMask();
    mask.erase(mask.begin());
    Value result = op.getAcc();
    for (int64_t index = 0, e = type.getDimSize(0); index < e; ++index) {
      Value source =
          vector::ExtractOp::create(rewriter, loc, op.getSource(), index);
      Value acc = vector::ExtractOp::create(rewriter, loc, op.getAcc(), index);
      Value reduced = vector::MultiDimReductionOp::create(
          rewriter, loc, source, acc, mask, op.getKind());
      result = vector::InsertOp::create(rewriter, loc, reduced, result, index);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `vector.multi_reduction` over one dim of R rows, preceded by unit dims
/// only (`vector<1 x R x C>` over dim 1: the rows of an outer reduction,
/// whose outer parallel dims are tiled by 1): the rows are combined into
/// the accumulator one after the other, elementwise: the order of a loop
/// over the rows, without the transpose of the upstream lowering.
struct CombineLeadingRows : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    auto destType = dyn_cast<VectorType>(op.getDestType());
    if (isa<vector::MaskOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "masked");
    ArrayRef<int64_t> dims = op.getReductionDims();
    if (!destType || type.isScalable() || dims.size() != 1 ||
        dims[0] + 1 >= type.getRank() ||
        llvm::any_of(type.getShape().take_front(dims[0]),
                     [](int64_t size) { return size != 1; }))
      return rewriter.notifyMatchFailure(op, "not a reduction of rows");
    Location loc = op.getLoc();
    int64_t dim = dims[0];
    auto rowType = VectorType::get(type.getShape().drop_front(dim + 1),
                                   type.getElementType());
    auto reshape = [&](Value value, VectorType to) -> Value {
      if (value.getType() == to)
        return value;
      return vector::ShapeCastOp::create(rewriter, loc, to, value);
    };
    Value result = reshape(op.getAcc(), rowType);
    SmallVector<int64_t> position(dim, 0);
    position.push_back(0);
    for (int64_t row = 0, rows = type.getDimSize(dim); row < rows; ++row) {
      position.back() = row;
      Value values =
          vector::ExtractOp::create(rewriter, loc, op.getSource(), position);
      result = vector::makeArithReduction(rewriter, loc, op.getKind(), result,
                                          values);
    }
    rewriter.replaceOp(op, reshape(result, destType));
    return success();
  }
};

/// `vector.multi_reduction` of a `vector<R x C>` over its rows (dim 1):
/// a shuffle tree that reduces the rows against each other. With W the
/// lanes of a register (`vectorBits` over the element width), C a power of
/// two of at most W or a multiple of W, and R even (the rows are reduced in
/// groups of the largest power of two that divides R, at most W, one tree
/// each):
/// - a row of C > W elements is first reduced to one register by a tree
///   over its registers;
/// - each level pairs two vectors that hold g rows as g segments of w lanes
///   and combines the first halves of the segments of both with their
///   second halves: one vector of 2g rows as segments of w/2 lanes;
/// - fewer rows than lanes leave one vector of R segments, whose halves are
///   then combined within the vector until each row is one lane;
/// - one shuffle puts the results in row order.
/// For 16 rows of 16 f32 that is 30 two-source shuffles and 15 combines,
/// against 16 horizontal reductions of 4 shuffles and 4 combines each,
/// whose scalar results are inserted one by one.
struct TransposeReduceRows : OpRewritePattern<vector::MultiDimReductionOp> {
  TransposeReduceRows(MLIRContext *context, unsigned vectorBits)
      : OpRewritePattern(context, /*benefit=*/2), vectorBits(vectorBits) {}

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    // A masked reduction must stay the single op of its vector.mask.
    if (isa<vector::MaskOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "masked");
    if (type.getRank() != 2 || type.isScalable() ||
        op.getReductionDims() != ArrayRef<int64_t>{1} ||
        !isa<VectorType>(op.getDestType()) ||
        !type.getElementType().isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "not a reduction of 2-D rows");
    int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
    int64_t registerLanes = std::max<int64_t>(
        1, vectorBits / type.getElementType().getIntOrFloatBitWidth());
    int64_t width = columns <= registerLanes ? columns : registerLanes;
    if (width < 2 || !llvm::isPowerOf2_64(width) || columns % width != 0)
      return rewriter.notifyMatchFailure(op, "rows not a tree of shuffles");
    // Groups of rows, one tree each.
    int64_t groupRows = reduce::vectorize::getShuffleTreeRows(rows, width);
    if (groupRows < 2)
      return rewriter.notifyMatchFailure(op, "row count not a tree");
    Location loc = op.getLoc();
    vector::CombiningKind kind = op.getKind();
    auto combine = [&](Value a, Value b) {
      return vector::makeArithReduction(rewriter, loc, kind, a, b);
    };
    auto shuffle = [&](Value a, Value b, ArrayRef<int64_t> mask) -> Value {
      return vector::ShuffleOp::create(rewriter, loc, a, b, mask);
    };

    // A row as one vector<width>: its registers combined by a tree (the
    // row is at least one register: `columns` is a multiple of `width`).
    auto reduceRow = [&](int64_t row) -> Value {
      Value whole = vector::ExtractOp::create(rewriter, loc, op.getSource(),
                                              row);
      if (columns == width)
        return whole;
      SmallVector<Value> parts;
      for (int64_t start = 0; start < columns; start += width)
        parts.push_back(vector::ExtractStridedSliceOp::create(
            rewriter, loc, whole, /*offsets=*/{start},
            /*sizes=*/{width}, /*strides=*/{1}));
      while (parts.size() > 1) {
        SmallVector<Value> next;
        for (size_t i = 0; i + 1 < parts.size(); i += 2)
          next.push_back(combine(parts[i], parts[i + 1]));
        if (parts.size() % 2 == 1)
          next.push_back(parts.back());
        parts = std::move(next);
      }
      return parts.front();
    };

    Value result;
    for (int64_t group = 0; group < rows; group += groupRows) {
      // Each entry: a vector<width> and the rows of its segments, in order.
      SmallVector<std::pair<Value, SmallVector<int64_t>>> level;
      for (int64_t row = group; row < group + groupRows; ++row)
        level.push_back({reduceRow(row), {row}});
      int64_t segment = width;
      for (; level.size() > 1; segment /= 2) {
        SmallVector<std::pair<Value, SmallVector<int64_t>>> next;
        int64_t half = segment / 2;
        for (size_t i = 0; i < level.size(); i += 2) {
          auto &[a, aRows] = level[i];
          auto &[b, bRows] = level[i + 1];
          SmallVector<int64_t> lowMask, highMask, combinedRows;
          for (size_t index = 0; index < aRows.size(); ++index) {
            int64_t start = index * segment;
            for (int64_t source : {int64_t(0), width})
              for (int64_t lane = 0; lane < half; ++lane) {
                lowMask.push_back(source + start + lane);
                highMask.push_back(source + start + half + lane);
              }
            combinedRows.push_back(aRows[index]);
            combinedRows.push_back(bRows[index]);
          }
          // Named first: the order of a call's arguments is unspecified
          // (GCC and Clang would emit the shuffles in other orders).
          Value low = shuffle(a, b, lowMask);
          Value high = shuffle(a, b, highMask);
          next.push_back({combine(low, high), combinedRows});
        }
        level = std::move(next);
      }
      // Fewer rows than lanes: segments of `segment` lanes are left; combine
      // their halves within the vector until each row is one lane.
      auto [reduced, reducedRows] = level.front();
      for (; segment > 1; segment /= 2) {
        int64_t half = segment / 2;
        SmallVector<int64_t> lowMask, highMask;
        for (size_t index = 0; index < reducedRows.size(); ++index)
          for (int64_t lane = 0; lane < half; ++lane) {
            lowMask.push_back(index * segment + lane);
            highMask.push_back(index * segment + half + lane);
          }
        Value low = shuffle(reduced, reduced, lowMask);
        Value high = shuffle(reduced, reduced, highMask);
        reduced = combine(low, high);
      }
      // One vector<groupRows> whose lane i holds the result of row
      // reducedRows[i]: put it in row order.
      SmallVector<int64_t> order(groupRows);
      for (auto [lane, row] : llvm::enumerate(reducedRows))
        order[row - group] = lane;
      Value sorted = shuffle(reduced, reduced, order);
      if (rows == groupRows) {
        result = sorted;
        break;
      }
      if (!result)
        result = ub::PoisonOp::create(rewriter, loc, op.getDestType());
      result = vector::InsertStridedSliceOp::create(
          rewriter, loc, sorted, result, /*offsets=*/{group},
          /*strides=*/{1});
    }
    rewriter.replaceOp(op, combine(result, op.getAcc()));
    return success();
  }

private:
  unsigned vectorBits;
};

/// `math.absi` on an n-D vector -> one `math.absi` per row: the LLVM
/// lowering does not unroll it (an `unrealized_conversion_cast` is left),
/// and the row-tile strategy computes |x| on a whole tile of rows.
struct UnrollNDAbsI : OpRewritePattern<math::AbsIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::AbsIOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || type.getRank() < 2 || type.isScalable())
      return rewriter.notifyMatchFailure(op, "not an n-D fixed vector");
    Location loc = op.getLoc();
    Value result = ub::PoisonOp::create(rewriter, loc, type);
    for (int64_t row = 0, e = type.getDimSize(0); row < e; ++row) {
      Value slice =
          vector::ExtractOp::create(rewriter, loc, op.getOperand(), row);
      Value abs = math::AbsIOp::create(rewriter, loc, slice);
      result = vector::InsertOp::create(rewriter, loc, abs, result, row);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `vector.transpose [1, 0]` of a `vector.broadcast` of a 1-D vector (how
/// the linalg vectorizer reads a per-row value `(d0, d1) -> (d0)` into a
/// tile of rows: `vector<16xf32>` to `vector<256x16xf32>`, transposed to
/// `vector<16x256xf32>`) -> the vector as one column (`vector<16x1xf32>`)
/// broadcast along the rows. The LLVM lowering of the transpose moves every
/// element on its own (4096 inserts for that tile); the broadcast splats
/// each row's value once.
struct TransposedBroadcastToColumn : OpRewritePattern<vector::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getVector().getDefiningOp<vector::BroadcastOp>();
    VectorType type = op.getResultVectorType();
    if (!broadcast || type.getRank() != 2 || type.isScalable() ||
        op.getPermutation() != ArrayRef<int64_t>{1, 0})
      return rewriter.notifyMatchFailure(op, "not a 2-D transposed broadcast");
    auto source = dyn_cast<VectorType>(broadcast.getSourceType());
    if (!source || source.getRank() != 1 ||
        source.getDimSize(0) != type.getDimSize(0))
      return rewriter.notifyMatchFailure(op, "not a broadcast of a column");
    Value column = vector::ShapeCastOp::create(
        rewriter, op.getLoc(),
        VectorType::get({source.getDimSize(0), 1}, source.getElementType()),
        broadcast.getSource());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type, column);
    return success();
  }
};
} // namespace

void mlir::reduce::vectorize::populateReductionVectorPatterns(
    RewritePatternSet &patterns, unsigned vectorBits) {
  MLIRContext *context = patterns.getContext();
  patterns.add<TransposeReduceRows>(context, vectorBits);
  patterns.add<CombineLeadingRows>(context, /*benefit=*/2);
  patterns.add<SplitKeptLeadingDim>(context, /*benefit=*/2);
  patterns.add<DropUnitDims>(context, /*benefit=*/3);
  patterns.add<UnrollNDAbsI>(context);
  patterns.add<TransposedBroadcastToColumn>(context);
  vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
  vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
  tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(patterns);
  vector::MultiDimReductionOp::getCanonicalizationPatterns(patterns, context);
}
