//===- Online.cpp - The online normalizer of a softmax ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Online.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"

#include <cmath>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::fusion;

/// Returns `value` as a constant of `type` (a float or a vector of floats).
static Value getFloat(OpBuilder &b, Location loc, Type type, double value) {
  auto elementType = cast<FloatType>(getElementTypeOrSelf(type));
  TypedAttr attr = b.getFloatAttr(elementType, value);
  if (auto vector = dyn_cast<VectorType>(type))
    attr = DenseElementsAttr::get(vector, attr);
  return arith::ConstantOp::create(b, loc, attr);
}

static Value buildMax(OpBuilder &b, Location loc, bool nanPropagating, Value a,
                      Value c) {
  if (nanPropagating)
    return arith::MaximumFOp::create(b, loc, a, c);
  return arith::MaxNumFOp::create(b, loc, a, c);
}

/// exp(a - c).
static Value buildExpOfDifference(OpBuilder &b, Location loc, Value a,
                                  Value c) {
  return math::ExpOp::create(b, loc, arith::SubFOp::create(b, loc, a, c));
}

/// Returns `values` combined by `combine` pairwise, as a tree.
static Value buildPairwise(OpBuilder &b, Location loc, ArrayRef<Value> values,
                           function_ref<Value(Value, Value)> combine) {
  SmallVector<Value> level(values);
  while (level.size() > 1) {
    SmallVector<Value> pairs;
    for (size_t i = 0; i + 1 < level.size(); i += 2)
      pairs.push_back(combine(level[i], level[i + 1]));
    if (level.size() % 2)
      pairs.push_back(level.back());
    level = std::move(pairs);
  }
  return level.front();
}

std::pair<Value, Value> fusion::buildOnlineStep(OpBuilder &b, Location loc,
                                                bool nanPropagating, Value m,
                                                Value s,
                                                ArrayRef<Value> values) {
  // The values' maximum and the terms pairwise (short chains), then one
  // step of the running values.
  Value next = buildMax(
      b, loc, nanPropagating,
      buildPairwise(b, loc, values,
                    [&](Value x, Value y) {
                      return buildMax(b, loc, nanPropagating, x, y);
                    }),
      m);
  SmallVector<Value> terms;
  for (Value value : values)
    terms.push_back(buildExpOfDifference(b, loc, value, next));
  terms = {buildPairwise(b, loc, terms, [&](Value x, Value y) -> Value {
    return arith::AddFOp::create(b, loc, x, y);
  })};
  Value rescaled =
      arith::MulFOp::create(b, loc, s, buildExpOfDifference(b, loc, m, next));
  Value sum = arith::AddFOp::create(b, loc, rescaled, terms.front());
  // No finite maximum yet: s stays, but a NaN that the maximum ignored is
  // a NaN term of the sum.
  Value kept = s;
  if (!nanPropagating)
    for (Value value : values) {
      Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                          value, value);
      kept = arith::SelectOp::create(b, loc, isNaN, value, kept);
    }
  Value none = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OEQ, next,
      getFloat(b, loc, m.getType(), -std::numeric_limits<double>::infinity()));
  return {next, arith::SelectOp::create(b, loc, none, kept, sum)};
}

std::pair<Value, Value> fusion::buildOnlineEnd(OpBuilder &b, Location loc,
                                               bool nanPropagating, Value m,
                                               Value s, Value m0, Value s0) {
  Value lanesMax = vector::ReductionOp::create(
      b, loc,
      nanPropagating ? vector::CombiningKind::MAXIMUMF
                     : vector::CombiningKind::MAXNUMF,
      m);
  Value max = buildMax(b, loc, nanPropagating, lanesMax, m0);
  Value maxLanes = vector::BroadcastOp::create(b, loc, m.getType(), max);
  Value lanes = arith::MulFOp::create(
      b, loc, s, buildExpOfDifference(b, loc, m, maxLanes));
  Value lanesSum =
      vector::ReductionOp::create(b, loc, vector::CombiningKind::ADD, lanes);
  Value initial =
      arith::MulFOp::create(b, loc, s0, buildExpOfDifference(b, loc, m0, max));
  return {max, arith::AddFOp::create(b, loc, initial, lanesSum)};
}

/// The body of an online normalizer: (x, m, s) -> step(m, s, x).
static void buildOnlineBody(OpBuilder &b, Location loc, ValueRange args,
                            bool nanPropagating) {
  auto [m, s] =
      buildOnlineStep(b, loc, nanPropagating, args[1], args[2], {args[0]});
  linalg::YieldOp::create(b, loc, ValueRange{m, s});
}

