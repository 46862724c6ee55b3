//===- RowLocal.cpp - Normalizations in blocks of rows in cache -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A normalization reads its input twice: its per-row statistics, then its
// output. Over blocks of rows that stay in the cache between the two, only
// the first read of a block comes from memory.
//
// A softmax `y = g(exp(t - M), S)`, `M = max(t)`, `S = sum(exp(t - M))`,
// runs block by block: the maximum of the block, its exponentials into a
// buffer of the block's size (the input read again from the cache), their
// sum, then the output from the buffer. One exponential an element where
// the online normalizer and the output pass take two; the ops are those of
// the source, each row computed as the two-pass form computes it.
//
// Other normalizations (a layer norm, an RMS norm) have their output tiled
// by blocks of rows and the ops that compute its per-row values fused into
// each block (upstream's tile-and-fuse).
//
//===----------------------------------------------------------------------===//

#include "Fusion.h"
#include "Online.h"
#include "../ShapeBytes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::fusion;

namespace {
/// A softmax pair and the one op that reads its sum.
struct RowLocalSoftmax {
  SoftmaxPair pair;
  /// The all-parallel op over the same space that reads the sum and the
  /// maximum, and computes exp(t - M) from the same inputs.
  linalg::GenericOp output;
  /// That exponential, in output's body.
  Value exp;
};
} // namespace

/// Returns the exponential exp(t - m) in `output`'s body that computes the
/// same as `pair.sum`'s term, m read from the maximum, or null.
static Value findSameExponential(const SoftmaxPair &pair,
                                 linalg::GenericOp output) {
  linalg::GenericOp sum = pair.sum;
  Value maximum = pair.max->getResult(0);
  Block *body = output.getBody();
  // The inputs of the sum's t, read the same way by output.
  DenseMap<Value, Value> same;
  for (OpOperand *input : sum.getDpsInputOperands()) {
    if (input == pair.centre)
      continue;
    OpOperand *match = nullptr;
    for (OpOperand *candidate : output.getDpsInputOperands())
      if (candidate->get() == input->get() &&
          output.getMatchingIndexingMap(candidate) ==
              sum.getMatchingIndexingMap(input))
        match = candidate;
    if (!match)
      return {};
    same[sum.getMatchingBlockArgument(input)] =
        output.getMatchingBlockArgument(match);
  }
  SmallVector<Operation *> prologue =
      getOnlinePrologue(sum.getBody(), pair.t);
  for (Operation &op : *body) {
    auto exp = dyn_cast<math::ExpOp>(&op);
    auto difference =
        exp ? exp.getOperand().getDefiningOp<arith::SubFOp>() : arith::SubFOp();
    auto m = difference ? dyn_cast<BlockArgument>(difference.getRhs())
                        : BlockArgument();
    if (!m || m.getOwner() != body ||
        m.getArgNumber() >= output.getNumDpsInputs())
      continue;
    OpOperand *centre = output.getDpsInputOperand(m.getArgNumber());
    if (centre->get() != maximum || output.getMatchingIndexingMap(centre) !=
                                        sum.getMatchingIndexingMap(pair.centre))
      continue;
    DenseMap<Value, Value> pairs = same;
    if (haveSameOps(prologue, getOnlinePrologue(body, difference.getLhs()),
                    pairs) &&
        pairs.lookup(pair.t) == difference.getLhs())
      return exp;
  }
  return {};
}

