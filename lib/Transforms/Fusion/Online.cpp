//===- Online.cpp - The online normalizer of a softmax ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Online.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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

Value fusion::buildMaxOf(OpBuilder &b, Location loc, bool nanPropagating,
                         ArrayRef<Value> values) {
  return buildPairwise(b, loc, values, [&](Value x, Value y) {
    return buildMax(b, loc, nanPropagating, x, y);
  });
}

Value fusion::buildSumOfExp(OpBuilder &b, Location loc, ArrayRef<Value> values,
                            Value c) {
  SmallVector<Value> terms;
  for (Value value : values)
    terms.push_back(buildExpOfDifference(b, loc, value, c));
  return buildPairwise(b, loc, terms, [&](Value x, Value y) -> Value {
    return arith::AddFOp::create(b, loc, x, y);
  });
}

std::pair<Value, Value> fusion::buildOnlineStep(OpBuilder &b, Location loc,
                                                bool nanPropagating, Value m,
                                                Value s,
                                                ArrayRef<Value> values) {
  // The values' maximum and the terms pairwise (short chains), then one
  // step of the running values.
  Value next =
      buildMax(b, loc, nanPropagating, buildMaxOf(b, loc, nanPropagating, values),
               m);
  Value terms = buildSumOfExp(b, loc, values, next);
  Value rescaled =
      arith::MulFOp::create(b, loc, s, buildExpOfDifference(b, loc, m, next));
  Value sum = arith::AddFOp::create(b, loc, rescaled, terms);
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

SmallVector<Operation *> fusion::getOnlinePrologue(Block *body, Value value) {
  SetVector<Operation *> slice;
  Operation *def = value.getDefiningOp();
  if (def && def->getBlock() == body) {
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    options.filter = [&](Operation *op) { return op->getBlock() == body; };
    (void)getBackwardSlice(def, &slice, options);
    slice.insert(def);
  }
  SmallVector<Operation *> ops;
  for (Operation &op : body->without_terminator())
    if (slice.contains(&op))
      ops.push_back(&op);
  return ops;
}

/// Returns true if each op of `prologue` is an elementwise arith or math op
/// on scalars of one result: each has a vector form.
static bool isVectorizablePrologue(ArrayRef<Operation *> prologue) {
  return llvm::all_of(prologue, [](Operation *op) {
    return (op->hasTrait<OpTrait::ConstantLike>() ||
            op->hasTrait<OpTrait::Elementwise>()) &&
           op->getNumResults() == 1 && op->getNumRegions() == 0 &&
           llvm::all_of(op->getOperandTypes(),
                        [](Type type) { return type.isIntOrIndexOrFloat(); }) &&
           op->getResult(0).getType().isIntOrIndexOrFloat();
  });
}

/// The body of an online normalizer: the ops of `prologue` (from a body
/// whose input arguments `sourceArgs` are `args`' inputs) compute t, then
/// (m, s) -> step(m, s, t).
static void buildOnlineBody(OpBuilder &b, Location loc, ValueRange args,
                            ValueRange sourceArgs,
                            ArrayRef<Operation *> prologue, Value t,
                            bool nanPropagating) {
  IRMapping mapping;
  unsigned inputs = args.size() - 2;
  for (auto [source, arg] : llvm::zip(sourceArgs, args.take_front(inputs)))
    mapping.map(source, arg);
  for (Operation *op : prologue)
    b.clone(*op, mapping);
  auto [m, s] = buildOnlineStep(b, loc, nanPropagating, args[inputs],
                                args[inputs + 1], {mapping.lookupOrDefault(t)});
  linalg::YieldOp::create(b, loc, ValueRange{m, s});
}

bool fusion::haveSameOps(ArrayRef<Operation *> aOps,
                         ArrayRef<Operation *> bOps,
                         DenseMap<Value, Value> &same) {
  auto check = [&](Value x, Value y) -> LogicalResult {
    if (same.lookup(x) == y)
      return success();
    Attribute xValue, yValue;
    return success(matchPattern(x, m_Constant(&xValue)) &&
                   matchPattern(y, m_Constant(&yValue)) && xValue == yValue);
  };
  auto mark = [&](Value x, Value y) { same[x] = y; };
  auto nonConstant = [](ArrayRef<Operation *> ops) {
    return llvm::to_vector(llvm::make_filter_range(ops, [](Operation *op) {
      return !op->hasTrait<OpTrait::ConstantLike>();
    }));
  };
  SmallVector<Operation *> a = nonConstant(aOps), b = nonConstant(bOps);
  return a.size() == b.size() &&
         llvm::all_of(llvm::zip(a, b), [&](auto pair) {
           return OperationEquivalence::isEquivalentTo(
               std::get<0>(pair), std::get<1>(pair), check, mark,
               OperationEquivalence::IgnoreLocations);
         });
}

static SmallVector<Operation *> getOps(Block *block) {
  return llvm::to_vector(
      llvm::map_range(*block, [](Operation &op) { return &op; }));
}

bool fusion::isOnlineSoftmax(linalg::GenericOp op, bool &nanPropagating) {
  unsigned inputs = op.getNumDpsInputs();
  if (inputs == 0 || op.getNumDpsInits() != 2 ||
      op.getNumReductionLoops() == 0 || !op.hasPureTensorSemantics())
    return false;
  Type type = getElementTypeOrSelf(op->getResultTypes()[0]);
  if (!isa<FloatType>(type) ||
      getElementTypeOrSelf(op->getResultTypes()[1]) != type)
    return false;
  // yield(max(t, m), ...): t and the ops that compute it.
  Block *body = op.getBody();
  Operation *next = body->getTerminator()->getOperand(0).getDefiningOp();
  if (!next || !isa<arith::MaximumFOp, arith::MaxNumFOp>(next) ||
      next->getOperand(1) != body->getArgument(inputs))
    return false;
  Value t = next->getOperand(0);
  SmallVector<Operation *> prologue = getOnlinePrologue(body, t);
  if (t.getType() != type || !isVectorizablePrologue(prologue))
    return false;
  // The body, compared with the one that prologue and kind build.
  bool kind = isa<arith::MaximumFOp>(next);
  OpBuilder b(op->getContext());
  auto expected = linalg::GenericOp::create(
      b, op.getLoc(), op->getResultTypes(), op.getDpsInputs(), op.getDpsInits(),
      op.getIndexingMapsArray(), op.getIteratorTypesArray(),
      [&](OpBuilder &nb, Location loc, ValueRange args) {
        buildOnlineBody(nb, loc, args, body->getArguments().take_front(inputs),
                        prologue, t, kind);
      });
  DenseMap<Value, Value> same;
  for (auto [x, y] : llvm::zip(body->getArguments(),
                               expected.getBody()->getArguments()))
    same[x] = y;
  bool matches = haveSameOps(getOps(body), getOps(expected.getBody()), same);
  expected->erase();
  nanPropagating = kind;
  return matches;
}

/// Returns true if `init` is a linalg.fill of the constant `value`.
static bool isFilledWith(Value init, double value) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  FloatAttr constant;
  return fill && matchPattern(fill.getInputs()[0], m_Constant(&constant)) &&
         constant.getValueAsDouble() == value &&
         std::signbit(constant.getValueAsDouble()) == std::signbit(value);
}

