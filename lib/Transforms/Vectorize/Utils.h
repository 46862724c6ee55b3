//===- Utils.h - Helpers of the reduction vectorizer ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Queries on linalg ops shared by the planner and the strategies of
// `reduce-plan` / `reduce-vectorize`, and the tiling and vectorization
// calls the strategies are built from.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_TRANSFORMS_VECTORIZE_UTILS_H
#define REDUCE_LIB_TRANSFORMS_VECTORIZE_UTILS_H

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::reduce::vectorize {

/// The name of the attribute that carries the plan of a linalg op.
inline constexpr llvm::StringLiteral kPlanAttrName =
    ReduceDialect::PlanAttrHelper::getNameStr();

/// Returns the plan `op` records (kPlanAttrName), or null when it records
/// none; fails, with an error on the op, when the attribute is not a plan.
FailureOr<PlanAttrInterface> getRecordedPlan(Operation *op);

/// Returns true if `op` is a linalg op on ranked tensors with at least one
/// reduction iterator: the ops the strategies tile.
bool isTensorReduction(linalg::LinalgOp op);

/// Returns the linalg ops under `root` for which isTensorReduction holds, in
/// walk order.
SmallVector<linalg::LinalgOp> collectTensorReductions(Operation *root);

/// Returns true if `op` is a linalg op on tensors with static shapes and no
/// reduction iterator (fills, maps): the ops the `elementwise` strategy
/// tiles.
bool isPlannedElementwise(linalg::LinalgOp op);

/// Returns the widest element type of the data of `op`, in bits; i1 flags
/// do not count. Vectors are sized after it.
unsigned getWidestElementBits(linalg::LinalgOp op);

/// Returns the widest element type of the inputs of `op`, in bits, as
/// getWidestElementBits: narrower than it when the accumulators are widened
/// (f32 products in f64, `f64-accumulation`, f16 in f32).
unsigned getWidestInputElementBits(linalg::LinalgOp op);

/// Returns the bytes of the ranked tensor inputs of `op` (static shapes),
/// saturating: static dims near 2^62 are legal.
uint64_t getStaticInputBytes(linalg::LinalgOp op);

/// Returns true if `op` combines values with a float addition, whose result
/// depends on the order of the reduction.
bool hasFloatAddCombiner(linalg::LinalgOp op);

/// Returns true if a combiner of an init of `op` is a NaN-propagating float
/// minimum or maximum (`arith.minimumf`, `arith.maximumf`).
bool hasFloatMinMaxCombiner(linalg::LinalgOp op);

/// Returns the loop order that puts the parallel loops of `op` outside and
/// its reduction loops inside, each group in dim order.
SmallVector<int64_t> getParallelFirstOrder(linalg::LinalgOp op);

/// Returns `sizes` as index attributes.
SmallVector<OpFoldResult> getIndexAttrs(OpBuilder &b, ArrayRef<int64_t> sizes);

/// A view of the tensor `value` with its leading dim split into `parts`
/// consecutive parts (`tensor.expand_shape` to parts x rows/parts x ...),
/// or with `blockRows` > 0 into blocks of `blockRows` rows, each split into
/// `parts` parts (rows/blockRows x parts x blockRows/parts x ...).
Value expandLeadingDim(OpBuilder &b, Location loc, Value value, int64_t parts,
                       int64_t blockRows = 0);

/// Returns `sizes` as "4 x ? x 16", with "?" for a dynamic size: loop or
/// vector sizes in a diagnostic.
std::string formatSizes(ArrayRef<int64_t> sizes);

/// Vectorizes `op` with `vectorSizes` (masked where the sizes are dynamic
/// or smaller), or as is when `vectorSizes` is empty. Ops that the
/// vectorizer cannot handle are left for the scalar path.
void vectorizeIfPossible(RewriterBase &rewriter, Operation *op,
                         ArrayRef<int64_t> vectorSizes = {});

/// Fails, with an error on `op`, when the vectors of `vectorSizes` would
/// have more than `kMaxPlanVectorElements` elements: a plan written by hand
/// must not unroll into huge code.
LogicalResult checkPlanVectorSizes(linalg::LinalgOp op,
                                   ArrayRef<int64_t> vectorSizes);

/// The most elements of a vector that a plan may ask for (the planner's
/// own tiles stay far below).
inline constexpr int64_t kMaxPlanVectorElements = int64_t(1) << 20;

/// Tiles `op` with `options` and replaces it by the tiled loops.
FailureOr<scf::SCFTilingResult>
tileAndReplace(RewriterBase &rewriter, linalg::LinalgOp op,
               const scf::SCFTilingOptions &options);

/// Tiles `op` with `options`, fusing the `linalg.fill`s that produce its
/// inits into the tiles, and replaces it by the tiled loops. Returns the
/// tiled op followed by the fused fills, or failure.
FailureOr<SmallVector<Operation *>>
tileAndFuseFills(RewriterBase &rewriter, linalg::LinalgOp op,
                 const scf::SCFTilingOptions &options);

/// Tiles `op` by `tileSizes` with the parallel loops outside the reduction
/// loops, and replaces it.
FailureOr<scf::SCFTilingResult> tileParallelFirst(RewriterBase &rewriter,
                                                  linalg::LinalgOp op,
                                                  ArrayRef<int64_t> tileSizes);

} // namespace mlir::reduce::vectorize

#endif // REDUCE_LIB_TRANSFORMS_VECTORIZE_UTILS_H
