//===- Strategies.h - Rewrites of the reduction vectorizer ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The rewrites that `reduce-vectorize` applies to a linalg op according to
// its plan (a plan attribute, chosen by Planner.h): they decide nothing. A
// plan that does not fit the op (written by hand) is an error on the op.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_TRANSFORMS_VECTORIZE_STRATEGIES_H
#define REDUCE_LIB_TRANSFORMS_VECTORIZE_STRATEGIES_H

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"

#include <algorithm>

namespace mlir::reduce::vectorize {

//===----------------------------------------------------------------------===//
// Normalization (Collapse.cpp)
//===----------------------------------------------------------------------===//

/// The runs of adjacent dims of the same iterator kind that every operand
/// of `op` indexes contiguously (static shapes only), each of at least two
/// dims: what collapseAdjacentDims merges.
SmallVector<ReassociationIndices> getCollapsibleDims(linalg::LinalgOp op);

/// The loop ranges `op` has after collapseAdjacentDims, computed without
/// rewriting it.
SmallVector<int64_t> getCollapsedLoopRanges(linalg::LinalgOp op);

/// Merges each run of adjacent dims of the same iterator kind that every
/// operand indexes contiguously into one dim, in an op with static shapes;
/// returns the collapsed op, else `op`. Plans are chosen on collapsed ops.
linalg::LinalgOp collapseAdjacentDims(RewriterBase &rewriter,
                                      linalg::LinalgOp op);

//===----------------------------------------------------------------------===//
// Splits (Split.cpp): one reduction becomes two, each planned on its own
//===----------------------------------------------------------------------===//

/// The two ops a split leaves: `partial` computes the input of `combine`.
struct SplitOps {
  linalg::LinalgOp partial;
  linalg::LinalgOp combine;
};

/// Returns true if `op` has the form that `splitShortRows` and
/// `splitLongRows` rewrite: one input indexed by every dim in order, one
/// init indexed by the kept dims, no `linalg.index`, the innermost dim
/// reduced, one binary combiner with a neutral element.
bool isShortRowsSplittable(linalg::LinalgOp op);

/// `split_short_rows`: the body of `op` with the innermost (short) reduced
/// dim kept, into a partial result filled with the combiner's neutral
/// element; then the combiner over the short dim of the partial result.
FailureOr<SplitOps> splitShortRows(RewriterBase &rewriter, linalg::LinalgOp op);

/// `split_long_rows`: the body of `op` with only the innermost (long) dim
/// reduced, into a partial result per row filled with the combiner's
/// neutral element; then the combiner over the other reduced dims of the
/// partial result. Same form as `splitShortRows`.
FailureOr<SplitOps> splitLongRows(RewriterBase &rewriter, linalg::LinalgOp op);

/// Returns true if `op`, on tensors, has one init and one combiner with a
/// neutral element.
bool hasNeutralCombiner(linalg::LinalgOp op);

/// Returns true if `splitIntoParts` can split `op` into `parts`: one init,
/// one reduced dim, static and a multiple of `parts`, one combiner with a
/// neutral element.
bool canSplitIntoParts(linalg::LinalgOp op, int64_t parts);

/// `split_blocks` and `split_threads`: the reduced dim of `op` split into
/// `parts` consecutive parts, a new outer parallel dim
/// (`linalg::splitReduction`); fails, with an error on the op, when
/// canSplitIntoParts does not hold.
FailureOr<SplitOps> splitIntoParts(RewriterBase &rewriter, linalg::LinalgOp op,
                                   int64_t parts);

//===----------------------------------------------------------------------===//
// Tiles (Threads.cpp, RowTiles.cpp, InnerReduction.cpp, OuterReduction.cpp,
// Elementwise.cpp)
//===----------------------------------------------------------------------===//

/// Tiles dim `dim` of `op` by `chunk` in an `scf.forall`, the fills of its
/// inits fused, and returns the tiled op.
FailureOr<linalg::LinalgOp> distributeOverThreads(RewriterBase &rewriter,
                                                  linalg::LinalgOp op,
                                                  int64_t dim, int64_t chunk);

/// Returns true if the 2-D reduction `op`, with loops of sizes `ranges`,
/// can be viewed as `rowStreams` parts of its rows, each a multiple of
/// `rowTile` rows.
bool canExpandRowStreams(linalg::LinalgOp op, ArrayRef<int64_t> ranges,
                         int64_t rowStreams, int64_t rowTile);

/// Rewrites the 2-D reduction `op` (rows x columns), for which
/// canExpandRowStreams holds, on a view of its operands as `rowStreams`
/// parts of the rows: a 3-D op (part x row x column), or with `blockRows`
/// (a multiple of `rowStreams` that divides the rows, less than all of
/// them) a 4-D op (block x part x row x column), whose results are
/// collapsed back. Returns it.
linalg::LinalgOp expandRowStreams(RewriterBase &rewriter, linalg::LinalgOp op,
                                  int64_t rowStreams, int64_t blockRows = 0);

/// `row_tiles`: tiles of `row_tile` rows, each row read whole, in
/// `row_streams` parts of the rows side by side.
LogicalResult vectorizeRowTiles(RewriterBase &rewriter, linalg::LinalgOp op,
                                RowTilesPlanAttr plan);

/// `inner`: vector accumulators of `inner_tile` along the innermost reduced
/// dim, `stream_rows` rows at once, or with `row_streams` > 1 one row from
/// each of `row_streams` parts of the rows at once.
LogicalResult vectorizeInnerReduction(RewriterBase &rewriter,
                                      linalg::LinalgOp op, InnerPlanAttr plan);

/// Returns true if the 2-D reduction `op` of columns (rows reduced, columns
/// kept), with loops of sizes `ranges`, can be viewed as `rowStreams` parts
/// of its rows read side by side.
bool canExpandOuterStreams(linalg::LinalgOp op, ArrayRef<int64_t> ranges,
                           int64_t rowStreams);

/// Returns true if `op` is an online softmax normalizer (Fusion/Online.h),
/// which the `inner` strategy reduces with vectorizeOnlineRow.
bool isOnlineRow(linalg::LinalgOp op);

/// `inner` for an online softmax normalizer tiled to one row: lanes of a
/// running maximum and a rescaled sum, `inner_tile` elements a step.
LogicalResult vectorizeOnlineRow(RewriterBase &rewriter, linalg::GenericOp op,
                                 InnerPlanAttr plan);

/// `outer`: vectors across the innermost kept dim, optionally blocked, the
/// rows optionally read as `row_streams` parts side by side.
LogicalResult vectorizeOuterReduction(RewriterBase &rewriter,
                                      linalg::LinalgOp op, OuterPlanAttr plan);

/// `elementwise`: 1-D vectors of `inner_tile` along the innermost dim.
LogicalResult vectorizeElementwise(RewriterBase &rewriter, linalg::LinalgOp op,
                                   ElementwisePlanAttr plan);

//===----------------------------------------------------------------------===//
// Vector patterns (VectorPatterns.cpp)
//===----------------------------------------------------------------------===//

/// The rows one shuffle tree reduces against each other in a tile of `rows`
/// rows of registers of `lanes` lanes: the largest power of two that
/// divides `rows`, at most `lanes` (a tile of more rows is several trees).
/// Below 2 there is no tree.
inline int64_t getShuffleTreeRows(int64_t rows, int64_t lanes) {
  return std::min(rows & -rows, lanes);
}

/// Adds the patterns that finish the vectorized reductions: unit reduced
/// dims dropped, leading rows combined, tiles of rows reduced by one shuffle
/// tree on registers of `vectorBits`, n-D `math.absi` unrolled, and the
/// upstream transfer and multi_reduction cleanups.
void populateReductionVectorPatterns(RewritePatternSet &patterns,
                                     unsigned vectorBits);

} // namespace mlir::reduce::vectorize

#endif // REDUCE_LIB_TRANSFORMS_VECTORIZE_STRATEGIES_H