/// Returns the pair of `sum` and the op that normalizes by it, when the
/// rows are the innermost dims, static, and all the ops read them through
/// projections; or nothing.
static std::optional<RowLocalSoftmax> matchRowLocal(linalg::GenericOp sum) {
  std::optional<SoftmaxPair> pair = matchSoftmaxPair(sum);
  if (!pair)
    return std::nullopt;
  // The sum is read by one op, the maximum by the sum and that op.
  Value total = sum->getResult(0);
  if (!total.hasOneUse())
    return std::nullopt;
  auto output = dyn_cast<linalg::GenericOp>(*total.getUsers().begin());
  if (!output || output->getBlock() != sum->getBlock() ||
      !output.hasPureTensorSemantics() || output->getNumResults() != 1 ||
      output.getNumLoops() != sum.getNumLoops() ||
      output.getNumReductionLoops() != 0 ||
      !output.getMatchingIndexingMap(output.getDpsInitOperand(0))
           .isIdentity() ||
      llvm::any_of(pair->max->getUsers(), [&](Operation *user) {
        return user != sum && user != output;
      }))
    return std::nullopt;
  if (sum.hasDynamicShape() || output.hasDynamicShape() ||
      pair->max.hasDynamicShape())
    return std::nullopt;
  // The sum's per-row map reads the kept dims in order (matchSoftmaxPair:
  // they come first).
  AffineMap rowMap = sum.getMatchingIndexingMap(sum.getDpsInitOperand(0));
  int64_t kept = sum.getNumLoops() - sum.getNumReductionLoops();
  if (kept == 0 ||
      rowMap != AffineMap::getMultiDimIdentityMap(sum.getNumLoops(),
                                                  sum.getContext())
                    .getMajorSubMap(kept) ||
      llvm::any_of(ArrayRef<linalg::LinalgOp>{sum, pair->max, output},
                   [](linalg::LinalgOp op) {
                     return !op.hasOnlyProjectedPermutations();
                   }))
    return std::nullopt;
  Value exp = findSameExponential(*pair, output);
  if (!exp)
    return std::nullopt;
  return RowLocalSoftmax{*pair, output, exp};
}

/// Returns the slice of `value`, read by an op through `map`, that the
/// iterations `offsets` (the kept dims, then zeros) x `sizes` read.
static Value sliceOf(OpBuilder &b, Location loc, Value value, AffineMap map,
                     ArrayRef<OpFoldResult> offsets, ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> sliceOffsets, sliceSizes, strides;
  for (AffineExpr result : map.getResults()) {
    unsigned dim = cast<AffineDimExpr>(result).getPosition();
    sliceOffsets.push_back(offsets[dim]);
    sliceSizes.push_back(b.getIndexAttr(sizes[dim]));
    strides.push_back(b.getIndexAttr(1));
  }
  return tensor::ExtractSliceOp::create(b, loc, value, sliceOffsets,
                                        sliceSizes, strides);
}

/// Returns `destination` filled as `fill` (a linalg.fill) fills.
static Value refill(OpBuilder &b, Location loc, linalg::FillOp fill,
                    Value destination) {
  return linalg::FillOp::create(b, loc, fill.value(), destination).result();
}

/// Returns `op` over `inputs` and `inits`, with its maps, iterators and a
/// copy of its body.
static linalg::GenericOp cloneWithOperands(OpBuilder &b, linalg::GenericOp op,
                                           ValueRange inputs,
                                           ValueRange inits) {
  auto clone = linalg::GenericOp::create(
      b, op.getLoc(), ValueRange(inits).getTypes(), inputs, inits,
      op.getIndexingMapsArray(), op.getIteratorTypesArray());
  IRMapping mapping;
  op.getRegion().cloneInto(&clone.getRegion(), mapping);
  return clone;
}

/// Erases the ops of `body` that nothing uses, last first.
static void eraseDeadOps(Block *body) {
  SmallVector<Operation *> ops = llvm::to_vector(llvm::map_range(
      body->without_terminator(), [](Operation &op) { return &op; }));
  for (Operation *op : llvm::reverse(ops))
    if (op->use_empty() && isPure(op))
      op->erase();
}

/// The rows of a block: the largest power of two of rows of `rowBytes`
/// within `maxBlockBytes` that divides `rows`; 0 when one row is larger.
static int64_t getBlockRows(int64_t rows, int64_t rowBytes,
                            int64_t maxBlockBytes) {
  if (rowBytes <= 0 || rowBytes > maxBlockBytes)
    return 0;
  auto block = static_cast<int64_t>(
      llvm::bit_floor(static_cast<uint64_t>(maxBlockBytes / rowBytes)));
  while (rows % block != 0)
    block /= 2;
  return block;
}

