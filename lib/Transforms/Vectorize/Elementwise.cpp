//===- Elementwise.cpp - Linalg ops with no reduced dim ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `elementwise` strategy (fills, maps): the outer dims are tiled by 1
// and the innermost dim by `inner_tile`, so that the vectors are 1-D and of
// bounded size whatever the shape. A whole n-D vector would reach the LLVM
// lowering, which does not unroll every op on n-D vectors (e.g.
// `math.absi`), and a big shape would unroll into huge code.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"
#include "Utils.h"

using namespace mlir;
using namespace mlir::reduce::vectorize;

LogicalResult mlir::reduce::vectorize::vectorizeElementwise(
    RewriterBase &rewriter, linalg::LinalgOp op, ElementwisePlanAttr plan) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (op.getNumReductionLoops() != 0)
    return op->emitError("reduce.plan: expected no reduced dim for strategy "
                         "elementwise, found ")
           << op.getNumReductionLoops();
  if (ranges.empty()) {
    vectorizeIfPossible(rewriter, op);
    return success();
  }
  if (failed(checkPlanVectorSizes(op, {plan.getInnerTile()})))
    return failure();
  SmallVector<int64_t> tileSizes(ranges.size(), 1);
  SmallVector<int64_t> vectorSizes(ranges.size(), 1);
  int64_t innerTile = plan.getInnerTile();
  tileSizes.back() = innerTile == ranges.back() ? 0 : innerTile;
  vectorSizes.back() = innerTile;
  for (auto [dim, size] : llvm::enumerate(ranges))
    if (size == 1)
      tileSizes[dim] = 0;
  if (llvm::all_of(tileSizes, [](int64_t size) { return size == 0; })) {
    vectorizeIfPossible(rewriter, op, vectorSizes);
    return success();
  }
  scf::SCFTilingOptions options;
  options.setTileSizes(getIndexAttrs(rewriter, tileSizes));
  FailureOr<scf::SCFTilingResult> tiled = tileAndReplace(rewriter, op, options);
  if (failed(tiled))
    return op->emitError("reduce.plan: cannot apply ")
           << plan << ": tiling by " << formatSizes(tileSizes) << " failed";
  vectorizeIfPossible(rewriter, tiled->tiledOps.back(), vectorSizes);
  return success();
}
