//===- ReduceVectorize.cpp - Tile and vectorize reductions ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Tiles the linalg reductions of a function so that their innermost tile is
// a whole number of SIMD registers, and vectorizes them with
// `linalg::vectorize`, after collapsing adjacent dims of the same kind. The
// strategy follows the layout: a reduction along the innermost (contiguous)
// dim keeps vector accumulators along the row and reduces them horizontally
// once per row; rows of up to 16 registers are instead reduced a tile of
// rows at a time by a shuffle tree; a reduction of everything to one value
// is first split into blocks; a reduction along outer dims vectorizes
// across the innermost kept dim and needs no horizontal reduction.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"
#include "reduce/Transforms/ReduceTarget.h"

#include "ShapeBytes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/Support/MathExtras.h"

#include <functional>

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEVECTORIZEPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using mlir::reduce::ReduceTarget;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Returns true if `op` is a linalg op on ranked tensors with at least one
/// reduction iterator: the ops this pass tiles.
static bool isTensorReduction(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() && op.getNumReductionLoops() > 0;
}

/// Returns the widest element type of the data of `op`, in bits; i1 flags
/// do not count. Vectors are sized after it.
static unsigned getWidestElementBits(linalg::LinalgOp op) {
  unsigned bits = 8;
  for (Value operand : op->getOperands()) {
    Type elementType = getElementTypeOrSelf(operand.getType());
    if (elementType.isIntOrFloat() && elementType.getIntOrFloatBitWidth() > 1)
      bits = std::max(bits, elementType.getIntOrFloatBitWidth());
  }
  return bits;
}

/// Returns the bytes of the ranked tensor inputs of `op` (static shapes),
/// saturating: static dims near 2^62 are legal.
static uint64_t getStaticInputBytes(linalg::LinalgOp op) {
  uint64_t inputBytes = 0;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    if (!type || !type.getElementType().isIntOrFloat())
      continue;
    auto bytes = static_cast<uint64_t>(reduce::getStaticBytes(
        type.getShape(), llvm::divideCeil(type.getElementTypeBitWidth(), 8)));
    inputBytes = llvm::SaturatingAdd(inputBytes, bytes);
  }
  return inputBytes;
}

/// Returns true if `op` combines values with a float addition, whose result
/// depends on the order of the reduction.
static bool hasFloatAddCombiner(linalg::LinalgOp op) {
  for (OpOperand &init : op.getDpsInitsMutable()) {
    SmallVector<Operation *> combiners;
    if (matchReduction(op.getRegionOutputArgs(),
                       init.getOperandNumber() - op.getNumDpsInputs(),
                       combiners) &&
        llvm::any_of(combiners, llvm::IsaPred<arith::AddFOp>))
      return true;
  }
  return false;
}

/// Returns the loop order that puts the parallel loops of `op` outside and
/// its reduction loops inside, each group in dim order.
static SmallVector<int64_t> getParallelFirstOrder(linalg::LinalgOp op) {
  SmallVector<int64_t> order;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (bool reduction : {false, true})
    for (auto [dim, iterator] : llvm::enumerate(iterators))
      if (linalg::isReductionIterator(iterator) == reduction)
        order.push_back(dim);
  return order;
}

/// Returns `sizes` as index attributes.
static SmallVector<OpFoldResult> getIndexAttrs(OpBuilder &b,
                                               ArrayRef<int64_t> sizes) {
  return llvm::map_to_vector(sizes, [&](int64_t size) -> OpFoldResult {
    return b.getIndexAttr(size);
  });
}

/// Vectorizes `op` with `vectorSizes` (masked where the sizes are dynamic
/// or smaller), or as is when `vectorSizes` is empty. Ops that the
/// vectorizer cannot handle are left for the scalar path.
static void vectorizeIfPossible(RewriterBase &rewriter, Operation *op,
                                ArrayRef<int64_t> vectorSizes = {}) {
  // The vectorizer reads one scalable flag per vector size.
  SmallVector<bool> scalableDims(vectorSizes.size(), false);
  if (!isa<linalg::LinalgOp>(op) ||
      failed(linalg::vectorizeOpPrecondition(op, vectorSizes, scalableDims)))
    return;
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::VectorizationResult> result =
      linalg::vectorize(rewriter, op, vectorSizes, scalableDims);
  if (failed(result))
    return;
  if (op->getNumResults() == 0)
    rewriter.eraseOp(op);
  else
    rewriter.replaceOp(op, result->replacements);
}

/// Tiles `op` with `options` and replaces it by the tiled loops.
static FailureOr<scf::SCFTilingResult>
tileAndReplace(RewriterBase &rewriter, linalg::LinalgOp op,
               const scf::SCFTilingOptions &options) {
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  return result;
}

/// Tiles `op` with `options`, fusing the `linalg.fill`s that produce its
/// inits into the tiles, and replaces it by the tiled loops. Returns the
/// tiled op followed by the fused fills, or failure.
static FailureOr<SmallVector<Operation *>>
tileAndFuseFills(RewriterBase &rewriter, linalg::LinalgOp op,
                 const scf::SCFTilingOptions &options) {
  scf::SCFTileAndFuseOptions fuseOptions;
  fuseOptions.setTilingOptions(options);
  fuseOptions.setFusionControlFn(
      [](tensor::ExtractSliceOp, OpResult producer, bool)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!isa<linalg::FillOp>(producer.getOwner()))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), fuseOptions);
  if (failed(tiled))
    return failure();
  for (OpResult result : op->getResults())
    if (Value replacement = tiled->replacements.lookup(result))
      rewriter.replaceAllUsesWith(result, replacement);
  rewriter.eraseOp(op);
  return SmallVector<Operation *>(tiled->tiledAndFusedOps.takeVector());
}

//===----------------------------------------------------------------------===//
// Strategies
//===----------------------------------------------------------------------===//

