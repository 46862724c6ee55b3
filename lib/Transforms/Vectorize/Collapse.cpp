//===- Collapse.cpp - Adjacent dims of a reduction collapsed ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The normalization every plan is chosen on: 6x12x10x24 reduced over
// [2, 3] becomes 72 rows of 240 contiguous elements, so that the innermost
// tile spans the whole run (15 registers) and not 720 rows of 24 (a
// register and a half, and a horizontal reduction per 10 rows).
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

SmallVector<ReassociationIndices>
mlir::reduce::vectorize::getCollapsibleDims(linalg::LinalgOp op) {
  // Static shapes only: collapsing dynamic dims crashed
  // expand-strided-metadata (a null size in the memref.reinterpret_cast
  // it builds for the collapse of a dynamic buffer).
  if (!op.hasPureTensorSemantics() || op.hasDynamicShape())
    return {};
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  // A constant index (the first element of a row, a unit dim of a weight)
  // has no dim to collapse with: linalg::collapseOpIterationDims builds a
  // reassociation of the wrong rank for its operand.
  if (!llvm::all_of(maps, [](AffineMap map) {
        return map.isProjectedPermutation(/*allowZeroInResults=*/false);
      }))
    return {};
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
  return groups;
}

SmallVector<int64_t>
mlir::reduce::vectorize::getCollapsedLoopRanges(linalg::LinalgOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> collapsed;
  auto groups = getCollapsibleDims(op);
  const ReassociationIndices *group = groups.begin();
  for (int64_t dim = 0, e = ranges.size(); dim < e; ++dim) {
    if (group == groups.end() || group->front() != dim) {
      collapsed.push_back(ranges[dim]);
      continue;
    }
    int64_t size = 1;
    for (int64_t member : *group)
      size *= ranges[member];
    collapsed.push_back(size);
    dim = group->back();
    ++group;
  }
  return collapsed;
}

linalg::LinalgOp
mlir::reduce::vectorize::collapseAdjacentDims(RewriterBase &rewriter,
                                              linalg::LinalgOp op) {
  SmallVector<ReassociationIndices> groups = getCollapsibleDims(op);
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
  // that the tiles can still fuse the fill: otherwise a separate masked
  // fill of the results is read back by the row tiles instead of a
  // constant.
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