namespace {
/// The tensors one block writes: of its rows and of its elements.
struct BlockTensors {
  Value max, sum, exps, output;
};
} // namespace

/// Builds one block of `match` at `offsets` (the kept dims, then zeros) of
/// `sizes` into `into` (the output's slice and tensors of the block's
/// shapes): its maximum, its exponentials, their sum, and its output.
/// Returns what each wrote.
static BlockTensors buildBlock(OpBuilder &b, Location loc,
                               const RowLocalSoftmax &match,
                               ArrayRef<OpFoldResult> offsets,
                               ArrayRef<int64_t> sizes, BlockTensors into) {
  linalg::GenericOp max = match.pair.max, sum = match.pair.sum,
                    output = match.output;
  int64_t rank = sizes.size();
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  auto slice = [&](linalg::GenericOp op, OpOperand *operand) {
    return sliceOf(b, loc, operand->get(), op.getMatchingIndexingMap(operand),
                   offsets, sizes);
  };

  // The block's maximum: the first read of its rows.
  SmallVector<Value> maxInputs;
  for (OpOperand *input : max.getDpsInputOperands())
    maxInputs.push_back(slice(max, input));
  auto maxFill =
      max.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>();
  Value blockMax =
      cloneWithOperands(b, max, maxInputs, refill(b, loc, maxFill, into.max))
          ->getResult(0);

  // Its exponentials: the sum's body up to its term, into the buffer.
  SmallVector<Value> expInputs;
  for (OpOperand *input : sum.getDpsInputOperands())
    expInputs.push_back(input == match.pair.centre ? blockMax
                                                   : slice(sum, input));
  SmallVector<AffineMap> expMaps = sum.getIndexingMapsArray();
  expMaps.back() = identity;
  auto exps = linalg::GenericOp::create(
      b, loc, TypeRange{into.exps.getType()}, expInputs, ValueRange{into.exps},
      expMaps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel));
  IRMapping expMapping;
  sum.getRegion().cloneInto(&exps.getRegion(), expMapping);
  {
    Block *body = exps.getBody();
    auto add = cast<arith::AddFOp>(
        body->getTerminator()->getOperand(0).getDefiningOp());
    Value acc = body->getArguments().back();
    body->getTerminator()->setOperand(
        0, add.getLhs() == acc ? add.getRhs() : add.getLhs());
    eraseDeadOps(body);
  }

  // Their sum, with the sum's addition and order of operands.
  Type element = getElementTypeOrSelf(into.exps.getType());
  auto sourceAdd = cast<arith::AddFOp>(
      sum.getBody()->getTerminator()->getOperand(0).getDefiningOp());
  bool accFirst = sourceAdd.getLhs() == sum.getBody()->getArguments().back();
  auto sumFill =
      sum.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>();
  Value blockSum =
      linalg::GenericOp::create(
          b, loc, TypeRange{into.sum.getType()},
          ValueRange{exps->getResult(0)},
          ValueRange{refill(b, loc, sumFill, into.sum)},
          {identity, sum.getMatchingIndexingMap(sum.getDpsInitOperand(0))},
          sum.getIteratorTypesArray(),
          [&](OpBuilder &nb, Location bodyLoc, ValueRange args) {
            Value lhs = accFirst ? args[1] : args[0];
            Value rhs = accFirst ? args[0] : args[1];
            linalg::YieldOp::create(
                nb, bodyLoc,
                ValueRange{arith::AddFOp::create(nb, bodyLoc, lhs, rhs,
                                                 sourceAdd.getFastmathAttr())});
          })
          ->getResult(0);

  // The output from the buffer: its body with the exponential read, the
  // inputs it no longer reads left out.
  auto blockOutput = linalg::GenericOp::create(
      b, loc, TypeRange{into.output.getType()}, ValueRange{},
      ValueRange{into.output}, ArrayRef<AffineMap>{identity},
      output.getIteratorTypesArray());
  IRMapping outputMapping;
  output.getRegion().cloneInto(&blockOutput.getRegion(), outputMapping);
  Block *body = blockOutput.getBody();
  BlockArgument read = body->insertArgument(output.getNumDpsInputs(), element,
                                            match.exp.getLoc());
  outputMapping.lookup(match.exp).replaceAllUsesWith(read);
  eraseDeadOps(body);
  SmallVector<Value> outputInputs;
  SmallVector<AffineMap> outputMaps;
  SmallVector<unsigned> unused;
  for (OpOperand *input : output.getDpsInputOperands()) {
    if (body->getArgument(input->getOperandNumber()).use_empty()) {
      unused.push_back(input->getOperandNumber());
      continue;
    }
    Value value = input->get();
    outputInputs.push_back(value == max->getResult(0)   ? blockMax
                           : value == sum->getResult(0) ? blockSum
                                                        : slice(output, input));
    outputMaps.push_back(output.getMatchingIndexingMap(input));
  }
  outputInputs.push_back(exps->getResult(0));
  outputMaps.push_back(identity);
  outputMaps.push_back(identity);
  for (unsigned index : llvm::reverse(unused))
    body->eraseArgument(index);
  blockOutput.getInputsMutable().assign(outputInputs);
  blockOutput.setIndexingMapsAttr(b.getAffineMapArrayAttr(outputMaps));
  return {blockMax, blockSum, exps->getResult(0), blockOutput->getResult(0)};
}