std::optional<fusion::SoftmaxPair>
fusion::matchSoftmaxPair(linalg::GenericOp sum) {
  if (!sum.hasPureTensorSemantics() || sum->getNumResults() != 1 ||
      sum.getNumReductionLoops() == 0 ||
      !isFilledWith(sum.getDpsInitOperand(0)->get(), 0.0))
    return std::nullopt;
  SmallVector<int64_t> ranges = sum.getStaticLoopRanges();
  SmallVector<unsigned> reductionDims;
  sum.getReductionDims(reductionDims);
  int64_t kept = static_cast<int64_t>(ranges.size() - reductionDims.size());
  if (llvm::any_of(reductionDims, [&](unsigned dim) {
        return ShapedType::isDynamic(ranges[dim]) || ranges[dim] == 0 ||
               dim < kept;
      }))
    return std::nullopt;
  // yield(addf(exp(t - m), acc)).
  Block *body = sum.getBody();
  Value acc = body->getArguments().back();
  auto add =
      body->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || !acc.hasOneUse())
    return std::nullopt;
  Value term = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  auto exp = term.getDefiningOp<math::ExpOp>();
  auto difference =
      exp ? exp.getOperand().getDefiningOp<arith::SubFOp>() : arith::SubFOp();
  auto m = difference ? dyn_cast<BlockArgument>(difference.getRhs())
                      : BlockArgument();
  if (!m || m.getOwner() != body ||
      m.getArgNumber() >= sum.getNumDpsInputs() || !m.hasOneUse())
    return std::nullopt;
  Value t = difference.getLhs();
  OpOperand *centre = sum.getDpsInputOperand(m.getArgNumber());
  AffineMap outMap = sum.getMatchingIndexingMap(sum.getDpsInitOperand(0));
  // The other inputs read in order, the reduced dims innermost: rows that
  // the `inner` strategy reads one at a time (OnlineRows.cpp).
  SmallVector<Operation *> prologue = fusion::getOnlinePrologue(body, t);
  if (sum.getMatchingIndexingMap(centre) != outMap ||
      !isVectorizablePrologue(prologue) ||
      llvm::any_of(sum.getDpsInputOperands(), [&](OpOperand *input) {
        return input != centre && !sum.getMatchingIndexingMap(input).isIdentity();
      }))
    return std::nullopt;
  // Nothing else in the body but t, its exponential and the sum.
  if (body->getOperations().size() != prologue.size() + 4)
    return std::nullopt;

  // M = max(t) over the same space, into -inf.
  auto max = centre->get().getDefiningOp<linalg::GenericOp>();
  if (!max || max->getBlock() != sum->getBlock() ||
      !max.hasPureTensorSemantics() || max->getNumResults() != 1 ||
      max.getIteratorTypesArray() != sum.getIteratorTypesArray() ||
      max.getMatchingIndexingMap(max.getDpsInitOperand(0)) != outMap ||
      max->getResultTypes() != sum->getResultTypes() ||
      !isFilledWith(max.getDpsInitOperand(0)->get(),
                    -std::numeric_limits<double>::infinity()))
    return std::nullopt;
  Block *maxBody = max.getBody();
  Operation *combiner =
      maxBody->getTerminator()->getOperand(0).getDefiningOp();
  Value maxAcc = maxBody->getArguments().back();
  if (!combiner || !isa<arith::MaximumFOp, arith::MaxNumFOp>(combiner) ||
      combiner->getOperand(1) != maxAcc || !maxAcc.hasOneUse())
    return std::nullopt;
  // The same t: each input of the maximum is an input of the sum read the
  // same way, and the ops that compute t are the same.
  DenseMap<Value, Value> same;
  for (OpOperand *input : max.getDpsInputOperands()) {
    OpOperand *match = nullptr;
    for (OpOperand *candidate : sum.getDpsInputOperands())
      if (candidate != centre && candidate->get() == input->get() &&
          sum.getMatchingIndexingMap(candidate) ==
              max.getMatchingIndexingMap(input))
        match = candidate;
    if (!match)
      return std::nullopt;
    same[max.getMatchingBlockArgument(input)] =
        sum.getMatchingBlockArgument(match);
  }
  Value maxT = combiner->getOperand(0);
  SmallVector<Operation *> maxPrologue =
      fusion::getOnlinePrologue(maxBody, maxT);
  if (maxBody->getOperations().size() != maxPrologue.size() + 2 ||
      !haveSameOps(maxPrologue, prologue, same) || same.lookup(maxT) != t)
    return std::nullopt;
  // The other users of M come after S, where both are computed.
  if (!llvm::all_of(max->getUsers(), [&](Operation *user) {
        Operation *inBlock = sum->getBlock()->findAncestorOpInBlock(*user);
        return user == sum || (inBlock && sum->isBeforeInBlock(inBlock));
      }))
    return std::nullopt;
  return SoftmaxPair{max, sum, centre, t, isa<arith::MaximumFOp>(combiner)};
}

