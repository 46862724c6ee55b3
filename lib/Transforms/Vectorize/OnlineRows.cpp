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
// dim of size 1) of each input is read in steps of `inner_tile` elements,
// as registers of `vector_bits`; the body's elementwise prologue computes t
// on them (its ops on vectors), t is -inf past the row; each step updates
// lanes of a running maximum and of a sum of exponentials about a shift
// that moves only when a value exceeds it by more than kLazyShift (one
// exponential per element, and one per step that moves it), and the lanes
// are reduced into the row's results.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"
#include "Utils.h"

#include "../Fusion/Online.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

#include <cmath>

using namespace mlir;
using namespace mlir::reduce::vectorize;

bool mlir::reduce::vectorize::isOnlineRow(linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  bool nanPropagating = true;
  return generic && fusion::isOnlineSoftmax(generic, nanPropagating);
}

/// Returns `op` (elementwise, on scalars) on `operands` of `lanes`-wide
/// vectors: its vector form.
static Value cloneOnVectors(OpBuilder &b, Operation *op, ValueRange operands,
                            int64_t lanes) {
  Type type = VectorType::get({lanes}, op->getResult(0).getType());
  OperationState state(op->getLoc(), op->getName(), operands, TypeRange{type},
                       op->getAttrs());
  return b.create(state)->getResult(0);
}