namespace {
/// How the rows of an op are blocked: the rows of a block, and whether the
/// blocks run in parallel.
struct RowBlocks {
  int64_t rows;
  bool parallel;
};
} // namespace

/// Returns the blocks of rows (the kept dims, first in `ranges`, of which
/// the innermost is blocked) of tensors of `types` over `ranges`: blocks of
/// at most `maxBlockBytes`, in parallel where all the rows have at least
/// `minParallelBytes` (threads); nothing when a row is larger than a block,
/// all the rows have fewer than `minInputBytes`, or a type has no size.
static std::optional<RowBlocks>
getRowBlocks(ArrayRef<int64_t> ranges, int64_t kept, ArrayRef<Type> types,
             int64_t maxBlockBytes, int64_t minInputBytes,
             std::optional<int64_t> minParallelBytes) {
  int64_t rowBytes = 0;
  for (Type type : types) {
    if (!type.isIntOrFloat())
      return std::nullopt;
    int64_t bytes =
        getStaticBytes(ranges.drop_front(kept),
                       llvm::divideCeil(type.getIntOrFloatBitWidth(), 8));
    if (llvm::AddOverflow(rowBytes, bytes, rowBytes))
      return std::nullopt;
  }
  int64_t allBytes = getStaticBytes(ranges.take_front(kept), rowBytes);
  int64_t rows = getBlockRows(ranges[kept - 1], rowBytes, maxBlockBytes);
  if (rows == 0 || allBytes < minInputBytes)
    return std::nullopt;
  return RowBlocks{rows,
                   minParallelBytes && allBytes >= *minParallelBytes};
}

/// The most chunks of blocks of the innermost kept dim that a parallel
/// softmax divides its rows into: each allocates its block's tensors once,
/// and any number of threads up to it has work.
static constexpr int64_t kMaxChunks = 64;