/// Returns true if `a` and `b` compute the same from their arguments, with
/// constants compared by value wherever they are defined (the canonicalizer
/// hoists the constants of a body out of it).
static bool haveSameBody(Block *a, Block *b) {
  if (a->getNumArguments() != b->getNumArguments())
    return false;
  DenseMap<Value, Value> same;
  for (auto [x, y] : llvm::zip(a->getArguments(), b->getArguments()))
    same[x] = y;
  auto check = [&](Value x, Value y) -> LogicalResult {
    if (same.lookup(x) == y)
      return success();
    Attribute xValue, yValue;
    return success(matchPattern(x, m_Constant(&xValue)) &&
                   matchPattern(y, m_Constant(&yValue)) && xValue == yValue);
  };
  auto mark = [&](Value x, Value y) { same[x] = y; };
  auto nonConstant = [](Block *block) {
    SmallVector<Operation *> ops;
    for (Operation &op : *block)
      if (!op.hasTrait<OpTrait::ConstantLike>())
        ops.push_back(&op);
    return ops;
  };
  SmallVector<Operation *> aOps = nonConstant(a), bOps = nonConstant(b);
  return aOps.size() == bOps.size() &&
         llvm::all_of(llvm::zip(aOps, bOps), [&](auto pair) {
           return OperationEquivalence::isEquivalentTo(
               std::get<0>(pair), std::get<1>(pair), check, mark,
               OperationEquivalence::IgnoreLocations);
         });
}

bool fusion::isOnlineSoftmax(linalg::GenericOp op, bool &nanPropagating) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 2 ||
      op.getNumReductionLoops() == 0 || !op.hasPureTensorSemantics())
    return false;
  Type type = op.getDpsInputOperand(0)->get().getType();
  if (!isa<FloatType>(getElementTypeOrSelf(type)) ||
      llvm::any_of(op->getResultTypes(), [&](Type result) {
        return getElementTypeOrSelf(result) != getElementTypeOrSelf(type);
      }))
    return false;
  // The body, compared with the one each kind of maximum builds.
  OpBuilder b(op->getContext());
  for (bool kind : {true, false}) {
    auto expected = linalg::GenericOp::create(
        b, op.getLoc(), op->getResultTypes(), op.getDpsInputs(),
        op.getDpsInits(), op.getIndexingMapsArray(),
        op.getIteratorTypesArray(),
        [&](OpBuilder &nb, Location loc, ValueRange args) {
          buildOnlineBody(nb, loc, args, kind);
        });
    bool same = haveSameBody(op.getBody(), expected.getBody());
    expected->erase();
    if (same) {
      nanPropagating = kind;
      return true;
    }
  }
  return false;
}

/// Returns true if `init` is a linalg.fill of the constant `value`.
static bool isFilledWith(Value init, double value) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  FloatAttr constant;
  return fill && matchPattern(fill.getInputs()[0], m_Constant(&constant)) &&
         constant.getValueAsDouble() == value &&
         std::signbit(constant.getValueAsDouble()) == std::signbit(value);
}

