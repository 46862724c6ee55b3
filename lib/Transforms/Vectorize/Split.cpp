//===- Split.cpp - One reduction split into two -----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The splits of the plans `split_short_rows`, `split_blocks` and
// `split_threads`: a reduction becomes a partial reduction and the op that
// combines its results. Each of the two gets a plan of its own.
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

FailureOr<SplitOps>
mlir::reduce::vectorize::splitShortRows(RewriterBase &rewriter,
                                        linalg::LinalgOp op) {
  if (!isShortRowsSplittable(op))
    return op->emitError("reduce.plan: expected a reduction of one input "
                         "indexed in dim order into one init, reducing the "
                         "innermost dim with one binary combiner, for "
                         "strategy split_short_rows");
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t rank = ranges.size();
  MLIRContext *context = op.getContext();
  AffineMap inputMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  SmallVector<unsigned> keptDims;
  op.getParallelDims(keptDims);
  Operation *combiner = getBinaryCombiner(op);
  TypedAttr neutral = *arith::getNeutralElement(combiner);

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto initType = cast<RankedTensorType>(op.getDpsInits()[0].getType());
  SmallVector<int64_t> partialShape(initType.getShape());
  partialShape.push_back(ranges.back());
  Value partialInit =
      linalg::FillOp::create(
          rewriter, loc,
          arith::ConstantOp::create(rewriter, loc, neutral).getResult(),
          tensor::EmptyOp::create(rewriter, loc, partialShape,
                                  initType.getElementType())
              .getResult())
          .getResult(0);
  keptDims.push_back(rank - 1);
  SmallVector<utils::IteratorType> partialIterators = iterators;
  partialIterators.back() = utils::IteratorType::parallel;
  auto partial = linalg::GenericOp::create(
      rewriter, loc, partialInit.getType(), op.getDpsInputs(), partialInit,
      {inputMap,
       AffineMap::getMultiDimIdentityMap(rank, context).getSubMap(keptDims)},
      partialIterators);
  rewriter.cloneRegionBefore(op->getRegion(0), partial.getRegion(),
                             partial.getRegion().end());

  // The combiner over the short dim; the operand that was the accumulator
  // stays the accumulator.
  int64_t partialRank = partialShape.size();
  AffineMap partialIdentity =
      AffineMap::getMultiDimIdentityMap(partialRank, context);
  SmallVector<utils::IteratorType> mergeIterators(
      partialRank - 1, utils::IteratorType::parallel);
  mergeIterators.push_back(utils::IteratorType::reduction);
  Value accumulator = op.getRegionOutputArgs()[0];
  auto merge = linalg::GenericOp::create(
      rewriter, loc, initType, partial.getResult(0), op.getDpsInits()[0],
      {partialIdentity, partialIdentity.getMajorSubMap(partialRank - 1)},
      mergeIterators, [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        IRMapping mapping;
        for (Value operand : combiner->getOperands())
          mapping.map(operand, operand == accumulator ? args[1] : args[0]);
        Operation *combined = b.clone(*combiner, mapping);
        linalg::YieldOp::create(b, bodyLoc, combined->getResults());
      });
  rewriter.replaceOp(op, merge.getResults());
  return SplitOps{cast<linalg::LinalgOp>(partial.getOperation()),
                  cast<linalg::LinalgOp>(merge.getOperation())};
}

bool mlir::reduce::vectorize::canSplitIntoParts(linalg::LinalgOp op,
                                                int64_t parts) {
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  if (parts < 2 || !op.hasPureTensorSemantics() ||
      op.getNumDpsInits() != 1 || reductionDims.size() != 1)
    return false;
  SmallVector<Operation *> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1 ||
      !arith::getNeutralElement(combiners.front()).has_value())
    return false;
  int64_t size = op.getStaticLoopRanges()[reductionDims.front()];
  return !ShapedType::isDynamic(size) && size % parts == 0;
}

FailureOr<SplitOps>
mlir::reduce::vectorize::splitIntoParts(RewriterBase &rewriter,
                                        linalg::LinalgOp op, int64_t parts) {
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::SplitReductionResult> split;
  {
    // An op whose body has no known neutral element cannot be split: the
    // caller plans it again without a split.
    ScopedDiagnosticHandler silence(op->getContext(),
                                    [](Diagnostic &) { return success(); });
    split = linalg::splitReduction(rewriter, op, [&](linalg::LinalgOp) {
      return linalg::SplitReductionOptions{parts, /*index=*/0,
                                           /*innerParallel=*/false};
    });
  }
  if (failed(split))
    return failure();
  return SplitOps{split->splitLinalgOp, split->resultCombiningLinalgOp};
}
