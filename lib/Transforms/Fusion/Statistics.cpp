//===- Statistics.cpp - Centred sums of squares in one pass -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A sum of squares about a per-row value computed from the same rows (a
// variance about the mean) is rewritten as shifted sums about a value read
// before the pass (the row's first element), which the sibling fusion then
// merges with the reduction the per-row value came from. The identity, for
// any c and K, over the n elements u of a row:
//
//   sum((u - c)^2) = S2 + (K - c) * (2 * S1 + n * (K - c)),
//   S1 = sum(u - K),  S2 = sum((u - K)^2).
//
//===----------------------------------------------------------------------===//

#include "Fusion.h"
#include "Online.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::fusion;

namespace {
/// A reduction `init + sum((u - c)^2)` as matchCentredSquares finds it.
struct CentredSquares {
  linalg::GenericOp op;
  /// The input that `c` is read from, broadcast along the reduced dims.
  OpOperand *centre;
  /// The body's value `u`, computed from the other inputs only.
  Value centred;
  /// The reduction the centre depends on, which reads one of op's inputs
  /// over the same iteration space: the shifted sums are its siblings.
  linalg::GenericOp sibling;
};
} // namespace

/// Returns the body arguments that `value` depends on inside `body`.
static llvm::SmallPtrSet<Value, 4> getArgumentsUsed(Value value, Block *body) {
  llvm::SmallPtrSet<Value, 4> used;
  SmallVector<Value> worklist = {value};
  llvm::SmallPtrSet<Value, 8> seen;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (!seen.insert(next).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(next)) {
      if (arg.getOwner() == body)
        used.insert(arg);
      continue;
    }
    Operation *def = next.getDefiningOp();
    if (def->getBlock() != body)
      continue;
    llvm::append_range(worklist, def->getOperands());
  }
  return used;
}

/// Returns the reduction in `op`'s block that `centre` depends on and that
/// reads one of `op`'s inputs as `op` does, or null.
static linalg::GenericOp findSourceReduction(linalg::GenericOp op,
                                             Value centre) {
  Operation *def = centre.getDefiningOp();
  if (!def || def->getBlock() != op->getBlock())
    return {};
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *candidate) {
    return candidate->getBlock() == op->getBlock();
  };
  if (failed(getBackwardSlice(def, &slice, options)))
    return {};
  slice.insert(def);
  for (Operation *candidate : slice) {
    auto reduction = dyn_cast<linalg::GenericOp>(candidate);
    if (reduction && reduction.hasPureTensorSemantics() &&
        reduction.getNumReductionLoops() > 0 &&
        haveSameIterationSpace(reduction, op))
      return reduction;
  }
  return {};
}

/// Returns `op` as a centred sum of squares whose reduced dims are static
/// and not empty, and count fewer than 2^63 points, or nothing.
static std::optional<CentredSquares> matchCentredSquares(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op->getNumResults() != 1 ||
      op.getNumReductionLoops() == 0 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0))
           .isProjectedPermutation())
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  if (llvm::any_of(reductionDims, [&](unsigned dim) {
        return ShapedType::isDynamic(ranges[dim]) || ranges[dim] == 0;
      }))
    return std::nullopt;
  int64_t count = 1;
  if (llvm::any_of(reductionDims, [&](unsigned dim) {
        return llvm::MulOverflow(count, ranges[dim], count);
      }))
    return std::nullopt;

  // yield(addf(term, acc)), term = d * d, d = u - c or c - u.
  Block *body = op.getBody();
  Value acc = body->getArguments().back();
  auto add = body->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || !acc.hasOneUse() || !isa<FloatType>(acc.getType()))
    return std::nullopt;
  Value term = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  auto square = term.getDefiningOp<arith::MulFOp>();
  if (!square || square.getLhs() != square.getRhs())
    return std::nullopt;
  auto difference = square.getLhs().getDefiningOp<arith::SubFOp>();
  if (!difference)
    return std::nullopt;
  for (auto [centreSide, centredSide] :
       {std::pair(difference.getRhs(), difference.getLhs()),
        std::pair(difference.getLhs(), difference.getRhs())}) {
    auto arg = dyn_cast<BlockArgument>(centreSide);
    if (!arg || arg.getOwner() != body ||
        arg.getArgNumber() >= op.getNumDpsInputs() || !arg.hasOneUse())
      continue;
    OpOperand *centre = op.getDpsInputOperand(arg.getArgNumber());
    // Read once per kept index: the map uses no reduced dim.
    AffineMap map = op.getMatchingIndexingMap(centre);
    if (!map.isProjectedPermutation() ||
        llvm::any_of(reductionDims, [&](unsigned dim) {
          return map.isFunctionOfDim(dim);
        }))
      continue;
    llvm::SmallPtrSet<Value, 4> used = getArgumentsUsed(centredSide, body);
    if (used.contains(arg) || used.contains(acc))
      continue;
    linalg::GenericOp sibling = findSourceReduction(op, centre->get());
    if (!sibling)
      continue;
    return CentredSquares{op, centre, centredSide, sibling};
  }
  return std::nullopt;
}