/// Returns the maximum that `sum` normalizes by, and its kind, when `sum`
/// is `S = sum(exp(x - M))` and M = max(x) as fuseOnlineSoftmax requires.
static linalg::GenericOp matchSoftmaxPair(linalg::GenericOp sum,
                                          bool &nanPropagating) {
  if (!sum.hasPureTensorSemantics() || sum->getNumResults() != 1 ||
      sum.getNumDpsInputs() != 2 || sum.getNumReductionLoops() == 0 ||
      !isFilledWith(sum.getDpsInitOperand(0)->get(), 0.0))
    return {};
  SmallVector<int64_t> ranges = sum.getStaticLoopRanges();
  SmallVector<unsigned> reductionDims;
  sum.getReductionDims(reductionDims);
  if (llvm::any_of(reductionDims, [&](unsigned dim) {
        return ShapedType::isDynamic(ranges[dim]) || ranges[dim] == 0;
      }))
    return {};
  // yield(addf(exp(x - m), acc)).
  Block *body = sum.getBody();
  Value acc = body->getArguments().back();
  auto add =
      body->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || !acc.hasOneUse())
    return {};
  Value term = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  auto exp = term.getDefiningOp<math::ExpOp>();
  auto difference =
      exp ? exp.getOperand().getDefiningOp<arith::SubFOp>() : arith::SubFOp();
  if (!difference || body->getOperations().size() != 4)
    return {};
  auto x = dyn_cast<BlockArgument>(difference.getLhs());
  auto m = dyn_cast<BlockArgument>(difference.getRhs());
  if (!x || !m || x.getOwner() != body || m.getOwner() != body ||
      x.getArgNumber() >= 2 || m.getArgNumber() >= 2 || x == m)
    return {};
  OpOperand *xOperand = sum.getDpsInputOperand(x.getArgNumber());
  OpOperand *mOperand = sum.getDpsInputOperand(m.getArgNumber());
  AffineMap outMap = sum.getMatchingIndexingMap(sum.getDpsInitOperand(0));
  // x read in order, the reduced dims innermost: rows that the `inner`
  // strategy reads one at a time (OnlineRows.cpp).
  int64_t kept = static_cast<int64_t>(ranges.size() - reductionDims.size());
  if (sum.getMatchingIndexingMap(mOperand) != outMap ||
      !sum.getMatchingIndexingMap(xOperand).isIdentity() ||
      llvm::any_of(reductionDims,
                   [&](unsigned dim) { return dim < kept; }))
    return {};

  // M = max(x) over the same space, into -inf.
  auto max = mOperand->get().getDefiningOp<linalg::GenericOp>();
  if (!max || max->getBlock() != sum->getBlock() ||
      !max.hasPureTensorSemantics() || max->getNumResults() != 1 ||
      max.getNumDpsInputs() != 1 ||
      max.getIteratorTypesArray() != sum.getIteratorTypesArray() ||
      max.getDpsInputOperand(0)->get() != xOperand->get() ||
      max.getMatchingIndexingMap(max.getDpsInputOperand(0)) !=
          sum.getMatchingIndexingMap(xOperand) ||
      max.getMatchingIndexingMap(max.getDpsInitOperand(0)) != outMap ||
      max->getResultTypes() != sum->getResultTypes() ||
      !isFilledWith(max.getDpsInitOperand(0)->get(),
                    -std::numeric_limits<double>::infinity()))
    return {};
  Block *maxBody = max.getBody();
  Operation *combiner =
      maxBody->getTerminator()->getOperand(0).getDefiningOp();
  if (!combiner || maxBody->getOperations().size() != 2 ||
      !isa<arith::MaximumFOp, arith::MaxNumFOp>(combiner) ||
      combiner->getOperand(0) != maxBody->getArgument(0) ||
      combiner->getOperand(1) != maxBody->getArgument(1))
    return {};
  // The other users of M come after S, where both are computed.
  if (!llvm::all_of(max->getUsers(), [&](Operation *user) {
        Operation *inBlock = sum->getBlock()->findAncestorOpInBlock(*user);
        return user == sum || (inBlock && sum->isBeforeInBlock(inBlock));
      }))
    return {};
  nanPropagating = isa<arith::MaximumFOp>(combiner);
  return max;
}

SmallVector<linalg::GenericOp> fusion::fuseOnlineSoftmax(RewriterBase &rewriter,
                                                         Operation *root) {
  SmallVector<std::tuple<linalg::GenericOp, linalg::GenericOp, bool>> pairs;
  root->walk([&](linalg::GenericOp sum) {
    bool nanPropagating = true;
    if (linalg::GenericOp max = matchSoftmaxPair(sum, nanPropagating))
      pairs.emplace_back(max, sum, nanPropagating);
  });
  SmallVector<linalg::GenericOp> fused;
  for (auto [max, sum, nanPropagating] : pairs) {
    OpOperand *x = max.getDpsInputOperand(0);
    AffineMap outMap = sum.getMatchingIndexingMap(sum.getDpsInitOperand(0));
    rewriter.setInsertionPoint(sum);
    auto online = linalg::GenericOp::create(
        rewriter, sum.getLoc(),
        TypeRange{max->getResultTypes()[0], sum->getResultTypes()[0]},
        ValueRange{x->get()},
        ValueRange{max.getDpsInitOperand(0)->get(),
                   sum.getDpsInitOperand(0)->get()},
        {max.getMatchingIndexingMap(x), outMap, outMap},
        sum.getIteratorTypesArray(),
        [&, nanPropagating = nanPropagating](OpBuilder &b, Location loc,
                                             ValueRange args) {
          buildOnlineBody(b, loc, args, nanPropagating);
        });
    rewriter.replaceOp(sum, online->getResult(1));
    rewriter.replaceOp(max, online->getResult(0));
    fused.push_back(online);
  }
  return fused;
}
