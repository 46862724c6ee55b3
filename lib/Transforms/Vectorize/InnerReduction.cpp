//===- InnerReduction.cpp - Reductions along the innermost dim --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `inner` strategy: the innermost dim is reduced into vector
// accumulators of `inner_tile` elements along the row, reduced horizontally
// once per output element after the loops; `stream_rows` rows of the
// innermost kept dim are reduced at once, each with its own accumulators.
// With `row_streams` S > 1 (2-D rows, streamed), the rows are first viewed
// as S parts (rows s * R/S + j) and a step reduces row j of every part: S
// long contiguous streams for the prefetchers, where S adjacent rows would
// be S short ones. With `stream_block` B, the rows are first cut into
// blocks of B rows and each block is read as S parts, so that the parts lie
// at most B/S rows apart.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"
#include "Utils.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::reduce::vectorize;

/// Returns the innermost parallel dim of `op`, if any.
static std::optional<unsigned> getInnermostKeptDim(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (int64_t dim = iterators.size() - 1; dim >= 0; --dim)
    if (!linalg::isReductionIterator(iterators[dim]))
      return dim;
  return std::nullopt;
}

LogicalResult mlir::reduce::vectorize::vectorizeInnerReduction(
    RewriterBase &rewriter, linalg::LinalgOp op, InnerPlanAttr plan) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (ranges.empty() || !linalg::isReductionIterator(iterators.back()))
    return op->emitError(
        "reduce.plan: expected the innermost dim to be reduced for strategy "
        "inner");
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  int64_t rowStreams = plan.getRowStreams();
  if (failed(checkPlanVectorSizes(
          op, {plan.getInnerTile(), plan.getStreamRows(), rowStreams})))
    return failure();
  int64_t streamBlock = plan.getStreamBlock();
  if (rowStreams > 1 && !canExpandRowStreams(op, ranges, rowStreams, 1))
    return op->emitError(
               "reduce.plan: expected static 2-D rows that divide into ")
           << rowStreams << " parts for strategy inner, found loops of "
           << formatSizes(ranges);
  if (rowStreams > 1 && streamBlock > 0 && ranges[0] % streamBlock != 0)
    return op->emitError("reduce.plan: expected blocks of stream_block = ")
           << streamBlock << " rows to divide the " << ranges[0] << " rows";

  // The parallel dims first, by 1 (the innermost by `stream_rows`; the
  // parts whole): partial reduction tiling only tiles reduction dims.
  std::optional<unsigned> rowDim;
  int64_t rowsAtOnce = plan.getStreamRows();
  if (rowStreams > 1) {
    op = expandRowStreams(rewriter, op, rowStreams, streamBlock);
    ranges = op.getStaticLoopRanges();
    reductionDims.clear();
    op.getReductionDims(reductionDims);
    // (part, row, column) or (block, part, row, column).
    rowDim = ranges.size() - 3;
    rowsAtOnce = rowStreams;
  } else if (rowsAtOnce > 1) {
    rowDim = getInnermostKeptDim(op);
    if (!rowDim || ShapedType::isDynamic(ranges[*rowDim]) ||
        ranges[*rowDim] % plan.getStreamRows() != 0)
      return op->emitError("reduce.plan: expected a static kept dim that is "
                           "a multiple of stream_rows = ")
             << plan.getStreamRows();
  }
  if (op.getNumParallelLoops() > 0) {
    SmallVector<int64_t> parallelSizes(ranges.size(), 1);
    for (unsigned dim : reductionDims)
      parallelSizes[dim] = 0;
    if (rowDim)
      parallelSizes[*rowDim] = rowStreams > 1 ? 0 : rowsAtOnce;
    scf::SCFTilingOptions options;
    options.setTileSizes(getIndexAttrs(rewriter, parallelSizes));
    FailureOr<scf::SCFTilingResult> tiled =
        tileAndReplace(rewriter, op, options);
    if (failed(tiled))
      return op->emitError("reduce.plan: cannot apply ")
             << plan << ": tiling the kept dims by "
             << formatSizes(parallelSizes) << " failed";
    op = cast<linalg::LinalgOp>(tiled->tiledOps.back());
  }

  if (isOnlineRow(op))
    return vectorizeOnlineRow(rewriter, cast<linalg::GenericOp>(*op), plan);

  // The reduced dims: by 1 but the innermost one, by the vector tile.
  SmallVector<int64_t> tileSizes(ranges.size(), 0);
  for (unsigned dim : reductionDims)
    tileSizes[dim] = 1;
  tileSizes.back() = plan.getInnerTile();
  SmallVector<int64_t> vectorSizes(ranges.size(), 1);
  vectorSizes.back() = tileSizes.back();
  if (rowDim)
    vectorSizes[*rowDim] = rowsAtOnce;
  scf::SCFTilingOptions options;
  options.setTileSizes(getIndexAttrs(rewriter, tileSizes))
      .setReductionDims(reductionDims);

  // A partial reduction into a vector-shaped accumulator reassociates;
  // `ordered` reductions instead reduce each tile into the running value
  // with an ordered vector.reduction.
  if (!plan.getOrdered()) {
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
      return success();
    }
    options.setReductionTilingStrategy(ReductionTilingStrategy::FullReduction);
  }
  FailureOr<scf::SCFTilingResult> full = tileAndReplace(rewriter, op, options);
  if (failed(full))
    return op->emitError("reduce.plan: cannot apply ")
           << plan << ": tiling the reduced dims by " << formatSizes(tileSizes)
           << " failed";
  vectorizeIfPossible(rewriter, full->tiledOps.back(), vectorSizes);
  return success();
}
