//===- OuterReduction.cpp - Reductions of outer dims ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `outer` strategy: the innermost dim is kept and vectorized across by
// `inner_tile`; the reduced dims are tiled by 1 (the innermost reduced one
// by `rows_per_step`) in the innermost loops, so that the body is
// elementwise vector code with no horizontal reduction. A long kept dim is
// first blocked by `kept_block` (accumulators in L1), rows inside the block
// (`block_rows` of them per step), so that each row of the block is read in
// order instead of one vector tile per row with a stride. With `row_streams`
// S > 1 (a 2-D reduction of columns), the rows are first viewed as S parts
// (rows s * R/S + j): each step adds row j of every part, so the input is
// read as S long contiguous streams instead of S short rows one after the
// other (a row is often only a few pages, and the prefetchers start over on
// every page).
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"
#include "Utils.h"

using namespace mlir;
using namespace mlir::reduce::vectorize;

/// Returns true if `size` is a static multiple of `step`.
static bool isStaticMultiple(int64_t size, int64_t step) {
  return !ShapedType::isDynamic(size) && size % step == 0;
}

bool mlir::reduce::vectorize::canExpandOuterStreams(linalg::LinalgOp op,
                                                    ArrayRef<int64_t> ranges,
                                                    int64_t rowStreams) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (ranges.size() != 2 || ShapedType::isDynamicShape(ranges) ||
      !linalg::isReductionIterator(iterators[0]) ||
      linalg::isReductionIterator(iterators[1]) || rowStreams < 2 ||
      ranges[0] % rowStreams != 0 ||
      !op.getBlock()->getOps<linalg::IndexOp>().empty())
    return false;
  MLIRContext *context = op.getContext();
  AffineMap rowsAndColumns = AffineMap::getMultiDimIdentityMap(2, context);
  AffineMap columns = AffineMap::get(2, 0, getAffineDimExpr(1, context));
  for (OpOperand *input : op.getDpsInputOperands())
    if (!isa<RankedTensorType>(input->get().getType()) ||
        op.getMatchingIndexingMap(input) != rowsAndColumns)
      return false;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!isa<RankedTensorType>(init.get().getType()) ||
        op.getMatchingIndexingMap(&init) != columns)
      return false;
  return true;
}

/// Rewrites the 2-D reduction of columns `op` on a view of its inputs as
/// `rowStreams` parts of the rows: loops (row in part, part, column), the
/// part the innermost reduced one, so that a step over it reads one row of
/// each part. Returns the new op.
static linalg::LinalgOp expandOuterStreams(RewriterBase &rewriter,
                                           linalg::LinalgOp op,
                                           int64_t rowStreams) {
  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> inputs;
  for (Value input : op.getDpsInputs())
    inputs.push_back(expandLeadingDim(rewriter, loc, input, rowStreams));
  AffineExpr row, part, column;
  bindDims(context, row, part, column);
  SmallVector<AffineMap> maps(inputs.size(),
                              AffineMap::get(3, 0, {part, row, column},
                                             context));
  maps.append(op.getNumDpsInits(), AffineMap::get(3, 0, {column}, context));
  auto parts = linalg::GenericOp::create(
      rewriter, loc, op->getResultTypes(), inputs, op.getDpsInits(), maps,
      {utils::IteratorType::reduction, utils::IteratorType::reduction,
       utils::IteratorType::parallel});
  rewriter.cloneRegionBefore(op->getRegion(0), parts.getRegion(),
                             parts.getRegion().end());
  rewriter.replaceOp(op, parts.getResults());
  return parts;
}

LogicalResult mlir::reduce::vectorize::vectorizeOuterReduction(
    RewriterBase &rewriter, linalg::LinalgOp op, OuterPlanAttr plan) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (int64_t streams = plan.getRowStreams(); streams > 1) {
    if (!canExpandOuterStreams(op, ranges, streams))
      return op->emitError("reduce.plan: expected a 2-D reduction of "
                           "columns whose rows divide into ")
             << streams << " parts for strategy outer with row_streams";
    op = expandOuterStreams(rewriter, op, streams);
    ranges = op.getStaticLoopRanges();
  }
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  if (ranges.empty() || linalg::isReductionIterator(iterators.back()) ||
      reductionDims.empty())
    return op->emitError("reduce.plan: expected a reduction whose innermost "
                         "dim is kept for strategy outer");
  unsigned rowDim = reductionDims.back();
  int64_t rowStep = std::max(plan.getBlockRows(), plan.getRowsPerStep());
  if (rowStep > 1 && !isStaticMultiple(ranges[rowDim], rowStep))
    return op->emitError("reduce.plan: expected the innermost reduced dim ")
           << "to be a static multiple of block_rows and rows_per_step, "
              "found "
           << formatSizes(ranges[rowDim]);

  if (failed(checkPlanVectorSizes(
          op, {plan.getInnerTile(), plan.getRowsPerStep()})))
    return failure();

  if (int64_t block = plan.getKeptBlock()) {
    SmallVector<int64_t> blockSizes(ranges.size(), 1);
    blockSizes.back() = block == ranges.back() ? 0 : block;
    blockSizes[rowDim] = plan.getBlockRows();
    FailureOr<scf::SCFTilingResult> blocked =
        tileParallelFirst(rewriter, op, blockSizes);
    if (failed(blocked))
      return op->emitError("reduce.plan: cannot apply ")
             << plan << ": tiling by blocks of " << formatSizes(blockSizes)
             << " failed";
    op = cast<linalg::LinalgOp>(blocked->tiledOps.back());
    ranges = op.getStaticLoopRanges();
  }
  int64_t innerTile = plan.getInnerTile();
  SmallVector<int64_t> tileSizes(ranges.size(), 1);
  SmallVector<int64_t> vectorSizes(ranges.size(), 1);
  tileSizes.back() = innerTile == ranges.back() ? 0 : innerTile;
  vectorSizes.back() = innerTile;
  if (int64_t step = plan.getRowsPerStep(); step > 1) {
    // A masked vector.multi_reduction must stay the single op of its
    // vector.mask: rows in steps only with unmasked vectors.
    if (!isStaticMultiple(ranges.back(), innerTile) ||
        !isStaticMultiple(ranges[rowDim], step))
      return op->emitError("reduce.plan: expected unmasked tiles of ")
             << innerTile << " x " << step
             << " rows for rows_per_step > 1";
    tileSizes[rowDim] = ranges[rowDim] == step ? 0 : step;
    vectorSizes[rowDim] = step;
  }
  FailureOr<scf::SCFTilingResult> tiled =
      tileParallelFirst(rewriter, op, tileSizes);
  if (failed(tiled))
    return op->emitError("reduce.plan: cannot apply ")
           << plan << ": tiling by " << formatSizes(tileSizes) << " failed";
  vectorizeIfPossible(rewriter, tiled->tiledOps.back(), vectorSizes);
  return success();
}