/// Rewrites `match` over blocks of `blockRows` rows (see the file comment)
/// and returns the outermost loop: a loop nest over the blocks that reuses
/// one buffer, or with `parallel`, an scf.forall whose blocks each have
/// their own.
static Operation *buildRowLocal(RewriterBase &rewriter,
                                const RowLocalSoftmax &match,
                                int64_t blockRows, bool parallel) {
  linalg::GenericOp sum = match.pair.sum, output = match.output;
  Location loc = output.getLoc();
  SmallVector<int64_t> ranges = sum.getStaticLoopRanges();
  int64_t kept = sum.getNumLoops() - sum.getNumReductionLoops();
  // Tiles: one index of each kept dim but the innermost, blockRows of it,
  // the whole rows.
  SmallVector<int64_t> sizes(ranges);
  SmallVector<OpFoldResult> upper, steps;
  for (int64_t dim = 0; dim < kept; ++dim) {
    sizes[dim] = dim + 1 == kept ? blockRows : 1;
    upper.push_back(rewriter.getIndexAttr(ranges[dim]));
    steps.push_back(rewriter.getIndexAttr(sizes[dim]));
  }
  SmallVector<OpFoldResult> lower(kept, rewriter.getIndexAttr(0));
  Type element = getElementTypeOrSelf(sum->getResultTypes()[0]);
  Value init = output.getDpsInitOperand(0)->get();
  AffineMap identity = rewriter.getMultiDimIdentityMap(ranges.size());
  SmallVector<OpFoldResult> sliceSizes = getAsIndexOpFoldResult(
      rewriter.getContext(), sizes);
  SmallVector<OpFoldResult> unitStrides(sizes.size(),
                                        rewriter.getIndexAttr(1));
  auto getOffsets = [&](ValueRange ivs) {
    SmallVector<OpFoldResult> offsets = getAsOpFoldResult(ivs);
    offsets.append(ranges.size() - kept, rewriter.getIndexAttr(0));
    return offsets;
  };

  rewriter.setInsertionPoint(output);
  SmallVector<int64_t> rowShape(sizes.begin(), sizes.begin() + kept);
  auto createTensors = [&](OpBuilder &b) {
    return std::make_tuple(
        tensor::EmptyOp::create(b, loc, rowShape, element).getResult(),
        tensor::EmptyOp::create(b, loc, rowShape, element).getResult(),
        tensor::EmptyOp::create(b, loc, sizes, element).getResult());
  };
  auto toValues = [&](OpBuilder &b, ArrayRef<OpFoldResult> values) {
    return llvm::to_vector(llvm::map_range(values, [&](OpFoldResult value) {
      return getValueOrCreateConstantIndexOp(b, loc, value);
    }));
  };
  // The blocks of `rows` rows of the innermost kept dim from `offsets` into
  // `into`, a tensor of `rows` of them at `intoOffsets`, one after the
  // other, the block's tensors carried through the loop: one buffer each.
  auto buildBlocks = [&](OpBuilder &b, ArrayRef<OpFoldResult> offsets,
                         Value into, ArrayRef<OpFoldResult> intoOffsets,
                         int64_t rows) {
    auto [max, sum, exps] = createTensors(b);
    auto at = [&](ArrayRef<OpFoldResult> base, Value iv) {
      SmallVector<OpFoldResult> moved(base);
      moved[kept - 1] = getValueOrCreateConstantIndexOp(
          b, loc,
          affine::makeComposedFoldedAffineApply(
              b, loc, b.getAffineDimExpr(0) + b.getAffineDimExpr(1),
              {base[kept - 1], iv}));
      return moved;
    };
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    return scf::ForOp::create(
        b, loc, zero, arith::ConstantIndexOp::create(b, loc, rows),
        arith::ConstantIndexOp::create(b, loc, blockRows),
        ValueRange{into, max, sum, exps},
        [&](OpBuilder &nb, Location bodyLoc, Value iv, ValueRange carried) {
          SmallVector<OpFoldResult> blockOffsets = at(offsets, iv);
          SmallVector<OpFoldResult> outputOffsets = at(intoOffsets, iv);
          Value outputSlice = sliceOf(nb, bodyLoc, carried[0], identity,
                                      outputOffsets, sizes);
          BlockTensors block =
              buildBlock(nb, bodyLoc, match, blockOffsets, sizes,
                         {carried[1], carried[2], carried[3], outputSlice});
          Value inserted = tensor::InsertSliceOp::create(
              nb, bodyLoc, block.output, carried[0], outputOffsets,
              sliceSizes, unitStrides);
          scf::YieldOp::create(nb, bodyLoc,
                               ValueRange{inserted, block.max, block.sum,
                                          block.exps});
        });
  };

  Operation *loop;
  if (parallel) {
    // Chunks of blocks (at most 64 of the innermost kept dim), each with
    // its own buffers, in parallel.
    int64_t blocks = ranges[kept - 1] / blockRows;
    int64_t perChunk = 1;
    while (blocks / (perChunk * 2) >= kMaxChunks && blocks % (perChunk * 2) == 0)
      perChunk *= 2;
    int64_t chunkRows = blockRows * perChunk;
    SmallVector<int64_t> chunkSizes(sizes);
    chunkSizes[kept - 1] = chunkRows;
    steps[kept - 1] = rewriter.getIndexAttr(chunkRows);
    auto forall = scf::ForallOp::create(rewriter, loc, lower, upper, steps,
                                        ValueRange{init}, std::nullopt);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(forall.getBody());
    SmallVector<OpFoldResult> offsets =
        getOffsets(forall.getInductionVars());
    Value chunk = sliceOf(rewriter, loc, forall.getRegionIterArgs()[0],
                          identity, offsets, chunkSizes);
    SmallVector<OpFoldResult> origin(ranges.size(), rewriter.getIndexAttr(0));
    scf::ForOp blocksLoop =
        buildBlocks(rewriter, offsets, chunk, origin, chunkRows);
    rewriter.setInsertionPointToEnd(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(
        rewriter, loc, blocksLoop.getResult(0), forall.getRegionIterArgs()[0],
        offsets, getAsIndexOpFoldResult(rewriter.getContext(), chunkSizes),
        unitStrides);
    loop = forall;
  } else {
    // The outer kept dims one index at a time, around the blocks of the
    // innermost one.
    SmallVector<OpFoldResult> outerUpper(upper.begin(), upper.end() - 1);
    SmallVector<OpFoldResult> outerSteps(steps.begin(), steps.end() - 1);
    SmallVector<OpFoldResult> outerLower(lower.begin(), lower.end() - 1);
    if (kept == 1) {
      SmallVector<OpFoldResult> origin(ranges.size(), rewriter.getIndexAttr(0));
      loop = buildBlocks(rewriter, origin, init, origin, ranges[kept - 1]);
    } else {
      scf::LoopNest nest = scf::buildLoopNest(
          rewriter, loc, toValues(rewriter, outerLower),
          toValues(rewriter, outerUpper), toValues(rewriter, outerSteps),
          ValueRange{init},
          [&](OpBuilder &b, Location, ValueRange ivs,
              ValueRange carried) -> scf::ValueVector {
            SmallVector<OpFoldResult> offsets = getAsOpFoldResult(ivs);
            offsets.append(ranges.size() - kept + 1, b.getIndexAttr(0));
            return {buildBlocks(b, offsets, carried[0], offsets,
                                ranges[kept - 1])
                        .getResult(0)};
          });
      loop = nest.loops.front();
    }
  }
  rewriter.replaceOp(output, loop->getResult(0));
  rewriter.eraseOp(sum);
  rewriter.eraseOp(match.pair.max);
  return loop;
}

SmallVector<std::pair<Operation *, int64_t>>
fusion::fuseRowLocalSoftmax(RewriterBase &rewriter, Operation *root,
                            int64_t maxBlockBytes,
                            std::optional<int64_t> minParallelBytes) {
  SmallVector<std::tuple<RowLocalSoftmax, int64_t, bool>> matches;
  if (maxBlockBytes > 0)
    root->walk([&](linalg::GenericOp sum) {
      std::optional<RowLocalSoftmax> match = matchRowLocal(sum);
      if (!match)
        return;
      // A row's bytes: of each input the sum reads (the maximum reads the
      // same) and of its exponentials.
      SmallVector<Type> types;
      for (OpOperand *input : sum.getDpsInputOperands())
        if (input != match->pair.centre)
          types.push_back(getElementTypeOrSelf(input->get()));
      types.push_back(getElementTypeOrSelf(sum->getResultTypes()[0]));
      if (std::optional<RowBlocks> blocks = getRowBlocks(
              sum.getStaticLoopRanges(),
              sum.getNumLoops() - sum.getNumReductionLoops(), types,
              maxBlockBytes, /*minInputBytes=*/0, minParallelBytes))
        matches.push_back({*match, blocks->rows, blocks->parallel});
    });
  SmallVector<std::pair<Operation *, int64_t>> built;
  for (auto &[match, rows, parallel] : matches)
    built.push_back({buildRowLocal(rewriter, match, rows, parallel), rows});
  return built;
}

//===----------------------------------------------------------------------===//
// Other normalizations: the output tiled by blocks of rows, the statistics
// it reads fused into each block.
//===----------------------------------------------------------------------===//

/// Returns the ops that `output` reads its per-row values from: linalg ops
/// of its block whose results only these ops, `output` and ops after it
/// read, and among them a reduction over the rows of an input that
/// `output` reads whole.
/// Sets `kept` to the leading dims of output that the per-row values keep.
/// Empty when `output` is not such a normalization.
static SetVector<Operation *> getRowProducers(linalg::GenericOp output,
                                              int64_t &kept) {
  SetVector<Operation *> producers;
  if (!output.hasPureTensorSemantics() || output->getNumResults() != 1 ||
      output.getNumReductionLoops() != 0 ||
      !output.getMatchingIndexingMap(output.getDpsInitOperand(0))
           .isIdentity() ||
      output.hasDynamicShape() ||
      isa<scf::ForOp, scf::ForallOp>(output->getParentOp()))
    return {};
  unsigned rank = output.getNumLoops();
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(rank, output.getContext());
  kept = 0;
  SmallVector<Operation *> worklist;
  llvm::SmallPtrSet<Value, 4> whole;
  SmallVector<AffineMap> others;
  for (OpOperand *input : output.getDpsInputOperands()) {
    AffineMap map = output.getMatchingIndexingMap(input);
    if (map == identity) {
      whole.insert(input->get());
      continue;
    }
    // Per-row values: the leading dims, the same for every such input.
    int64_t count = map.getNumResults();
    if (count == 0 || count >= rank || map != identity.getMajorSubMap(count)) {
      others.push_back(map);
      continue;
    }
    if (kept != 0 && kept != count)
      return {};
    kept = count;
    if (Operation *def = input->get().getDefiningOp())
      worklist.push_back(def);
  }
  if (kept == 0 || whole.empty())
    return {};
  // Any other input is the same for every row (a scale, a bias), read
  // whole by each block.
  for (AffineMap map : others)
    for (AffineExpr result : map.getResults())
      if (auto dim = dyn_cast<AffineDimExpr>(result);
          !dim || dim.getPosition() < static_cast<unsigned>(kept))
        return {};
  // The producers, back to the function's arguments and constants.
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (producers.contains(op) || op->hasTrait<OpTrait::ConstantLike>() ||
        isa<tensor::EmptyOp>(op))
      continue;
    if (!isa<linalg::GenericOp, linalg::FillOp>(op) ||
        op->getBlock() != output->getBlock())
      return {};
    producers.insert(op);
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (!whole.contains(operand))
          worklist.push_back(def);
  }
  // What else reads them comes after output (it will read the loop's
  // results); a reduction among them reads a whole input of output over the
  // same rows.
  bool reads = false;
  for (Operation *op : producers) {
    for (Operation *user : op->getUsers()) {
      if (user == output || producers.contains(user))
        continue;
      Operation *inBlock = output->getBlock()->findAncestorOpInBlock(*user);
      if (!inBlock || !output->isBeforeInBlock(inBlock))
        return {};
    }
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic || generic.getNumReductionLoops() == 0)
      continue;
    if (generic.getStaticLoopRanges() != output.getStaticLoopRanges())
      return {};
    for (OpOperand *input : generic.getDpsInputOperands())
      reads |= whole.contains(input->get()) &&
               generic.getMatchingIndexingMap(input) == identity;
  }
  if (!reads)
    return {};
  return producers;
}