namespace {
/// `vector.multi_reduction` with reduced dims of size 1 (a row tile of a
/// mixed-axes reduction, `vector<4 x 1 x 32>` over dims 1 and 2): the unit
/// dims are dropped by a shape_cast, so that the other patterns see the
/// rows (`vector<4 x 32>` over dim 1).
struct DropUnitReducedDims : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    if (isa<vector::MaskOp>(op->getParentOp()) || type.isScalable())
      return rewriter.notifyMatchFailure(op, "masked or scalable");
    SmallVector<bool> mask = op.getReductionMask();
    SmallVector<int64_t> shape;
    SmallVector<bool> newMask;
    for (auto [size, reduced] : llvm::zip_equal(type.getShape(), mask)) {
      if (reduced && size == 1)
        continue;
      shape.push_back(size);
      newMask.push_back(reduced);
    }
    if (shape.size() == mask.size() || !llvm::is_contained(newMask, true))
      return rewriter.notifyMatchFailure(op, "no unit dim to drop");
    Value source = vector::ShapeCastOp::create(
        rewriter, op.getLoc(), VectorType::get(shape, type.getElementType()),
        op.getSource());
    rewriter.replaceOpWithNewOp<vector::MultiDimReductionOp>(
        op, source, op.getAcc(), newMask, op.getKind());
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
/// two of at most W or a multiple of W, and R a power of two or a multiple
/// of min(C, W):
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
    int64_t groupRows = std::min(rows, width);
    if (!llvm::isPowerOf2_64(groupRows) || rows % groupRows != 0 ||
        groupRows < 2)
      return rewriter.notifyMatchFailure(op, "row count not a tree");
    Location loc = op.getLoc();
    vector::CombiningKind kind = op.getKind();
    auto combine = [&](Value a, Value b) {
      return vector::makeArithReduction(rewriter, loc, kind, a, b);
    };
    auto shuffle = [&](Value a, Value b, ArrayRef<int64_t> mask) -> Value {
      return vector::ShuffleOp::create(rewriter, loc, a, b, mask);
    };

