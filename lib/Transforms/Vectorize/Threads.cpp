//===- Threads.cpp - A reduction distributed over threads -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `threads` part of a plan: one parallel dim tiled into an
// `scf.forall`, which the pipeline runs on OpenMP threads.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"
#include "Utils.h"

using namespace mlir;
using namespace mlir::reduce::vectorize;

FailureOr<linalg::LinalgOp>
mlir::reduce::vectorize::distributeOverThreads(RewriterBase &rewriter,
                                               linalg::LinalgOp op,
                                               int64_t dim, int64_t chunk) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (dim >= static_cast<int64_t>(iterators.size()) ||
      linalg::isReductionIterator(iterators[dim]))
    return op->emitError("reduce.plan: expected threads dim to be a parallel "
                         "dim of the ")
           << iterators.size() << " loops, found " << dim;
  SmallVector<int64_t> tileSizes(iterators.size(), 0);
  tileSizes[dim] = chunk;
  scf::SCFTilingOptions options;
  options.setTileSizes(getIndexAttrs(rewriter, tileSizes))
      .setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  // Each thread fills its own part of the init: a fill before the forall
  // would run on one thread and, unless the tiles fuse it again, be read
  // back.
  FailureOr<SmallVector<Operation *>> tiledOps =
      tileAndFuseFills(rewriter, op, options);
  if (failed(tiledOps))
    return op->emitError("reduce.plan: cannot distribute this op over "
                         "threads: tiling dim ")
           << dim << " by " << chunk << " in an scf.forall failed";
  return cast<linalg::LinalgOp>(tiledOps->front());
}
