//===- RowTiles.cpp - Short rows reduced a tile of rows at once -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `row_tiles` strategy: short or medium rows, reduced a tile of
// `row_tile` rows at a time, each row read whole as one
// `vector<row_tile x columns>`; the `vector.multi_reduction` across each row
// is then lowered by a shuffle tree that reduces the rows against each
// other (VectorPatterns.cpp) instead of one horizontal reduction per row. A
// streamed input is first viewed as `row_streams` parts of the rows, and
// each step reads one tile of every part.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"
#include "Utils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/Support/MathExtras.h"

#include <functional>

using namespace mlir;
using namespace mlir::reduce::vectorize;

bool mlir::reduce::vectorize::canExpandRowStreams(linalg::LinalgOp op,
                                                  ArrayRef<int64_t> ranges,
                                                  int64_t rowStreams,
                                                  int64_t rowTile) {
  // The stride of a part, partRows * columns, must not overflow.
  int64_t elements;
  if (ranges.size() != 2 || op.getNumReductionLoops() != 1 ||
      ShapedType::isDynamicShape(ranges) ||
      ranges[0] % (rowStreams * rowTile) != 0 ||
      llvm::MulOverflow(ranges[0], ranges[1], elements) ||
      !op.getBlock()->getOps<linalg::IndexOp>().empty())
    return false;
  AffineMap rowsAndColumns =
      AffineMap::getMultiDimIdentityMap(2, op.getContext());
  AffineMap rowsOnly = rowsAndColumns.getMajorSubMap(1);
  return llvm::all_of(op->getOpOperands(), [&](OpOperand &operand) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    return isa<RankedTensorType>(operand.get().getType()) &&
           (map == rowsAndColumns || map == rowsOnly);
  });
}

linalg::LinalgOp mlir::reduce::vectorize::expandRowStreams(
    RewriterBase &rewriter, linalg::LinalgOp op, int64_t rowStreams,
    int64_t blockRows) {
  MLIRContext *context = op.getContext();
  AffineMap rowsAndColumns = AffineMap::getMultiDimIdentityMap(2, context);
  if (blockRows == op.getStaticLoopRanges()[0])
    blockRows = 0;
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  std::function<Value(Value)> expand = [&](Value value) -> Value {
    // A fill of the init is rebuilt on the parts of its destination, so
    // that it still fuses into the tiles and writes where the fill did (in
    // a thread's part of the result, not a buffer of its own). It keeps
    // its plan: collapsed, it is the same 1-D fill.
    if (auto fill = value.getDefiningOp<linalg::FillOp>()) {
      auto refilled = linalg::FillOp::create(rewriter, loc, fill.getInputs(),
                                             expand(fill.getOutputs().front()));
      refilled->setDiscardableAttrs(fill->getDiscardableAttrDictionary());
      return refilled.getResult(0);
    }
    return expandLeadingDim(rewriter, loc, value, rowStreams, blockRows);
  };
  // The rows become (part, row) or (block, part, row) loops.
  unsigned rowDims = blockRows > 0 ? 3 : 2;
  SmallVector<AffineExpr> rows = llvm::map_to_vector(
      llvm::seq<unsigned>(0, rowDims),
      [&](unsigned dim) { return getAffineDimExpr(dim, context); });
  AffineExpr column = getAffineDimExpr(rowDims, context);
  SmallVector<AffineExpr> rowsThenColumn = rows;
  rowsThenColumn.push_back(column);
  SmallVector<AffineMap> maps;
  for (OpOperand &operand : op->getOpOperands())
    maps.push_back(AffineMap::get(rowDims + 1, 0,
                                  op.getMatchingIndexingMap(&operand) ==
                                          rowsAndColumns
                                      ? rowsThenColumn
                                      : rows,
                                  context));
  // Through a lambda: a mapped_iterator copying the std::function is a
  // GCC 12 -Wmaybe-uninitialized false positive.
  auto expandValue = [&](Value value) { return expand(value); };
  SmallVector<Value> inputs =
      llvm::map_to_vector(op.getDpsInputs(), expandValue);
  SmallVector<Value> inits = llvm::map_to_vector(op.getDpsInits(), expandValue);
  SmallVector<utils::IteratorType> iterators(rowDims,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto parts = linalg::GenericOp::create(rewriter, loc,
                                         ValueRange(inits).getTypes(), inputs,
                                         inits, maps, iterators);
  rewriter.cloneRegionBefore(op->getRegion(0), parts.getRegion(),
                             parts.getRegion().end());
  SmallVector<Value> results;
  ReassociationIndices leading =
      llvm::to_vector(llvm::seq<int64_t>(0, rowDims));
  for (Value result : parts.getResults())
    results.push_back(tensor::CollapseShapeOp::create(
        rewriter, loc, result, ArrayRef<ReassociationIndices>{leading}));
  rewriter.replaceOp(op, results);
  return parts;
}

LogicalResult mlir::reduce::vectorize::vectorizeRowTiles(
    RewriterBase &rewriter, linalg::LinalgOp op, RowTilesPlanAttr plan) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t rowTile = plan.getRowTile();
  int64_t rank = ranges.size();
  if (rank < 2 || op.getNumReductionLoops() != 1 ||
      !linalg::isReductionIterator(iterators.back()) ||
      linalg::isReductionIterator(iterators[rank - 2]) ||
      ShapedType::isDynamic(ranges.back()))
    return op->emitError("reduce.plan: expected rows (a kept dim then the "
                         "only reduced dim, static) for strategy row_tiles");
  if (failed(checkPlanVectorSizes(
          op, {plan.getRowStreams(), rowTile, ranges.back()})))
    return failure();
  bool streams = plan.getRowStreams() > 1;
  if (streams &&
      !canExpandRowStreams(op, ranges, plan.getRowStreams(), rowTile))
    return op->emitError("reduce.plan: expected 2-D rows that divide into ")
           << plan.getRowStreams() << " parts of tiles of " << rowTile
           << " rows, found loops of " << formatSizes(ranges);
  if (streams) {
    op = expandRowStreams(rewriter, op, plan.getRowStreams());
    ranges = op.getStaticLoopRanges();
    rank = ranges.size();
  }
  SmallVector<int64_t> tileSizes(rank, 1);
  tileSizes[rank - 2] = rowTile;
  tileSizes.back() = 0;
  SmallVector<int64_t> vectorSizes(rank, 1);
  vectorSizes[rank - 2] = rowTile;
  vectorSizes.back() = ranges.back();
  if (streams) {
    tileSizes.front() = 0;
    vectorSizes.front() = plan.getRowStreams();
  }
  // The fill of the init is fused into the loop: there is one output per
  // short row, so a separate fill would write, and the loop read back, up to
  // half of the input's bytes again; fused, the init of each tile is a
  // constant.
  scf::SCFTilingOptions options;
  options.setTileSizes(getIndexAttrs(rewriter, tileSizes));
  FailureOr<SmallVector<Operation *>> tiledOps =
      tileAndFuseFills(rewriter, op, options);
  if (failed(tiledOps))
    return op->emitError("reduce.plan: cannot apply ")
           << plan << ": tiling by " << formatSizes(tileSizes) << " failed";
  vectorizeIfPossible(rewriter, tiledOps->front(), vectorSizes);
  for (Operation *fused : llvm::drop_begin(*tiledOps))
    vectorizeIfPossible(rewriter, fused);
  return success();
}
