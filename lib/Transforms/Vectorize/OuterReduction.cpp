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
// order instead of one vector tile per row with a stride.
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

LogicalResult mlir::reduce::vectorize::vectorizeOuterReduction(
    RewriterBase &rewriter, linalg::LinalgOp op, PlanAttr plan) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
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
           << (ShapedType::isDynamic(ranges[rowDim])
                   ? std::string("?")
                   : std::to_string(ranges[rowDim]));

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
      return success();
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
  if (succeeded(tiled))
    vectorizeIfPossible(rewriter, tiled->tiledOps.back(), vectorSizes);
  return success();
}