SmallVector<std::pair<Operation *, int64_t>>
fusion::fuseRowBlocks(RewriterBase &rewriter, Operation *root,
                      int64_t maxBlockBytes, int64_t minInputBytes,
                      std::optional<int64_t> minParallelBytes) {
  struct Candidate {
    linalg::GenericOp output;
    SetVector<Operation *> producers;
    int64_t kept, rows;
    bool parallel;
  };
  SmallVector<Candidate> candidates;
  if (maxBlockBytes > 0)
    root->walk([&](linalg::GenericOp output) {
      int64_t kept = 0;
      SetVector<Operation *> producers = getRowProducers(output, kept);
      if (producers.empty())
        return;
      // A row's bytes: of each whole input the output reads.
      SmallVector<Type> types;
      AffineMap identity = output.getIndexingMapsArray().back();
      for (OpOperand *input : output.getDpsInputOperands())
        if (output.getMatchingIndexingMap(input) == identity)
          types.push_back(getElementTypeOrSelf(input->get()));
      if (std::optional<RowBlocks> blocks =
              getRowBlocks(output.getStaticLoopRanges(), kept, types,
                           maxBlockBytes, minInputBytes, minParallelBytes))
        candidates.push_back(
            {output, producers, kept, blocks->rows, blocks->parallel});
    });

  SmallVector<std::pair<Operation *, int64_t>> built;
  for (Candidate &candidate : candidates) {
    SmallVector<OpFoldResult> tileSizes;
    for (int64_t dim = 0; dim < candidate.output.getNumLoops(); ++dim)
      tileSizes.push_back(rewriter.getIndexAttr(
          dim + 1 < candidate.kept    ? 1
          : dim + 1 == candidate.kept ? candidate.rows
                                      : 0));
    scf::SCFTilingOptions tiling;
    tiling.setTileSizes(tileSizes);
    tiling.setLoopType(candidate.parallel
                           ? scf::SCFTilingOptions::LoopType::ForallOp
                           : scf::SCFTilingOptions::LoopType::ForOp);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tiling);
    const SetVector<Operation *> &producers = candidate.producers;
    // A value that is read after the output too (a statistic that is also
    // a result) is yielded by the loop, assembled from the blocks; its
    // readers, before the tiling adds its slices.
    llvm::SmallDenseSet<Value> readAfter;
    llvm::SmallPtrSet<Operation *, 4> laterReaders;
    for (Operation *op : producers)
      for (Value value : op->getResults())
        for (Operation *user : value.getUsers())
          if (user != candidate.output.getOperation() &&
              !producers.contains(user)) {
            readAfter.insert(value);
            laterReaders.insert(user);
          }
    auto isReadAfter = [&](Value value) { return readAfter.contains(value); };
    options.setFusionControlFn(
        [&](tensor::ExtractSliceOp, OpResult producer,
            bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          if (!producers.contains(producer.getOwner()))
            return std::nullopt;
          scf::SCFTileAndFuseOptions::ControlFnResult control;
          control.yieldProducerReplacement =
              llvm::any_of(producer.getOwner()->getResults(), isReadAfter);
          return control;
        });
    rewriter.setInsertionPoint(candidate.output);
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(candidate.output.getOperation()),
            options);
    if (failed(result) || result->loops.empty())
      continue;
    // The values read after the output, from the loop; one that the loop
    // does not yield (its producer was not fused) leaves the output as it
    // was.
    SmallVector<std::pair<Value, Value>> after;
    bool complete = true;
    for (Operation *op : producers)
      for (Value value : op->getResults())
        if (isReadAfter(value)) {
          Value replacement = result->replacements.lookup(value);
          complete &= static_cast<bool>(replacement);
          after.push_back({value, replacement});
        }
    if (!complete) {
      for (LoopLikeOpInterface loop : llvm::reverse(result->loops))
        rewriter.eraseOp(loop);
      continue;
    }
    for (auto [value, replacement] : after)
      rewriter.replaceUsesWithIf(value, replacement, [&](OpOperand &use) {
        return laterReaders.contains(use.getOwner());
      });
    rewriter.replaceOp(candidate.output,
                       result->replacements.lookup(
                           candidate.output->getResult(0)));
    // The producers, now computed in the loop, are left without users.
    for (Operation *op : llvm::reverse(producers))
      if (op->use_empty())
        rewriter.eraseOp(op);
    built.push_back({result->loops.front(), candidate.rows});
  }
  return built;
}