    // A row as one vector<width>: its registers combined by a tree.
    auto reduceRow = [&](int64_t row) -> Value {
      Value whole = vector::ExtractOp::create(rewriter, loc, op.getSource(),
                                              row);
      SmallVector<Value> parts;
      for (int64_t start = 0; start < columns; start += width)
        parts.push_back(
            columns == width
                ? whole
                : vector::ExtractStridedSliceOp::create(
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
          next.push_back({combine(shuffle(a, b, lowMask),
                                  shuffle(a, b, highMask)),
                          combinedRows});
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
        reduced = combine(shuffle(reduced, reduced, lowMask),
                          shuffle(reduced, reduced, highMask));
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

/// Tiles and vectorizes one linalg reduction.
class ReductionVectorizer {
public:
  ReductionVectorizer(RewriterBase &rewriter, const ReduceTarget &target,
                      bool strictFpOrder, unsigned threads = 1,
                      uint64_t minParallelBytes = 0)
      : rewriter(rewriter), target(target), strictFpOrder(strictFpOrder),
        threads(threads), minParallelBytes(minParallelBytes) {}

  /// Tiles and vectorizes `op`; leaves it alone if it cannot be tiled.
  /// `maySplit` is false for the op that combines the partial results of a
  /// split, which is not split again.
  void run(linalg::LinalgOp op, bool maySplit = true) {
    // An empty iteration space computes nothing: the init is the result.
    if (llvm::is_contained(op.getStaticLoopRanges(), 0))
      return;
    setTileSizes(op);
    op = collapseAdjacentDims(op);
    if (maySplit) {
      if (std::optional<linalg::LinalgOp> merge =
              splitShortInnerReduction(op)) {
        // The short rows of the partial result, then the outer reduction
        // that computes it.
        auto partial =
            cast<linalg::LinalgOp>(merge->getDpsInputs()[0].getDefiningOp());
        run(*merge, /*maySplit=*/false);
        run(partial);
        return;
      }
    }
    if (op.getNumReductionLoops() > 0) {
      std::optional<linalg::LinalgOp> partials;
      if (maySplit)
        partials = splitLongReduction(op);
      if (maySplit && !partials)
        partials = splitOuterReductionAcrossThreads(op);
      if (partials) {
        // The partial sums, then their reduction (a small op of its own).
        linalg::LinalgOp combine = *partials;
        op = cast<linalg::LinalgOp>(
            combine->getOperand(0).getDefiningOp());
        run(combine, /*maySplit=*/false);
        // The combining op may have set other tile sizes.
        setTileSizes(op);
      }
      op = distributeOverThreads(op);
    }
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    if (op.getNumReductionLoops() == 0)
      vectorizeElementwise(op);
    else if (linalg::isReductionIterator(iterators.back()))
      vectorizeInnermostReduction(op);
    else
      vectorizeOuterReduction(op);
  }

private:
  /// Sizes `lanes` and `tileSize` after the widest element type of `op`,
  /// in registers of `streamVectorBits` when its static input has at least
  /// target.minStreamBytes, else of `vectorBits`.
  void setTileSizes(linalg::LinalgOp op) {
    unsigned bits = !op.hasDynamicShape() &&
                            getStaticInputBytes(op) >=
                                static_cast<uint64_t>(target.minStreamBytes)
                        ? target.streamVectorBits
                        : target.vectorBits;
    lanes = std::max(1u, bits / getWidestElementBits(op));
    tileSize = static_cast<int64_t>(lanes) * target.accumulators;
  }

  /// A reduction of everything to one value (a single reduced dim, static,
  /// of at least 4 blocks, no parallel dim) becomes two reductions
  /// (`linalg::splitReduction`): blocks of `target.splitBlockTiles` vector
  /// tiles into a small tensor of partial results (a parallel dim over the
  /// blocks), then the partials into the result. Each accumulator lane then
  /// adds at most `target.splitBlockTiles` elements, then partials: a float sum
  /// of 2^24 elements keeps chains of 64 additions instead of 2^18, which
  /// cuts its error about 20 times, and the blocks can run on `threads`.
  /// Not with `strict-fp-order` float additions, whose order is fixed.
  /// Returns the op that combines the partials.
  std::optional<linalg::LinalgOp> splitLongReduction(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (ranges.size() != 1 || op.getNumReductionLoops() != 1 ||
        ShapedType::isDynamic(ranges[0]) ||
        (strictFpOrder && hasFloatAddCombiner(op)))
      return std::nullopt;
    int64_t size = ranges[0];
    int64_t block = tileSize * target.splitBlockTiles;
    if (size < 4 * block)
      return std::nullopt;
    // A multiple of the vector tile that divides the size, near `block`.
    int64_t chosen = 0;
    for (int64_t candidate = block; candidate >= block / 2;
         candidate -= tileSize)
      if (size % candidate == 0) {
        chosen = candidate;
        break;
      }
    if (!chosen)
      return std::nullopt;
    return splitIntoParts(op, size / chosen);
  }

  /// A reduction whose innermost reduced dim is short (at most
  /// target.maxShortRowBytes) and that also reduces a dim outside a kept one
  /// (2048x64x24 over [0, 2]) would reduce each kept row in turn, reading
  /// runs of a few hundred bytes kilobytes apart, which the prefetchers do
  /// not follow (5.6 GB/s; 2048x64x40: 6.4, 2048x16x512: 9.1, from L3). It
  /// is split into two reductions (not with
  /// `strict-fp-order` float sums, whose order is fixed): the body of `op`
  /// with the short dim kept, into a partial result of the kept dims and
  /// the short dim (64x24, filled with the neutral element of the
  /// combiner), which the outer-reduction strategy computes by streaming
  /// the input in order; then the combiner over the short dim of the
  /// partial result. Returns the second op, whose input the first computes.
  std::optional<linalg::LinalgOp>
  splitShortInnerReduction(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    int64_t rank = ranges.size();
    if (op.hasDynamicShape() || rank < 3 || op.getNumDpsInputs() != 1 ||
        op.getNumDpsInits() != 1 || !op.hasPureTensorSemantics() ||
        !linalg::isReductionIterator(iterators.back()) ||
        ranges.back() >
            target.maxShortRowBytes /
                std::max<int64_t>(1, getWidestElementBits(op) / 8) ||
        (strictFpOrder && hasFloatAddCombiner(op)) ||
        !op.getBlock()->getOps<linalg::IndexOp>().empty())
      return std::nullopt;
    // A reduced dim outside a kept one, reducing at least
    // target.minShortSplitFactor elements per partial result (the count stops
    // there: static dims near 2^62 are legal).
    int64_t outerReduced = 1;
    bool keptInside = false;
    for (int64_t dim = 0; dim + 1 < rank; ++dim) {
      if (linalg::isReductionIterator(iterators[dim]))
        outerReduced = std::min(
            outerReduced * std::min(ranges[dim], target.minShortSplitFactor),
            target.minShortSplitFactor);
      else if (outerReduced > 1)
        keptInside = true;
    }
    if (!keptInside || outerReduced < target.minShortSplitFactor)
      return std::nullopt;
    // The input indexed by every dim in order, the init by the kept dims.
    MLIRContext *context = op.getContext();
    AffineMap inputMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
    AffineMap initMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    SmallVector<unsigned> keptDims;
    op.getParallelDims(keptDims);
    AffineMap keptMap = AffineMap::getMultiDimIdentityMap(rank, context)
                            .getSubMap(keptDims);
    if (!inputMap.isIdentity() || initMap != keptMap)
      return std::nullopt;
    SmallVector<Operation *> combiners;
    if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
        combiners.size() != 1 || combiners.front()->getNumOperands() != 2)
      return std::nullopt;
    Operation *combiner = combiners.front();
    std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
    if (!neutral)
      return std::nullopt;

    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    auto initType = cast<RankedTensorType>(op.getDpsInits()[0].getType());
    SmallVector<int64_t> partialShape(initType.getShape());
    partialShape.push_back(ranges.back());
    Value partialInit =
        linalg::FillOp::create(
            rewriter, loc,
            arith::ConstantOp::create(rewriter, loc, *neutral).getResult(),
            tensor::EmptyOp::create(rewriter, loc, partialShape,
                                    initType.getElementType())
                .getResult())
            .getResult(0);
    keptDims.push_back(rank - 1);
    SmallVector<utils::IteratorType> partialIterators = iterators;
    partialIterators.back() = utils::IteratorType::parallel;
    auto partial = linalg::GenericOp::create(
        rewriter, loc, partialInit.getType(), op.getDpsInputs(), partialInit,
        {inputMap, AffineMap::getMultiDimIdentityMap(rank, context)
                       .getSubMap(keptDims)},
        partialIterators);
    rewriter.cloneRegionBefore(op->getRegion(0), partial.getRegion(),
                               partial.getRegion().end());

    // The combiner over the short dim; the operand that was the
    // accumulator stays the accumulator.
    int64_t partialRank = partialShape.size();
    AffineMap partialIdentity =
        AffineMap::getMultiDimIdentityMap(partialRank, context);
    SmallVector<utils::IteratorType> mergeIterators(
        partialRank - 1, utils::IteratorType::parallel);
    mergeIterators.push_back(utils::IteratorType::reduction);
    Value accumulator = op.getRegionOutputArgs()[0];
    auto merge = linalg::GenericOp::create(
        rewriter, loc, initType, partial.getResult(0), op.getDpsInits()[0],
        {partialIdentity, partialIdentity.getMajorSubMap(partialRank - 1)},
        mergeIterators, [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          IRMapping mapping;
          for (Value operand : combiner->getOperands())
            mapping.map(operand, operand == accumulator ? args[1] : args[0]);
          Operation *combined = b.clone(*combiner, mapping);
          linalg::YieldOp::create(b, bodyLoc, combined->getResults());
        });
    rewriter.replaceOp(op, merge.getResults());
    return cast<linalg::LinalgOp>(merge.getOperation());
  }

  /// Splits the reduced dim of `op` (`linalg::splitReduction`) into `parts`
  /// consecutive parts, a new outer parallel dim, and returns the op that
  /// combines the results of the parts.
  std::optional<linalg::LinalgOp> splitIntoParts(linalg::LinalgOp op,
                                                 int64_t parts) {
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::SplitReductionResult> split;
    {
      // An op whose body has no known neutral element cannot be split: not
      // an error, it stays one reduction.
      ScopedDiagnosticHandler silence(op->getContext(),
                                      [](Diagnostic &) { return success(); });
      split = linalg::splitReduction(
          rewriter, op, [&](linalg::LinalgOp) {
            return linalg::SplitReductionOptions{parts, /*index=*/0,
                                                 /*innerParallel=*/false};
          });
    }
    if (failed(split))
      return std::nullopt;
    return split->resultCombiningLinalgOp;
  }

  /// Returns true when `op` is to run on `threads`: more than one thread,
  /// static shapes, an input of at least `minParallelBytes`.
  bool isParallelCandidate(linalg::LinalgOp op) const {
    return threads > 1 && !op.hasDynamicShape() &&
           getStaticInputBytes(op) >= minParallelBytes;
  }

  /// With `threads` > 1, a reduction whose only reduced dim is the
  /// outermost one (columns of a matrix, W2) is split into `threads`
  /// reductions of consecutive slices (`linalg::splitReduction`), whose
  /// results are then combined: each thread streams its own contiguous part
  /// of the input. Splitting the kept dim instead has both threads read
  /// every row, each half of it. Returns the op that combines the partials.
  std::optional<linalg::LinalgOp>
  splitOuterReductionAcrossThreads(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    if (!isParallelCandidate(op) || op.getNumReductionLoops() != 1 ||
        ranges.size() < 2 || !linalg::isReductionIterator(iterators[0]) ||
        ranges[0] % threads != 0 ||
        (strictFpOrder && hasFloatAddCombiner(op)))
      return std::nullopt;
    return splitIntoParts(op, threads);
  }

  /// With `threads` > 1 and a static input of at least `minParallelBytes`,
  /// splits the outermost parallel dim whose size is at least `threads` into
  /// `threads` tiles of an `scf.forall` (a multiple of the vector tile when
  /// the dim is the innermost one), and returns the tiled op, else `op`.
  /// Dynamic shapes and reductions with no parallel dim stay sequential.
  linalg::LinalgOp distributeOverThreads(linalg::LinalgOp op) {
    if (!isParallelCandidate(op))
      return op;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    for (auto [dim, iterator] : llvm::enumerate(iterators)) {
      if (linalg::isReductionIterator(iterator) || ranges[dim] < threads)
        continue;
      int64_t chunk = llvm::divideCeil(ranges[dim], threads);
      if (dim + 1 == ranges.size())
        chunk = llvm::alignTo(chunk, tileSize);
      if (chunk >= ranges[dim])
        continue;
      SmallVector<int64_t> tileSizes(ranges.size(), 0);
      tileSizes[dim] = chunk;
      scf::SCFTilingOptions options;
      options.setTileSizes(getIndexAttrs(rewriter, tileSizes))
          .setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      // Each thread fills its own part of the init: a fill before the
      // forall would run on one thread and, unless the tiles fuse it again,
      // be read back (W6 min: 4 MiB written and read beside 64 MiB).
      FailureOr<SmallVector<Operation *>> tiledOps =
          tileAndFuseFills(rewriter, op, options);
      if (failed(tiledOps))
        return op;
      return cast<linalg::LinalgOp>(tiledOps->front());
    }
    return op;
  }

  /// Merges each run of adjacent dims of the same iterator kind that every
  /// operand indexes contiguously into one dim (`linalg.reduce` is
  /// generalized first) in an op with static shapes, and returns the
  /// collapsed op, else `op`. The innermost tile then spans the whole run:
  /// 6x12x10x24 reduced over [2, 3] becomes 72 rows of 240 contiguous
  /// elements, 15 registers, and not 720 rows of 24 (a register and a half,
  /// and a horizontal reduction per 10 rows).
  linalg::LinalgOp collapseAdjacentDims(linalg::LinalgOp op) {
    // Static shapes only: collapsing dynamic dims crashed
    // expand-strided-metadata (a null size in the memref.reinterpret_cast
    // it builds for the collapse of a dynamic buffer).
    if (!op.hasPureTensorSemantics() || op.hasDynamicShape())
      return op;
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<ReassociationIndices> groups;
    for (int64_t dim = 0, e = iterators.size(); dim < e;) {
      ReassociationIndices group = {dim};
      while (group.back() + 1 < e &&
             iterators[group.back() + 1] == iterators[dim])
        group.push_back(group.back() + 1);
      dim = group.back() + 1;
      // A collapsed size must still be an int64_t (hostile shapes).
      int64_t collapsedSize = 1;
      bool overflows = llvm::any_of(group, [&](int64_t member) {
        return llvm::MulOverflow(collapsedSize, ranges[member], collapsedSize);
      });
      if (group.size() > 1 && !overflows &&
          linalg::areDimSequencesPreserved(maps, group))
        groups.push_back(group);
    }
    if (groups.empty())
      return op;
    rewriter.setInsertionPoint(op);
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        return op;
      generic = *generalized;
    }
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(generic, groups, rewriter);
    if (failed(collapsed))
      return generic;
    rewriter.replaceOp(generic, collapsed->results);
    // A filled init is collapsed as a fill of the collapsed destination, so
    // that the tiles can still fuse the fill (W4: a separate masked fill of
    // the 72 results, read back by the row tiles, instead of a constant).
    linalg::LinalgOp collapsedOp = collapsed->collapsedOp;
    for (OpOperand &init : collapsedOp.getDpsInitsMutable()) {
      auto reshape = init.get().getDefiningOp<tensor::CollapseShapeOp>();
      auto fill = reshape ? reshape.getSrc().getDefiningOp<linalg::FillOp>()
                          : nullptr;
      if (!fill)
        continue;
      rewriter.setInsertionPoint(collapsedOp);
      Value destination = tensor::CollapseShapeOp::create(
          rewriter, reshape.getLoc(), fill.getOutputs().front(),
          reshape.getReassociationIndices());
      Value refilled =
          linalg::FillOp::create(rewriter, fill.getLoc(), fill.getInputs(),
                                 destination)
              .getResult(0);
      rewriter.modifyOpInPlace(collapsedOp, [&] { init.set(refilled); });
    }
    return collapsedOp;
  }

  /// Returns the tile of the innermost dim of size `size`: the whole dim
  /// when it is static and fits in the vector tile; else, for a static size
  /// that is not a multiple of the vector tile, a multiple of the register
  /// width between half and twice the vector tile that divides it, so that
  /// no tile is masked (240 f32 with 16 lanes: 80); else the vector tile.
  /// With `powerOfTwoRegisters`, the multiple is instead the largest power
  /// of two of registers, at most twice the tile, that divides the size
  /// (240 f32 with 8 lanes: 16), for accumulators that a loop carries and
  /// that are reduced after it: a tile of 5 registers was carried as parts
  /// of 4 and 1 (reduce-split-loop-vectors), but LLVM then folded the
  /// reduction after the loop back onto the whole vector of the last
  /// iteration, live across blocks and scalarized again (W4 l1 and min with
  /// 256-bit vectors: 2.3 us instead of 0.8).
  int64_t getInnerTile(int64_t size, bool powerOfTwoRegisters = false) const {
    if (ShapedType::isDynamic(size))
      return tileSize;
    if (size <= tileSize || size % tileSize == 0)
      return std::min(size, tileSize);
    int64_t registers = tileSize / lanes;
    if (powerOfTwoRegisters) {
      for (int64_t candidate = llvm::bit_floor(
               static_cast<uint64_t>(2 * registers));
           candidate >= 1; candidate /= 2)
        if (size % (candidate * lanes) == 0)
          return candidate * lanes;
      return tileSize;
    }
    for (int64_t distance = 1; distance <= registers; ++distance)
      for (int64_t candidate : {registers + distance, registers - distance})
        if (candidate * 2 >= registers && candidate <= 2 * registers &&
            candidate > 0 && size % (candidate * lanes) == 0)
          return candidate * lanes;
    return tileSize;
  }

  /// Returns the number of rows reduced together by the row-tile strategy
  /// for `op`, or 0 when it does not apply. The innermost dim must be the
  /// only reduced one and static, the dim before it parallel and static,
  /// and not a float sum with `strict-fp-order` (the tree reassociates):
  /// - short rows, a power of two of at most one register: tiles of one
  ///   register's lanes of rows, when the rows are a multiple of it;
  /// - medium rows, 2 to `target.maxRowRegisters` whole registers: tiles of
  ///   the largest power of two of rows, at most the lanes, that divides
  ///   the rows, so that the horizontal reductions of the rows share one
  ///   shuffle tree.
  int64_t getRowTile(linalg::LinalgOp op) const {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    if (op.getNumReductionLoops() != 1 || ranges.size() < 2 ||
        (strictFpOrder && hasFloatAddCombiner(op)))
      return 0;
    int64_t columns = ranges.back();
    int64_t rows = ranges[ranges.size() - 2];
    if (ShapedType::isDynamic(columns) || ShapedType::isDynamic(rows) ||
        linalg::isReductionIterator(iterators[ranges.size() - 2]) ||
        columns < 2)
      return 0;
    if (columns <= lanes)
      return llvm::isPowerOf2_64(columns) && rows % lanes == 0 ? lanes : 0;
    if (columns % lanes != 0 || columns > target.maxRowRegisters * lanes)
      return 0;
    int64_t tile = std::min<int64_t>(lanes, rows & -rows);
    return tile >= 2 ? tile : 0;
  }

  /// Rewrites the 2-D reduction `op` (rows x columns, rows reduced by
  /// tiles of `rowTile`) on a view of its operands as target.rowStreams parts
  /// of the rows: a 3-D op (part x row x column) whose result is collapsed
  /// back. Returns it, or null when `op` is small, of another form, or its
  /// rows do not divide.
  linalg::LinalgOp expandRowStreams(linalg::LinalgOp op, int64_t rowTile) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    // The stride of a part, partRows * columns, must not overflow.
    int64_t elements;
    if (ranges.size() != 2 || op.getNumReductionLoops() != 1 ||
        ranges[0] % (target.rowStreams * rowTile) != 0 ||
        llvm::MulOverflow(ranges[0], ranges[1], elements) ||
        !op.getBlock()->getOps<linalg::IndexOp>().empty())
      return nullptr;
    MLIRContext *context = op.getContext();
    AffineMap rowsAndColumns = AffineMap::getMultiDimIdentityMap(2, context);
    AffineMap rowsOnly = rowsAndColumns.getMajorSubMap(1);
    int64_t inputBytes = 0;
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      auto type = dyn_cast<RankedTensorType>(operand.get().getType());
      if (!type || (map != rowsAndColumns && map != rowsOnly))
        return nullptr;
      if (op.isDpsInput(&operand))
        inputBytes += reduce::getStaticBytes(
            type.getShape(),
            llvm::divideCeil(getElementTypeOrSelf(type).getIntOrFloatBitWidth(),
                             8));
    }
    if (inputBytes < target.minStreamBytes)
      return nullptr;

    int64_t partRows = ranges[0] / target.rowStreams;
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    std::function<Value(Value)> expand = [&](Value value) -> Value {
      // A fill of the init is rebuilt on the parts of its destination, so
      // that it still fuses into the tiles and writes where the fill did
      // (in a thread's part of the result, not a buffer of its own).
      if (auto fill = value.getDefiningOp<linalg::FillOp>())
        return linalg::FillOp::create(rewriter, loc, fill.getInputs(),
                                      expand(fill.getOutputs().front()))
            .getResult(0);
      auto type = cast<RankedTensorType>(value.getType());
      SmallVector<int64_t> shape = {target.rowStreams, partRows};
      llvm::append_range(shape, type.getShape().drop_front());
      SmallVector<ReassociationIndices> reassociation = {{0, 1}};
      if (type.getRank() == 2)
        reassociation.push_back({2});
      return tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
          value, reassociation);
    };
    AffineExpr part, row, column;
    bindDims(context, part, row, column);
    SmallVector<AffineMap> maps;
    for (OpOperand &operand : op->getOpOperands())
      maps.push_back(op.getMatchingIndexingMap(&operand) == rowsAndColumns
                         ? AffineMap::get(3, 0, {part, row, column}, context)
                         : AffineMap::get(3, 0, {part, row}, context));
    SmallVector<Value> inputs = llvm::map_to_vector(op.getDpsInputs(), expand);
    SmallVector<Value> inits = llvm::map_to_vector(op.getDpsInits(), expand);
    auto parts = linalg::GenericOp::create(
        rewriter, loc, ValueRange(inits).getTypes(), inputs, inits, maps,
        {utils::IteratorType::parallel, utils::IteratorType::parallel,
         utils::IteratorType::reduction});
    rewriter.cloneRegionBefore(op->getRegion(0), parts.getRegion(),
                               parts.getRegion().end());
    SmallVector<Value> results;
    for (Value result : parts.getResults())
      results.push_back(tensor::CollapseShapeOp::create(
          rewriter, loc, result, ArrayRef<ReassociationIndices>{{0, 1}}));
    rewriter.replaceOp(op, results);
    return parts;
  }

  /// Short or medium rows: tiles of `rowTile` rows and the whole row, read
  /// as one `vector<rowTile x columns>`; the `vector.multi_reduction` across
  /// each row is then lowered by `TransposeReduceRows` (a shuffle tree that
  /// reduces the rows against each other) instead of one horizontal
  /// reduction per row. A large input is first viewed as target.rowStreams
  /// parts of the rows (expandRowStreams), and each step reads one tile of
  /// every part: a `vector<target.rowStreams x rowTile x columns>`.
  void vectorizeRowTiles(linalg::LinalgOp op, int64_t rowTile) {
    linalg::LinalgOp parts = expandRowStreams(op, rowTile);
    if (parts)
      op = parts;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<int64_t> tileSizes(ranges.size(), 1);
    tileSizes[ranges.size() - 2] = rowTile;
    tileSizes.back() = 0;
    SmallVector<int64_t> vectorSizes(ranges.size(), 1);
    vectorSizes[ranges.size() - 2] = rowTile;
    vectorSizes.back() = ranges.back();
    if (parts) {
      tileSizes.front() = 0;
      vectorSizes.front() = target.rowStreams;
    }
    // The fill of the init is fused into the loop: there is one output per
    // short row, so a separate fill would write, and the loop read back, up
    // to half of the input's bytes again (a sixteenth for W6); fused, the
    // init of each tile is a constant.
    scf::SCFTilingOptions options;
    options.setTileSizes(getIndexAttrs(rewriter, tileSizes));
    FailureOr<SmallVector<Operation *>> tiledOps =
        tileAndFuseFills(rewriter, op, options);
    if (failed(tiledOps))
      return;
    vectorizeIfPossible(rewriter, tiledOps->front(), vectorSizes);
    for (Operation *fused : llvm::drop_begin(*tiledOps))
      vectorizeIfPossible(rewriter, fused);
  }

  /// The parallel dim the innermost-reduction strategy takes target.streamRows
  /// rows of: the innermost parallel dim, when the shape is static, its
  /// size a multiple of target.streamRows, the row tiles need no mask, and the
  /// reduction reassociates (the partial strategy; strict float sums keep
  /// one ordered reduction per row).
  std::optional<unsigned> getStreamRowDim(linalg::LinalgOp op) const {
    if (op.hasDynamicShape() || (strictFpOrder && hasFloatAddCombiner(op)))
      return std::nullopt;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (ranges.back() %
            getInnerTile(ranges.back(), /*powerOfTwoRegisters=*/true) !=
        0)
      return std::nullopt;
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    for (int64_t dim = ranges.size() - 1; dim >= 0; --dim)
      if (!linalg::isReductionIterator(iterators[dim]))
        return ranges[dim] % target.streamRows == 0
                   ? std::optional<unsigned>(dim)
                   : std::nullopt;
    return std::nullopt;
  }

  /// innermost dim reduced: vector accumulators along the rows, one
  /// horizontal reduction per output element after the loops.
  void vectorizeInnermostReduction(linalg::LinalgOp op) {
    if (int64_t rowTile = getRowTile(op))
      return vectorizeRowTiles(op, rowTile);
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<unsigned> reductionDims;
    op.getReductionDims(reductionDims);

    // Tile the parallel dims first, by 1 (the innermost by target.streamRows
    // when getStreamRowDim allows): partial reduction tiling only tiles
    // reduction dims.
    std::optional<unsigned> rowDim = getStreamRowDim(op);
    if (op.getNumParallelLoops() > 0) {
      SmallVector<int64_t> parallelSizes(ranges.size(), 1);
      for (unsigned dim : reductionDims)
        parallelSizes[dim] = 0;
      if (rowDim)
        parallelSizes[*rowDim] = target.streamRows;
      scf::SCFTilingOptions options;
      options.setTileSizes(getIndexAttrs(rewriter, parallelSizes));
      FailureOr<scf::SCFTilingResult> tiled =
          tileAndReplace(rewriter, op, options);
      if (failed(tiled))
        return;
      op = cast<linalg::LinalgOp>(tiled->tiledOps.back());
    }

    // The reduced dims: by 1 but the innermost one, by the vector tile.
    SmallVector<int64_t> tileSizes(ranges.size(), 0);
    for (unsigned dim : reductionDims)
      tileSizes[dim] = 1;
    tileSizes.back() =
        getInnerTile(ranges.back(), /*powerOfTwoRegisters=*/true);
    SmallVector<int64_t> vectorSizes(ranges.size(), 1);
    vectorSizes.back() = tileSizes.back();
    if (rowDim)
      vectorSizes[*rowDim] = target.streamRows;
    scf::SCFTilingOptions options;
    options.setTileSizes(getIndexAttrs(rewriter, tileSizes))
        .setReductionDims(reductionDims);

    // A partial reduction into a vector-shaped accumulator reassociates:
    // strict float sums instead reduce each tile into the running value with
    // an ordered vector.reduction.
    if (!strictFpOrder || !hasFloatAddCombiner(op)) {
      options.setReductionTilingStrategy(
          ReductionTilingStrategy::PartialReductionOuterReduction);
      FailureOr<scf::SCFTilingResult> partial;
      {
        // A body without a known neutral element cannot be split: that is
        // not an error, the full reduction below handles it.
        ScopedDiagnosticHandler silence(op->getContext(),
                                        [](Diagnostic &) { return success(); });
        partial = tileAndReplace(rewriter, op, options);
      }
      if (succeeded(partial)) {
        for (Value init : partial->initialValues)
          if (Operation *fill = init.getDefiningOp())
            vectorizeIfPossible(rewriter, fill);
        vectorizeIfPossible(rewriter, partial->tiledOps.back(), vectorSizes);
        for (Operation *merge : partial->mergeOps)
          vectorizeIfPossible(rewriter, merge);
        return;
      }
      options.setReductionTilingStrategy(
          ReductionTilingStrategy::FullReduction);
    }
    FailureOr<scf::SCFTilingResult> full =
        tileAndReplace(rewriter, op, options);
    if (succeeded(full))
      vectorizeIfPossible(rewriter, full->tiledOps.back(), vectorSizes);
  }

  /// Returns the block of the kept innermost dim of size `size` for the
  /// outer-reduction strategy: about 16 KiB of accumulators, a multiple of
  /// the vector tile that divides `size` when one does; 0 when the dim is
  /// at most 4 vector tiles or is dynamic (no blocking).
  int64_t getKeptBlock(linalg::LinalgOp op, int64_t size) const {
    // A kept dim of a few vector tiles keeps its accumulators in registers:
    // its row stride is short enough for the prefetchers.
    if (ShapedType::isDynamic(size) || size <= 4 * tileSize)
      return 0;
    int64_t elementBytes = std::max<int64_t>(1, getWidestElementBits(op) / 8);
    int64_t target = std::max<int64_t>(
        tileSize, llvm::alignDown(16384 / elementBytes, tileSize));
    if (size <= target)
      return size;
    for (int64_t block = target; block >= tileSize; block -= tileSize)
      if (size % block == 0)
        return block;
    return target;
  }

  /// The reduced dim an outer-reduction step takes target.outerRowsPerStep rows
  /// of: the innermost reduced dim, when its size is a static multiple of it
  /// and the shape is static.
  std::optional<unsigned> getRowStepDim(linalg::LinalgOp op) const {
    SmallVector<unsigned> reductionDims;
    op.getReductionDims(reductionDims);
    if (reductionDims.empty() || op.hasDynamicShape())
      return std::nullopt;
    int64_t size = op.getStaticLoopRanges()[reductionDims.back()];
    if (ShapedType::isDynamic(size) || size % target.outerRowsPerStep != 0)
      return std::nullopt;
    return reductionDims.back();
  }

  /// innermost dim kept: vectorize across it; the reduced dims are tiled
  /// by 1 (the innermost reduced dim by target.outerRowsPerStep when it
  /// divides) in the innermost loops, so the body is elementwise vector code.
  void vectorizeOuterReduction(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t blockSize = getKeptBlock(op, ranges.back());
    if (blockSize > 0) {
      // Rows stream contiguously: the kept dim is tiled by a block whose
      // accumulators live in L1, the reduced dims by 1 inside it (the
      // innermost by target.outerRowsPerStep when the vectors need no mask),
      // and the block is then walked by vector tiles, so that each row of the
      // block is read in order instead of one vector tile per row with a
      // stride.
      SmallVector<int64_t> blockSizes(ranges.size(), 1);
      blockSizes.back() = blockSize == ranges.back() ? 0 : blockSize;
      std::optional<unsigned> dim = getRowStepDim(op);
      if (dim && blockSize % getInnerTile(blockSize) == 0)
        blockSizes[*dim] = target.outerRowsPerStep;
      FailureOr<scf::SCFTilingResult> blocked =
          tileParallelFirst(op, blockSizes);
      if (failed(blocked))
        return;
      op = cast<linalg::LinalgOp>(blocked->tiledOps.back());
      ranges = op.getStaticLoopRanges();
    }
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    SmallVector<int64_t> tileSizes(ranges.size(), 1);
    SmallVector<int64_t> vectorSizes(ranges.size(), 1);
    int64_t innerTile = getInnerTile(ranges.back());
    tileSizes.back() = innerTile == ranges.back() ? 0 : innerTile;
    vectorSizes.back() = innerTile;
    // Rows in steps only with unmasked vectors: a masked
    // vector.multi_reduction must stay the single op of its vector.mask.
    std::optional<unsigned> dim = getRowStepDim(op);
    if (dim && ranges.back() % innerTile == 0) {
      tileSizes[*dim] =
          ranges[*dim] == target.outerRowsPerStep ? 0 : target.outerRowsPerStep;
      vectorSizes[*dim] = target.outerRowsPerStep;
    }

    FailureOr<scf::SCFTilingResult> tiled = tileParallelFirst(op, tileSizes);
    if (succeeded(tiled))
      vectorizeIfPossible(rewriter, tiled->tiledOps.back(), vectorSizes);
  }

  /// Tiles `op` by `tileSizes` with the parallel loops outside the reduction
  /// loops, and replaces it.
  FailureOr<scf::SCFTilingResult>
  tileParallelFirst(linalg::LinalgOp op, ArrayRef<int64_t> tileSizes) {
    SmallVector<unsigned> reductionDims;
    op.getReductionDims(reductionDims);
    scf::SCFTilingOptions options;
    options.setTileSizes(getIndexAttrs(rewriter, tileSizes))
        .setInterchange(getParallelFirstOrder(op))
        .setReductionDims(reductionDims);
    return tileAndReplace(rewriter, op, options);
  }

  /// No reduction (fills, maps): the outer dims are tiled by 1 and the
  /// innermost dim by the vector tile, so that the vectors are 1-D and of
  /// bounded size whatever the shape. A whole n-D vector would reach the
  /// LLVM lowering, which does not unroll every op on n-D vectors (e.g.
  /// `math.absi`), and a big shape would unroll into huge code.
  void vectorizeElementwise(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (ranges.empty())
      return vectorizeIfPossible(rewriter, op);
    SmallVector<int64_t> tileSizes(ranges.size(), 1);
    SmallVector<int64_t> vectorSizes(ranges.size(), 1);
    int64_t innerTile = getInnerTile(ranges.back());
    tileSizes.back() = innerTile == ranges.back() ? 0 : innerTile;
    vectorSizes.back() = innerTile;
    for (auto [dim, size] : llvm::enumerate(ranges))
      if (size == 1)
        tileSizes[dim] = 0;
    if (llvm::all_of(tileSizes, [](int64_t size) { return size == 0; }))
      return vectorizeIfPossible(rewriter, op, vectorSizes);
    scf::SCFTilingOptions options;
    options.setTileSizes(getIndexAttrs(rewriter, tileSizes));
    FailureOr<scf::SCFTilingResult> tiled =
        tileAndReplace(rewriter, op, options);
    if (succeeded(tiled))
      vectorizeIfPossible(rewriter, tiled->tiledOps.back(), vectorSizes);
  }

  RewriterBase &rewriter;
  const ReduceTarget &target;
  bool strictFpOrder;
  unsigned threads;
  uint64_t minParallelBytes;
  /// The elements of the widest type in one register.
  unsigned lanes = 1;
  /// The innermost tile: `accumulators` registers of the widest element.
  int64_t tileSize = 1;
};