SmallVector<linalg::GenericOp> fusion::fuseOnlineSoftmax(RewriterBase &rewriter,
                                                         Operation *root) {
  SmallVector<SoftmaxPair> pairs;
  root->walk([&](linalg::GenericOp sum) {
    if (std::optional<SoftmaxPair> pair = matchSoftmaxPair(sum))
      pairs.push_back(*pair);
  });
  SmallVector<linalg::GenericOp> fused;
  for (const SoftmaxPair &pair : pairs) {
    linalg::GenericOp sum = pair.sum, max = pair.max;
    SmallVector<Value> inputs, sourceArgs;
    SmallVector<AffineMap> maps;
    for (OpOperand *input : sum.getDpsInputOperands()) {
      if (input == pair.centre)
        continue;
      inputs.push_back(input->get());
      sourceArgs.push_back(sum.getMatchingBlockArgument(input));
      maps.push_back(sum.getMatchingIndexingMap(input));
    }
    AffineMap outMap = sum.getMatchingIndexingMap(sum.getDpsInitOperand(0));
    maps.append({outMap, outMap});
    SmallVector<Operation *> prologue =
        getOnlinePrologue(sum.getBody(), pair.t);
    rewriter.setInsertionPoint(sum);
    auto online = linalg::GenericOp::create(
        rewriter, sum.getLoc(),
        TypeRange{max->getResultTypes()[0], sum->getResultTypes()[0]}, inputs,
        ValueRange{max.getDpsInitOperand(0)->get(),
                   sum.getDpsInitOperand(0)->get()},
        maps, sum.getIteratorTypesArray(),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          buildOnlineBody(b, loc, args, sourceArgs, prologue, pair.t,
                          pair.nanPropagating);
        });
    // A row whose maximum is -inf sums exp(-inf - -inf) (or exp(NaN -
    // -inf)): NaN in the two passes. The step keeps a lane that has seen
    // only -inf at 0 so that a finite maximum later rescales it to 0; the
    // row gets its NaN back here.
    Value rowSum = online->getResult(1);
    auto rowType = cast<RankedTensorType>(rowSum.getType());
    SmallVector<AffineMap> rowMaps(
        3, rewriter.getMultiDimIdentityMap(rowType.getRank()));
    auto restored = linalg::GenericOp::create(
        rewriter, sum.getLoc(), TypeRange{rowType},
        ValueRange{online->getResult(0), rowSum},
        ValueRange{tensor::EmptyOp::create(
            rewriter, sum.getLoc(),
            tensor::getMixedSizes(rewriter, sum.getLoc(), rowSum),
            rowType.getElementType())},
        rowMaps,
        SmallVector<utils::IteratorType>(rowType.getRank(),
                                         utils::IteratorType::parallel),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Type type = args[0].getType();
          Value none = arith::CmpFOp::create(
              b, loc, arith::CmpFPredicate::OEQ, args[0],
              getFloat(b, loc, type, -std::numeric_limits<double>::infinity()));
          Value nan = getFloat(b, loc, type,
                               std::numeric_limits<double>::quiet_NaN());
          linalg::YieldOp::create(
              b, loc, ValueRange{arith::SelectOp::create(b, loc, none, nan,
                                                         args[1])});
        });
    rewriter.replaceOp(sum, restored->getResult(0));
    rewriter.replaceOp(max, online->getResult(0));
    fused.push_back(online);
  }
  return fused;
}
