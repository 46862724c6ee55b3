//===- ReductionShapes.cpp - keep_dims and chains of reductions -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The shapes other dialects give reductions, folded into the reduce ops:
// the unit dims a reshape adds back or removes are keep_dims, and the chain
// of one-axis reductions TOSA writes for several axes is one reduction.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/RaiseToReduce/RaiseToReduce.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::reduce;

namespace {

/// Sets keep_dims on the reduce op `op` to `keepDims`.
template <typename... Ops>
void setKeepDims(Operation *op, bool keepDims, ReductionOpList<Ops...>) {
  (void)((isa<Ops>(op) ? (cast<Ops>(op).setKeepDims(keepDims), true)
                       : false) ||
         ...);
}

/// The static axes of `op`, normalized, when it has a static list and a
/// ranked input.
std::optional<SmallVector<int64_t>> getStaticAxes(ReductionOpInterface op) {
  std::optional<ArrayRef<int64_t>> axes = op.getAxes();
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!axes || !inputType)
    return std::nullopt;
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(*axes, inputType.getRank());
  if (failed(normalized))
    return std::nullopt;
  return std::move(*normalized);
}

/// Whether a reshape between `keptType` (the keep-dims shape, rank `rank`)
/// and the shape without the reduced `axes` only adds or removes those
/// unit dims: each group of `groups` (over the dims of `keptType`) holds one
/// kept dim and reduced dims of size 1; no group when every dim is reduced.
bool onlyReducedUnitDims(RankedTensorType keptType,
                         ArrayRef<ReassociationIndices> groups,
                         ArrayRef<int64_t> axes) {
  int64_t rank = keptType.getRank();
  auto isAxis = [&](int64_t dim) { return llvm::is_contained(axes, dim); };
  for (int64_t dim : axes)
    if (keptType.getDimSize(dim) != 1)
      return false;
  if (groups.empty())
    return static_cast<int64_t>(axes.size()) == rank;
  for (const ReassociationIndices &group : groups)
    if (llvm::count_if(group, [&](int64_t dim) { return !isAxis(dim); }) != 1)
      return false;
  return static_cast<int64_t>(groups.size() + axes.size()) == rank;
}

/// Replaces `reshape` by `op`, retyped to the reshape's result with
/// keep_dims set to `keepDims`.
void retypeInto(PatternRewriter &rewriter, Operation *reshape,
                Operation *op, bool keepDims) {
  rewriter.modifyOpInPlace(op, [&] {
    setKeepDims(op, keepDims, AllReductionOps());
    op->getResult(0).setType(reshape->getResult(0).getType());
  });
  rewriter.replaceOp(reshape, op->getResult(0));
}

/// expand_shape(reduce ... ) that re-inserts the reduced dims: keep_dims.
struct FoldKeepDimsExpand : OpRewritePattern<tensor::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExpandShapeOp expand,
                                PatternRewriter &rewriter) const override {
    auto reduction = expand.getSrc().getDefiningOp<ReductionOpInterface>();
    if (!reduction || reduction.getKeepDims() ||
        !expand.getSrc().hasOneUse())
      return failure();
    std::optional<SmallVector<int64_t>> axes = getStaticAxes(reduction);
    if (!axes || !onlyReducedUnitDims(expand.getResultType(),
                                      expand.getReassociationIndices(), *axes))
      return failure();
    retypeInto(rewriter, expand, reduction, /*keepDims=*/true);
    return success();
  }
};

/// collapse_shape(reduce ... keep_dims) that drops the reduced dims: no
/// keep_dims.
struct FoldKeepDimsCollapse : OpRewritePattern<tensor::CollapseShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::CollapseShapeOp collapse,
                                PatternRewriter &rewriter) const override {
    auto reduction = collapse.getSrc().getDefiningOp<ReductionOpInterface>();
    if (!reduction || !reduction.getKeepDims() ||
        !collapse.getSrc().hasOneUse())
      return failure();
    std::optional<SmallVector<int64_t>> axes = getStaticAxes(reduction);
    if (!axes || !onlyReducedUnitDims(collapse.getSrcType(),
                                      collapse.getReassociationIndices(),
                                      *axes))
      return failure();
    retypeInto(rewriter, collapse, reduction, /*keepDims=*/false);
    return success();
  }
};

/// reduce.K(reduce.K(x, A, keep_dims), B, keep_dims): reduce.K(x, A u B,
/// keep_dims), as TOSA writes a reduction over several axes.
struct MergeReductionChain
    : OpInterfaceRewritePattern<ReductionOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(ReductionOpInterface outer,
                                PatternRewriter &rewriter) const override {
    auto inner = outer.getInput().getDefiningOp<ReductionOpInterface>();
    if (!inner || !inner->hasOneUse() || !outer.getKeepDims() ||
        !inner.getKeepDims() ||
        inner.getReductionKind() != outer.getReductionKind() ||
        inner.getNanModeOrDefault() != outer.getNanModeOrDefault() ||
        // Exact for min, max, the logical ops and integer sums and
        // products (which wrap); up to the reassociation and the wider
        // accumulator for float sums and products.
        !reducesInSteps(outer.getReductionKind()))
      return failure();
    std::optional<SmallVector<int64_t>> innerAxes = getStaticAxes(inner);
    std::optional<SmallVector<int64_t>> outerAxes = getStaticAxes(outer);
    if (!innerAxes || !outerAxes)
      return failure();
    SmallVector<int64_t> axes = *innerAxes;
    llvm::append_range(axes, *outerAxes);
    llvm::sort(axes);
    axes.erase(llvm::unique(axes), axes.end());
    FailureOr<Value> merged = createReduction(
        rewriter, outer.getLoc(), outer.getReductionKind(), inner.getInput(),
        ArrayRef<int64_t>(axes), Value(), /*keepDims=*/true,
        EmptyAxesMode::noop, outer.getNanModeOrDefault());
    if (failed(merged))
      return failure();
    Value result = *merged;
    Type type = outer->getResult(0).getType();
    if (result.getType() != type)
      result = tensor::CastOp::create(rewriter, outer.getLoc(), type, result);
    rewriter.replaceOp(outer, result);
    return success();
  }
};

} // namespace

void mlir::reduce::populateRaiseKeepDimsPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldKeepDimsExpand, FoldKeepDimsCollapse, MergeReductionChain>(
      patterns.getContext());
}
