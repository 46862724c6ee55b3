//===- Split.cpp - One reduction split into two -----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The splits of the plans `split_short_rows`, `split_long_rows`,
// `split_blocks` and `split_threads`: a reduction becomes a partial
// reduction and the op that combines its results. Each of the two gets a
// plan of its own.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::reduce::vectorize;

/// Returns the single binary combiner of the first init of `op`, or null.
static Operation *getBinaryCombiner(linalg::LinalgOp op) {
  SmallVector<Operation *> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1 || combiners.front()->getNumOperands() != 2)
    return nullptr;
  return combiners.front();
}

bool mlir::reduce::vectorize::isShortRowsSplittable(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t rank = iterators.size();
  if (op.hasDynamicShape() || rank < 3 || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || !op.hasPureTensorSemantics() ||
      !linalg::isReductionIterator(iterators.back()) ||
      !op.getBlock()->getOps<linalg::IndexOp>().empty())
    return false;
  SmallVector<unsigned> keptDims;
  op.getParallelDims(keptDims);
  AffineMap keptMap =
      AffineMap::getMultiDimIdentityMap(rank, op.getContext())
          .getSubMap(keptDims);
  if (!op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isIdentity() ||
      op.getMatchingIndexingMap(op.getDpsInitOperand(0)) != keptMap)
    return false;
  Operation *combiner = getBinaryCombiner(op);
  return combiner && arith::getNeutralElement(combiner).has_value();
}

/// Splits `op` (for which isShortRowsSplittable holds) into a partial
/// reduction of the dims in `firstReduced`, into a result indexed by the
/// other dims in order and filled with the combiner's neutral element, and
/// the combiner over the remaining reduced dims of that result into the
/// init of `op`. The operand that was the accumulator stays the accumulator.
static SplitOps splitReducedDims(RewriterBase &rewriter, linalg::LinalgOp op,
                                 ArrayRef<unsigned> firstReduced) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t rank = ranges.size();
  MLIRContext *context = op.getContext();
  Operation *combiner = getBinaryCombiner(op);
  TypedAttr neutral = *arith::getNeutralElement(combiner);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, context);

  // The partial result: the dims the partial reduction keeps, in order.
  SmallVector<unsigned> partialDims;
  SmallVector<int64_t> partialShape;
  SmallVector<utils::IteratorType> partialIterators;
  for (int64_t dim = 0; dim < rank; ++dim) {
    bool reducedFirst = llvm::is_contained(firstReduced, dim);
    partialIterators.push_back(reducedFirst ? utils::IteratorType::reduction
                                            : utils::IteratorType::parallel);
    if (reducedFirst)
      continue;
    partialDims.push_back(dim);
    partialShape.push_back(ranges[dim]);
  }
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto initType = cast<RankedTensorType>(op.getDpsInits()[0].getType());
  Value partialInit =
      linalg::FillOp::create(
          rewriter, loc,
          arith::ConstantOp::create(rewriter, loc, neutral).getResult(),
          tensor::EmptyOp::create(rewriter, loc, partialShape,
                                  initType.getElementType())
              .getResult())
          .getResult(0);
  auto partial = linalg::GenericOp::create(
      rewriter, loc, partialInit.getType(), op.getDpsInputs(), partialInit,
      {op.getMatchingIndexingMap(op.getDpsInputOperand(0)),
       identity.getSubMap(partialDims)},
      partialIterators);
  rewriter.cloneRegionBefore(op->getRegion(0), partial.getRegion(),
                             partial.getRegion().end());

  // The combiner over the dims of the partial result that `op` reduces.
  int64_t partialRank = partialDims.size();
  SmallVector<unsigned> combineKept;
  SmallVector<utils::IteratorType> combineIterators;
  for (auto [position, dim] : llvm::enumerate(partialDims)) {
    combineIterators.push_back(iterators[dim]);
    if (!linalg::isReductionIterator(iterators[dim]))
      combineKept.push_back(position);
  }
  AffineMap partialIdentity =
      AffineMap::getMultiDimIdentityMap(partialRank, context);
  Value accumulator = op.getRegionOutputArgs()[0];
  auto combine = linalg::GenericOp::create(
      rewriter, loc, initType, partial.getResult(0), op.getDpsInits()[0],
      {partialIdentity, partialIdentity.getSubMap(combineKept)},
      combineIterators, [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        IRMapping mapping;
        for (Value operand : combiner->getOperands())
          mapping.map(operand, operand == accumulator ? args[1] : args[0]);
        Operation *combined = b.clone(*combiner, mapping);
        linalg::YieldOp::create(b, bodyLoc, combined->getResults());
      });
  rewriter.replaceOp(op, combine.getResults());
  return SplitOps{cast<linalg::LinalgOp>(partial.getOperation()),
                  cast<linalg::LinalgOp>(combine.getOperation())};
}

/// Emits the error of a plan `strategy` of the short- or long-rows split on
/// an op of another form.
static LogicalResult checkRowsSplittable(linalg::LinalgOp op,
                                         StringRef strategy) {
  if (isShortRowsSplittable(op))
    return success();
  return op->emitError("reduce.plan: expected a reduction of one input "
                       "indexed in dim order into one init, reducing the "
                       "innermost dim with one binary combiner, for "
                       "strategy ")
         << strategy;
}

FailureOr<SplitOps>
mlir::reduce::vectorize::splitShortRows(RewriterBase &rewriter,
                                        linalg::LinalgOp op) {
  if (failed(checkRowsSplittable(op, "split_short_rows")))
    return failure();
  SmallVector<unsigned> reducedDims;
  op.getReductionDims(reducedDims);
  reducedDims.pop_back();
  return splitReducedDims(rewriter, op, reducedDims);
}

FailureOr<SplitOps>
mlir::reduce::vectorize::splitLongRows(RewriterBase &rewriter,
                                       linalg::LinalgOp op) {
  if (failed(checkRowsSplittable(op, "split_long_rows")))
    return failure();
  unsigned innermost = op.getNumLoops() - 1;
  return splitReducedDims(rewriter, op, {innermost});
}

bool mlir::reduce::vectorize::hasNeutralCombiner(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1)
    return false;
  SmallVector<Operation *> combiners;
  return matchReduction(op.getRegionOutputArgs(), 0, combiners) &&
         combiners.size() == 1 &&
         arith::getNeutralElement(combiners.front()).has_value();
}

bool mlir::reduce::vectorize::canSplitIntoParts(linalg::LinalgOp op,
                                                int64_t parts) {
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  if (parts < 2 || reductionDims.size() != 1 || !hasNeutralCombiner(op))
    return false;
  int64_t size = op.getStaticLoopRanges()[reductionDims.front()];
  return !ShapedType::isDynamic(size) && size % parts == 0;
}

FailureOr<SplitOps>
mlir::reduce::vectorize::splitIntoParts(RewriterBase &rewriter,
                                        linalg::LinalgOp op, int64_t parts) {
  if (!canSplitIntoParts(op, parts))
    return op->emitError("reduce.plan: cannot split this reduction into ")
           << parts
           << " parts (one static reduced dim and a combiner with a "
              "neutral element expected)";
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::SplitReductionResult> split =
      linalg::splitReduction(rewriter, op, [&](linalg::LinalgOp) {
        return linalg::SplitReductionOptions{parts, /*index=*/0,
                                             /*innerParallel=*/false};
      });
  if (failed(split))
    return op->emitError("reduce.plan: linalg::splitReduction failed to "
                         "split this reduction into ")
           << parts << " parts";
  return SplitOps{split->splitLinalgOp, split->resultCombiningLinalgOp};
}