/// The `reduce-vectorize` pass.
struct ReduceVectorizePass
    : reduce::impl::ReduceVectorizePassBase<ReduceVectorizePass> {
  using Base::Base;

  /// The target description: the defaults, with the fields the options set.
  ReduceTarget getTarget() const {
    ReduceTarget target;
    target.vectorBits = vectorBits;
    target.streamVectorBits = streamVectorBits ? streamVectorBits : vectorBits;
    target.accumulators = accumulators;
    auto override = [](auto &field, auto option) {
      if (option)
        field = static_cast<std::remove_reference_t<decltype(field)>>(option);
    };
    override(target.minStreamBytes, uint64_t(minStreamBytes));
    override(target.streamRows, unsigned(streamRows));
    override(target.rowStreams, unsigned(rowStreams));
    override(target.outerRowsPerStep, unsigned(outerRowsPerStep));
    override(target.splitBlockTiles, unsigned(splitBlockTiles));
    override(target.maxShortRowBytes, uint64_t(maxShortRowBytes));
    override(target.maxRowRegisters, unsigned(maxRowRegisters));
    return target;
  }

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (vectorBits == 0 || accumulators == 0) {
      function.emitError() << "reduce-vectorize expects positive vector-bits "
                              "and accumulators, found vector-bits="
                           << static_cast<unsigned>(vectorBits)
                           << " and accumulators="
                           << static_cast<unsigned>(accumulators);
      return signalPassFailure();
    }

    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> reductions;
    function.walk([&](linalg::LinalgOp op) {
      if (isTensorReduction(op))
        reductions.push_back(op);
    });
    ReduceTarget target = getTarget();
    ReductionVectorizer vectorizer(rewriter, target, strictFpOrder, threads,
                                   minParallelBytes);
    for (linalg::LinalgOp op : reductions)
      vectorizer.run(op);

    // The remaining static linalg ops (fills, maps) are tiled into 1-D
    // vectors.
    SmallVector<linalg::LinalgOp> others;
    function.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && !op.hasDynamicShape())
        others.push_back(op);
    });
    for (linalg::LinalgOp op : others) {
      if (op.getNumReductionLoops() == 0)
        vectorizer.run(op);
      else
        vectorizeIfPossible(rewriter, op);
    }

    RewritePatternSet patterns(&getContext());
    patterns.add<TransposeReduceRows>(&getContext(), vectorBits);
    patterns.add<CombineLeadingRows>(&getContext(), /*benefit=*/2);
    patterns.add<SplitKeptLeadingDim>(&getContext(), /*benefit=*/2);
    patterns.add<DropUnitReducedDims>(&getContext(), /*benefit=*/3);
    patterns.add<UnrollNDAbsI>(&getContext());
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(patterns);
    vector::MultiDimReductionOp::getCanonicalizationPatterns(patterns,
                                                             &getContext());
    if (failed(applyPatternsGreedily(function, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
