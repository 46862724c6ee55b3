//===- OnlineRows.cpp - Online softmax normalizers in vectors ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `inner` strategy of an online softmax normalizer (Fusion/Online.h),
// whose combiner upstream's vectorizer does not know: one row (every kept
// dim of size 1) is read in steps of `inner_tile` elements, as registers of
// `vector_bits`, into lanes of a running maximum and a rescaled sum (one
// step per tile: one exponential per element and one per register for the
// rescaling), then the lanes are reduced into the row's results.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"
#include "Utils.h"

#include "../Fusion/Online.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::reduce::vectorize;

bool mlir::reduce::vectorize::isOnlineRow(linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  bool nanPropagating = true;
  return generic && fusion::isOnlineSoftmax(generic, nanPropagating);
}

LogicalResult mlir::reduce::vectorize::vectorizeOnlineRow(
    RewriterBase &rewriter, linalg::GenericOp op, InnerPlanAttr plan) {
  bool nanPropagating = true;
  if (!fusion::isOnlineSoftmax(op, nanPropagating))
    return op->emitError("reduce.plan: expected an online softmax normalizer");
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t rank = ranges.size();
  OpOperand *input = op.getDpsInputOperand(0);
  // One row: the kept dims of size 1, the innermost reduced, read in order.
  if (op.getNumReductionLoops() != 1 ||
      !linalg::isReductionIterator(op.getIteratorTypesArray().back()) ||
      !op.getMatchingIndexingMap(input).isIdentity() ||
      llvm::any_of(ArrayRef(ranges).drop_back(),
                   [](int64_t size) { return size != 1; }) ||
      ShapedType::isDynamic(ranges.back()))
    return op->emitError("reduce.plan: expected one static row of an online "
                         "softmax normalizer for strategy inner, found loops ")
           << formatSizes(ranges);
  auto elementType = cast<FloatType>(getElementTypeOrSelf(input->get()));
  int64_t lanes =
      std::max<int64_t>(1, plan.getVectorBits() / elementType.getWidth());
  int64_t tile = plan.getInnerTile();
  if (tile % lanes != 0)
    lanes = tile;
  int64_t columns = ranges.back();
  auto laneType = VectorType::get({lanes}, elementType);

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> rowIndices(rank - 1, zero);
  Value m0 = tensor::ExtractOp::create(
      rewriter, loc, op.getDpsInitOperand(0)->get(), rowIndices);
  Value s0 = tensor::ExtractOp::create(
      rewriter, loc, op.getDpsInitOperand(1)->get(), rowIndices);
  double negInf = -std::numeric_limits<double>::infinity();
  auto splat = [&](double value) -> Value {
    return arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(laneType,
                               rewriter.getFloatAttr(elementType, value)));
  };
  // Past the row, -inf: no maximum, a zero term.
  Value padding = arith::ConstantOp::create(
      rewriter, loc, rewriter.getFloatAttr(elementType, negInf));
  bool inBounds = columns % tile == 0;
  auto loop = scf::ForOp::create(
      rewriter, loc, zero, arith::ConstantIndexOp::create(rewriter, loc, columns),
      arith::ConstantIndexOp::create(rewriter, loc, tile),
      ValueRange{splat(negInf), splat(0.0)},
      [&](OpBuilder &b, Location bodyLoc, Value column, ValueRange lanesIn) {
        SmallVector<Value> values;
        for (int64_t offset = 0; offset < tile; offset += lanes) {
          Value at = arith::AddIOp::create(
              b, bodyLoc, column,
              arith::ConstantIndexOp::create(b, bodyLoc, offset));
          SmallVector<Value> indices = rowIndices;
          indices.push_back(at);
          values.push_back(vector::TransferReadOp::create(
              b, bodyLoc, laneType, input->get(), indices, padding,
              ArrayRef<bool>{inBounds}));
        }
        auto [m, s] = fusion::buildOnlineStep(b, bodyLoc, nanPropagating,
                                              lanesIn[0], lanesIn[1], values);
        scf::YieldOp::create(b, bodyLoc, ValueRange{m, s});
      });
  auto [max, sum] =
      fusion::buildOnlineEnd(rewriter, loc, nanPropagating, loop.getResult(0),
                             loop.getResult(1), m0, s0);
  Value maxOut = tensor::InsertOp::create(
      rewriter, loc, max, op.getDpsInitOperand(0)->get(), rowIndices);
  Value sumOut = tensor::InsertOp::create(
      rewriter, loc, sum, op.getDpsInitOperand(1)->get(), rowIndices);
  rewriter.replaceOp(op, ValueRange{maxOut, sumOut});
  return success();
}