/// Returns the sizes of `op`'s kept dims in the order of `outMap`, read
/// from the shapes of `sources` (which dominate the insertion point).
static SmallVector<OpFoldResult> getKeptSizes(OpBuilder &b, Location loc,
                                              linalg::GenericOp op,
                                              AffineMap outMap,
                                              ArrayRef<OpOperand *> sources) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<OpFoldResult> sizes;
  for (AffineExpr result : outMap.getResults()) {
    unsigned dim = cast<AffineDimExpr>(result).getPosition();
    if (!ShapedType::isDynamic(ranges[dim])) {
      sizes.push_back(b.getIndexAttr(ranges[dim]));
      continue;
    }
    for (OpOperand *source : sources) {
      std::optional<unsigned> position =
          op.getMatchingIndexingMap(source).getResultPosition(
              getAffineDimExpr(dim, op.getContext()));
      if (!position)
        continue;
      sizes.push_back(
          tensor::DimOp::create(b, loc, source->get(), *position).getResult());
      break;
    }
  }
  return sizes;
}

/// Rewrites `match` as shifted sums (see the file comment) placed before
/// its sibling, and a per-row combination in its place.
static linalg::GenericOp rewriteCentredSquares(RewriterBase &rewriter,
                                               const CentredSquares &match) {
  linalg::GenericOp op = match.op;
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  unsigned numLoops = op.getNumLoops();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  llvm::SmallBitVector reduced(numLoops);
  // Without an overflow: matchCentredSquares checked the product.
  int64_t count = 1;
  for (unsigned dim : reductionDims) {
    reduced.set(dim);
    count *= ranges[dim];
  }
  Value init = op.getDpsInitOperand(0)->get();
  auto initType = cast<RankedTensorType>(init.getType());
  Type elementType = initType.getElementType();
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  AffineMap keptOutMap = compressDims(outMap, reduced);

  // The inputs `u` is computed from, with their maps.
  llvm::SmallPtrSet<Value, 4> used =
      getArgumentsUsed(match.centred, op.getBody());
  SmallVector<OpOperand *> sources;
  for (OpOperand *input : op.getDpsInputOperands())
    if (used.contains(op.getMatchingBlockArgument(input)))
      sources.push_back(input);

  // Everything new goes before the sibling, which the shifted sums join:
  // their operands must be available there.
  DominanceInfo dominance(op->getParentOp());
  if (!llvm::all_of(sources, [&](OpOperand *source) {
        return dominance.properlyDominates(source->get(), match.sibling);
      }))
    return {};
  rewriter.setInsertionPoint(match.sibling);
  SmallVector<OpFoldResult> keptSizes =
      getKeptSizes(rewriter, loc, op, outMap, sources);
  if (keptSizes.size() != outMap.getNumResults())
    return {};
  auto emptyKept = [&]() {
    return tensor::EmptyOp::create(rewriter, loc, keptSizes, elementType)
        .getResult();
  };
  // The body of `op` restricted to `u`, on the arguments `args` (one per
  // source), then `extra(u, rest)`.
  SmallVector<Operation *> centredOps =
      getOnlinePrologue(op.getBody(), match.centred);
  auto buildBody = [&](OpBuilder &b, Location bodyLoc, ValueRange args,
                       function_ref<SmallVector<Value>(OpBuilder &, Value,
                                                      ValueRange)>
                           extra) {
    IRMapping mapping;
    for (auto [source, arg] : llvm::zip(sources, args))
      mapping.map(op.getMatchingBlockArgument(source), arg);
    for (Operation *bodyOp : centredOps)
      b.clone(*bodyOp, mapping);
    Value centred = mapping.lookupOrDefault(match.centred);
    linalg::YieldOp::create(
        b, bodyLoc, extra(b, centred, args.drop_front(sources.size())));
  };

  // K: `u` at the first element of the reduced dims, per kept index.
  SmallVector<AffineExpr> firstElement;
  unsigned keptDim = 0;
  for (unsigned dim = 0; dim < numLoops; ++dim)
    firstElement.push_back(reduced.test(dim)
                               ? getAffineConstantExpr(0, context)
                               : getAffineDimExpr(keptDim++, context));
  SmallVector<Value> sourceValues;
  SmallVector<AffineMap> firstMaps;
  for (OpOperand *source : sources) {
    sourceValues.push_back(source->get());
    firstMaps.push_back(op.getMatchingIndexingMap(source).replaceDimsAndSymbols(
        firstElement, {}, keptDim, 0));
  }
  firstMaps.push_back(keptOutMap);
  SmallVector<utils::IteratorType> keptIterators(keptDim,
                                                 utils::IteratorType::parallel);
  auto shift = linalg::GenericOp::create(
      rewriter, loc, TypeRange{initType}, sourceValues, ValueRange{emptyKept()},
      firstMaps, keptIterators,
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        buildBody(b, bodyLoc, args.drop_back(),
                  [](OpBuilder &, Value centred, ValueRange) {
                    return SmallVector<Value>{centred};
                  });
      });

  // S1 and S2 in one pass, without the centre.
  Value zero = arith::ConstantOp::create(rewriter, loc, elementType,
                                         rewriter.getZeroAttr(elementType));
  auto zeros = [&]() {
    return linalg::FillOp::create(rewriter, loc, zero, emptyKept())
        .getResult(0);
  };
  SmallVector<Value> sumInputs = sourceValues;
  sumInputs.push_back(shift.getResult(0));
  SmallVector<AffineMap> sumMaps;
  for (OpOperand *source : sources)
    sumMaps.push_back(op.getMatchingIndexingMap(source));
  sumMaps.append({outMap, outMap, outMap});
  Value s1Init = zeros(), s2Init = zeros();
  auto sums = linalg::GenericOp::create(
      rewriter, loc, TypeRange{initType, initType}, sumInputs,
      ValueRange{s1Init, s2Init}, sumMaps, op.getIteratorTypesArray(),
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        buildBody(b, bodyLoc, args,
                  [&](OpBuilder &nb, Value centred, ValueRange rest) {
                    // rest: K, then the two accumulators.
                    Value t = arith::SubFOp::create(nb, bodyLoc, centred,
                                                    rest[0]);
                    Value s1 = arith::AddFOp::create(nb, bodyLoc, t, rest[1]);
                    Value t2 = arith::MulFOp::create(nb, bodyLoc, t, t);
                    Value s2 = arith::AddFOp::create(nb, bodyLoc, t2, rest[2]);
                    return SmallVector<Value>{s1, s2};
                  });
      });

  // init + S2 + (K - c) * (2 * S1 + n * (K - c)), per kept index.
  rewriter.setInsertionPoint(op);
  Value n = arith::ConstantOp::create(
      rewriter, loc, elementType,
      rewriter.getFloatAttr(elementType, static_cast<double>(count)));
  AffineMap centreMap =
      compressDims(op.getMatchingIndexingMap(match.centre), reduced);
  // A filled init is its value; +0 is left out (the total is never -0).
  auto fill = init.getDefiningOp<linalg::FillOp>();
  Value initValue = fill ? fill.getInputs()[0] : Value();
  bool addsInit = !initValue || !matchPattern(initValue, m_PosZeroFloat());
  SmallVector<Value> combineInputs = {shift.getResult(0), sums.getResult(0),
                                      sums.getResult(1), match.centre->get()};
  SmallVector<AffineMap> combineMaps = {keptOutMap, keptOutMap, keptOutMap,
                                        centreMap};
  if (!initValue) {
    combineInputs.push_back(init);
    combineMaps.push_back(keptOutMap);
  }
  combineMaps.push_back(keptOutMap);
  auto combined = linalg::GenericOp::create(
      rewriter, loc, TypeRange{initType}, combineInputs, ValueRange{emptyKept()},
      combineMaps, keptIterators,
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        Value k = args[0], s1 = args[1], s2 = args[2], c = args[3];
        Value kc = arith::SubFOp::create(b, bodyLoc, k, c);
        Value twoS1 = arith::AddFOp::create(b, bodyLoc, s1, s1);
        Value nkc = arith::MulFOp::create(b, bodyLoc, n, kc);
        Value inner = arith::AddFOp::create(b, bodyLoc, twoS1, nkc);
        Value correction = arith::MulFOp::create(b, bodyLoc, kc, inner);
        Value total = arith::AddFOp::create(b, bodyLoc, s2, correction);
        if (addsInit)
          total = arith::AddFOp::create(b, bodyLoc,
                                        initValue ? initValue : args[4], total);
        linalg::YieldOp::create(b, bodyLoc, total);
      });
  rewriter.replaceOp(op, combined->getResults());
  return sums;
}

SmallVector<linalg::GenericOp> fusion::shiftCentredSquares(RewriterBase &rewriter,
                                                           Operation *root) {
  SmallVector<CentredSquares> matches;
  root->walk([&](linalg::GenericOp op) {
    if (std::optional<CentredSquares> match = matchCentredSquares(op))
      matches.push_back(*match);
  });
  SmallVector<linalg::GenericOp> rewritten;
  for (const CentredSquares &match : matches)
    if (linalg::GenericOp sums = rewriteCentredSquares(rewriter, match))
      rewritten.push_back(sums);
  return rewritten;
}