LogicalResult mlir::reduce::vectorize::vectorizeOnlineRow(
    RewriterBase &rewriter, linalg::GenericOp op, InnerPlanAttr plan) {
  bool nanPropagating = true;
  if (!fusion::isOnlineSoftmax(op, nanPropagating))
    return op->emitError("reduce.plan: expected an online softmax normalizer");
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t rank = ranges.size();
  // One row: the kept dims of size 1, the innermost reduced, read in order.
  if (op.getNumReductionLoops() != 1 ||
      !linalg::isReductionIterator(op.getIteratorTypesArray().back()) ||
      llvm::any_of(op.getDpsInputOperands(),
                   [&](OpOperand *input) {
                     return !op.getMatchingIndexingMap(input).isIdentity();
                   }) ||
      llvm::any_of(ArrayRef(ranges).drop_back(),
                   [](int64_t size) { return size != 1; }) ||
      ShapedType::isDynamic(ranges.back()))
    return op->emitError("reduce.plan: expected one static row of an online "
                         "softmax normalizer for strategy inner, found loops ")
           << formatSizes(ranges);
  Block *body = op.getBody();
  Value t = body->getTerminator()->getOperand(0).getDefiningOp()->getOperand(0);
  SmallVector<Operation *> prologue = fusion::getOnlinePrologue(body, t);
  auto elementType = cast<FloatType>(t.getType());
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
  auto splat = [&](OpBuilder &b, double value) -> Value {
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(laneType, b.getFloatAttr(elementType, value)));
  };
  // The tile's values of t at `column`; `masked`, t is -inf past the row.
  Value columnCount = arith::ConstantIndexOp::create(rewriter, loc, columns);
  auto buildValues = [&](OpBuilder &b, Location bodyLoc, Value column,
                         bool masked) {
    SmallVector<Value> values;
    for (int64_t offset = 0; offset < tile; offset += lanes) {
      Value at = arith::AddIOp::create(
          b, bodyLoc, column, arith::ConstantIndexOp::create(b, bodyLoc, offset));
      SmallVector<Value> indices = rowIndices;
      indices.push_back(at);
      // The inputs as vectors, then t by the body's ops on vectors (values
      // from outside the body broadcast).
      IRMapping mapping;
      for (OpOperand *input : op.getDpsInputOperands()) {
        Type type = getElementTypeOrSelf(input->get());
        Value padding = arith::ConstantOp::create(
            b, bodyLoc, cast<TypedAttr>(b.getZeroAttr(type)));
        mapping.map(op.getMatchingBlockArgument(input),
                    vector::TransferReadOp::create(
                        b, bodyLoc, VectorType::get({lanes}, type),
                        input->get(), indices, padding,
                        ArrayRef<bool>{!masked}));
      }
      for (Operation *scalar : prologue) {
        if (scalar->hasTrait<OpTrait::ConstantLike>()) {
          b.clone(*scalar, mapping);
          continue;
        }
        SmallVector<Value> operands;
        for (Value operand : scalar->getOperands()) {
          Value mapped = mapping.lookupOrDefault(operand);
          if (!isa<VectorType>(mapped.getType()))
            mapped = vector::BroadcastOp::create(
                b, bodyLoc, VectorType::get({lanes}, mapped.getType()), mapped);
          operands.push_back(mapped);
        }
        mapping.map(scalar->getResult(0),
                    cloneOnVectors(b, scalar, operands, lanes));
      }
      Value value = mapping.lookupOrDefault(t);
      if (!isa<VectorType>(value.getType()))
        value = vector::BroadcastOp::create(b, bodyLoc, laneType, value);
      if (masked) {
        Value left = arith::SubIOp::create(b, bodyLoc, columnCount, at);
        Value mask = vector::CreateMaskOp::create(
            b, bodyLoc, VectorType::get({lanes}, b.getI1Type()),
            ValueRange{left});
        value =
            arith::SelectOp::create(b, bodyLoc, mask, value, splat(b, negInf));
      }
      values.push_back(value);
    }
    return values;
  };
  // The lanes carry the running maximum `m`, a shift `c` and s = sum of
  // exp(t - c). A step whose every lane has a finite shift and values of at
  // most c + kLazyShift (no NaN) only adds exp(t - c): the shift stays, no
  // rescaling, and the exponentials wait on no maximum. Any other step is
  // the online step on (c, s), which takes c to the maximum. So c <= m,
  // m <= c + kLazyShift where they differ, and each term is at most
  // e^kLazyShift < 2^47 (a sum of up to 2^80 of them is finite in f32).
  constexpr double kLazyShift = 32.0;
  auto buildMaxOf = [&](OpBuilder &b, Location bodyLoc, Value x, Value y) {
    return fusion::buildMaxOf(b, bodyLoc, nanPropagating, {x, y});
  };
  auto buildLazyStep = [&](OpBuilder &b, Location bodyLoc,
                           ArrayRef<Value> values, ValueRange lanesIn) {
    Value m = lanesIn[0], c = lanesIn[1], s = lanesIn[2];
    Value tileMax = fusion::buildMaxOf(b, bodyLoc, nanPropagating, values);
    Value within = arith::CmpFOp::create(
        b, bodyLoc, arith::CmpFPredicate::OLE, tileMax,
        arith::AddFOp::create(b, bodyLoc, c, splat(b, kLazyShift)));
    Value finite = arith::CmpFOp::create(b, bodyLoc, arith::CmpFPredicate::OGT,
                                         c, splat(b, negInf));
    Value all = vector::ReductionOp::create(
        b, bodyLoc, vector::CombiningKind::AND,
        arith::AndIOp::create(b, bodyLoc, within, finite));
    auto shifted = scf::IfOp::create(
        b, bodyLoc, all,
        [&](OpBuilder &tb, Location thenLoc) {
          Value sum = arith::AddFOp::create(
              tb, thenLoc, s, fusion::buildSumOfExp(tb, thenLoc, values, c));
          scf::YieldOp::create(tb, thenLoc, ValueRange{c, sum});
        },
        [&](OpBuilder &eb, Location elseLoc) {
          auto [next, sum] = fusion::buildOnlineStep(eb, elseLoc,
                                                     nanPropagating, c, s,
                                                     values);
          scf::YieldOp::create(eb, elseLoc, ValueRange{next, sum});
        });
    return SmallVector<Value>{buildMaxOf(b, bodyLoc, m, tileMax),
                              shifted.getResult(0), shifted.getResult(1)};
  };
  // Whole tiles in the loop, then the tile the row ends in (1000 columns in
  // tiles of 32: 31 steps, then a step of 8 columns and 24 of -inf).
  int64_t whole = columns - columns % tile;
  auto loop = scf::ForOp::create(
      rewriter, loc, zero, arith::ConstantIndexOp::create(rewriter, loc, whole),
      arith::ConstantIndexOp::create(rewriter, loc, tile),
      ValueRange{splat(rewriter, negInf), splat(rewriter, negInf),
                 splat(rewriter, 0.0)},
      [&](OpBuilder &b, Location bodyLoc, Value column, ValueRange lanesIn) {
        scf::YieldOp::create(
            b, bodyLoc,
            buildLazyStep(b, bodyLoc,
                          buildValues(b, bodyLoc, column, /*masked=*/false),
                          lanesIn));
      });
  Value mLanes = loop.getResult(0), cLanes = loop.getResult(1),
        sLanes = loop.getResult(2);
  if (whole != columns) {
    SmallVector<Value> values = buildValues(
        rewriter, loc, arith::ConstantIndexOp::create(rewriter, loc, whole),
        /*masked=*/true);
    std::tie(cLanes, sLanes) = fusion::buildOnlineStep(
        rewriter, loc, nanPropagating, cLanes, sLanes, values);
    mLanes = buildMaxOf(rewriter, loc, mLanes, cLanes);
  }
  // s about the maximum: s * exp(c - m) where the shift lags (equal
  // infinities, a lane of only -inf, keep s).
  Value lags = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNE,
                                     cLanes, mLanes);
  Value rescaled = arith::MulFOp::create(
      rewriter, loc, sLanes,
      math::ExpOp::create(rewriter, loc,
                          arith::SubFOp::create(rewriter, loc, cLanes, mLanes)));
  sLanes = arith::SelectOp::create(rewriter, loc, lags, rescaled, sLanes);
  auto [max, sum] = fusion::buildOnlineEnd(rewriter, loc, nanPropagating,
                                           mLanes, sLanes, m0, s0);
  Value maxOut = tensor::InsertOp::create(
      rewriter, loc, max, op.getDpsInitOperand(0)->get(), rowIndices);
  Value sumOut = tensor::InsertOp::create(
      rewriter, loc, sum, op.getDpsInitOperand(1)->get(), rowIndices);
  rewriter.replaceOp(op, ValueRange{maxOut, sumOut});
  return success();
}
