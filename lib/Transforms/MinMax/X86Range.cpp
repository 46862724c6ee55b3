//===- X86Range.cpp - Min/max trees and accumulators as vrange --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The x86 lowering of `reduce-expand-min-max` with the target's
// `range_minimum`: loop accumulators and trees of NaN-propagating vector
// minimums or maximums become AVX-512DQ range instructions
// (`llvm.x86.avx512.mask.range.*`) beside an ordered mask (see the pass
// description).
//
//===----------------------------------------------------------------------===//

#include "Extremum.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::reduce::minmax;

/// Returns the name of the AVX-512 range intrinsic for `type`, or an empty
/// string for a type that is not a whole 128-, 256- or 512-bit register of
/// f32 or f64.
static std::string getRangeIntrinsic(Type type) {
  int64_t bits = getVectorBits(type);
  if (bits != 128 && bits != 256 && bits != 512)
    return {};
  bool isF32 = cast<VectorType>(type).getElementType().isF32();
  return (llvm::Twine("llvm.x86.avx512.mask.range.") + (isF32 ? "ps." : "pd.") +
          llvm::Twine(bits))
      .str();
}

/// Builds the IEEE 754-2019 minimumNumber (`imm` 4: minimum, sign from the
/// comparison) or maximumNumber (`imm` 5: maximum) of the register-sized
/// vectors `lhs` and `rhs` as one `vrangeps`/`vrangepd`: -0 is below +0,
/// and a NaN operand is skipped.
static Value createRangeNumber(OpBuilder &b, Location loc, Value lhs, Value rhs,
                               int64_t imm) {
  auto type = cast<VectorType>(lhs.getType());
  int64_t lanes = type.getNumElements();
  bool is512 = lanes * type.getElementTypeBitWidth() == 512;
  auto constant = [&](unsigned width, int64_t value) -> Value {
    return LLVM::ConstantOp::create(
        b, loc, b.getIntegerType(width),
        b.getIntegerAttr(b.getIntegerType(width), value));
  };
  Value passThrough = LLVM::ZeroOp::create(b, loc, type);
  // The mask has one bit per lane, in at least 8 bits.
  SmallVector<Value> args = {lhs, rhs, constant(32, imm), passThrough,
                             constant(std::max<int64_t>(lanes, 8), -1)};
  if (is512)
    args.push_back(constant(32, /*_MM_FROUND_CUR_DIRECTION=*/4));
  return LLVM::CallIntrinsicOp::create(
             b, loc, type, b.getStringAttr(getRangeIntrinsic(type)), args)
      .getResult(0);
}

/// Returns the ordered mask of the constant registers `lhs` and `rhs` as a
/// constant, or null if either is not a constant.
static Value foldOrderedMask(OpBuilder &b, Location loc, Value lhs,
                             Value rhs) {
  DenseFPElementsAttr lhsValue, rhsValue;
  if (!matchPattern(lhs, m_Constant(&lhsValue)) ||
      !matchPattern(rhs, m_Constant(&rhsValue)))
    return {};
  SmallVector<bool> ordered;
  for (auto [x, y] : llvm::zip_equal(lhsValue.getValues<APFloat>(),
                                     rhsValue.getValues<APFloat>()))
    ordered.push_back(!x.isNaN() && !y.isNaN());
  auto type = VectorType::get(cast<VectorType>(lhs.getType()).getShape(),
                              b.getI1Type());
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, llvm::ArrayRef<bool>(ordered)));
}

/// Returns the ordered mask of `registers` (lanes where none is a NaN), one
/// compare per pair of them, and-ed into `mask` when it is set. Constant
/// registers give a constant (the inits of a minimum and of a maximum: the
/// same mask, which mergeEquivalentIterArgs compares).
static Value createOrderedMask(OpBuilder &b, Location loc,
                               ArrayRef<Value> registers, Value mask) {
  for (size_t i = 0; i < registers.size(); i += 2) {
    Value other = i + 1 < registers.size() ? registers[i + 1] : registers[i];
    Value pair = foldOrderedMask(b, loc, registers[i], other);
    if (!pair)
      pair = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ORD,
                                   registers[i], other);
    mask = mask ? b.createOrFold<arith::AndIOp>(loc, mask, pair) : pair;
  }
  return mask;
}

/// Rewrites the `OpT` tree whose root is `root` into
/// `select(ordered, range-number tree, NaN)` if it has at least four
/// leaves: see the pass description.
template <typename OpT> static void rewriteRangeTree(OpT root) {
  SmallVector<Value> leaves;
  SmallVector<OpT> nodes;
  collectTree(root, leaves, nodes);
  if (leaves.size() < 4)
    return;
  OpBuilder b(root);
  Location loc = root.getLoc();
  // The same tree over minimum (maximum) numbers, built operands first.
  IRMapping rebuilt;
  for (OpT node : nodes)
    rebuilt.map(node.getResult(),
                createRangeNumber(b, node.getLoc(),
                                  rebuilt.lookupOrDefault(node.getLhs()),
                                  rebuilt.lookupOrDefault(node.getRhs()),
                                  Extremum<OpT>::rangeImm));
  Value number = rebuilt.lookup(root.getResult());
  // One ordered compare per pair of leaves: unordered if either is a NaN.
  Value ordered = createOrderedMask(b, loc, leaves, Value());
  Value nan = createNaN(b, loc, cast<VectorType>(root.getType()));
  Value result = arith::SelectOp::create(b, loc, ordered, number, nan);
  root.getResult().replaceAllUsesWith(result);
  for (OpT node : llvm::reverse(nodes))
    node->erase();
}

/// Rewrites every `OpT` tree of register-sized vectors under `op` into
/// range instructions.
template <typename OpT> static void rewriteRangeTreesOf(Operation *op) {
  SmallVector<OpT> roots;
  op->walk([&](OpT node) {
    if (getRangeIntrinsic(node.getType()).empty() ||
        getVectorBits(node.getType()) > getMaxRegisterBits(node))
      return;
    Value result = node.getResult();
    if (result.hasOneUse()) {
      Operation *user = *result.getUsers().begin();
      if (isa<OpT>(user) && user->getBlock() == node->getBlock())
        return; // An inner node: rewritten with its root.
    }
    roots.push_back(node);
  });
  for (OpT root : roots)
    rewriteRangeTree(root);
}

/// Returns true if each innermost row of `result` (a loop result whose rows
/// are a whole number of registers of `chunkLanes` lanes) is only taken
/// whole (`vector.extract` of a row, or the 1-D `result` itself), and each
/// row only as its registers (`vector.extract_strided_slice`), all of which
/// are the leaves of one tree of `OpT`. A lane of that tree's result is then
/// a NaN when that lane of any register of the row is: one ordered mask per
/// row computes the same values as one per register.
template <typename OpT>
static bool isRowCombinedAcrossRegisters(Value result, int64_t chunkLanes) {
  auto type = cast<VectorType>(result.getType());
  int64_t rowLength = type.getShape().back();
  if (rowLength == chunkLanes)
    return false;
  SmallVector<Value> rows;
  if (type.getRank() == 1) {
    rows.push_back(result);
  } else {
    for (Operation *user : result.getUsers()) {
      auto extract = dyn_cast<vector::ExtractOp>(user);
      if (!extract || extract.getSource() != result ||
          extract.getNumIndices() != type.getRank() - 1 ||
          !extract.getDynamicPosition().empty())
        return false;
      rows.push_back(extract.getResult());
    }
  }
  for (Value row : rows) {
    SmallPtrSet<Value, 8> registers;
    llvm::SmallDenseSet<int64_t, 8> offsets;
    OpT root;
    for (Operation *user : row.getUsers()) {
      // A whole register, at its own offset.
      auto slice = dyn_cast<vector::ExtractStridedSliceOp>(user);
      if (!slice || slice.getType().getNumElements() != chunkLanes ||
          !slice->hasOneUse())
        return false;
      int64_t offset = cast<IntegerAttr>(slice.getOffsets()[0]).getInt();
      if (offset % chunkLanes != 0 || !offsets.insert(offset).second)
        return false;
      registers.insert(slice.getResult());
      // The root of the tree above this register.
      Value node = slice.getResult();
      OpT top;
      while (node.hasOneUse()) {
        auto next = dyn_cast<OpT>(*node.getUsers().begin());
        if (!next || next->getBlock() != slice->getBlock())
          break;
        top = next;
        node = next.getResult();
      }
      if (!top || (root && top != root))
        return false;
      root = top;
    }
    if (!root ||
        static_cast<int64_t>(registers.size()) * chunkLanes != rowLength)
      return false;
    SmallVector<Value> leaves;
    SmallVector<OpT> nodes;
    collectTree(root, leaves, nodes);
    if (leaves.size() != registers.size() ||
        !llvm::all_of(leaves,
                      [&](Value leaf) { return registers.contains(leaf); }))
      return false;
  }
  return !rows.empty();
}

/// Rewrites the `OpT` accumulators of `loop` whose type is a whole number
/// of registers: each register of an accumulator becomes a minimum
/// (maximum) number (one range instruction) beside an ordered mask carried
/// by the loop (masked ordered compares), and the loop result the range
/// number where the mask is set, a NaN elsewhere. One mask per register, so
/// that each stays in a mask register; or, where the registers of each row
/// are combined after the loop (isRowCombinedAcrossRegisters), one mask per
/// row, each compare checking two registers: fewer masks than the 7 mask
/// registers, and half the compares. Returns the loop, a new one if it was
/// rewritten.
template <typename OpT>
static scf::ForOp rewriteRangeAccumulatorsOf(RewriterBase &rewriter,
                                             scf::ForOp loop) {
  int64_t maxBits = getMaxRegisterBits(loop);
  SmallVector<Accumulator<OpT>> accumulators = getAccumulators<OpT>(
      loop, [&](Type type) { return getChunkBits(type, maxBits) != 0; });
  if (accumulators.empty())
    return loop;
  // The lanes of one mask of each accumulator: a register, or a row.
  SmallVector<int64_t> maskLanes;
  for (const Accumulator<OpT> &acc : accumulators) {
    auto type = cast<VectorType>(loop.getResult(acc.index).getType());
    int64_t chunkLanes = getChunkLanes(type, maxBits);
    maskLanes.push_back(
        isRowCombinedAcrossRegisters<OpT>(loop.getResult(acc.index), chunkLanes)
            ? type.getShape().back()
            : chunkLanes);
  }
  // The registers of `value` (of an accumulator's type), in row-major order.
  auto getRegisters = [&](OpBuilder &b, Location loc, Value value) {
    auto type = cast<VectorType>(value.getType());
    int64_t chunkLanes = getChunkLanes(type, maxBits);
    SmallVector<Value> registers;
    for (int64_t offset = 0; offset < type.getNumElements();
         offset += chunkLanes)
      registers.push_back(createSlice(b, loc, value, offset, chunkLanes));
    return registers;
  };
  // The ordered masks of `registers`, `perMask` registers each, and-ed into
  // `masks` (the iter_args) when given.
  auto createOrderedMasks = [&](OpBuilder &b, Location loc,
                                ArrayRef<Value> registers, int64_t perMask,
                                ArrayRef<BlockArgument> masks,
                                SmallVectorImpl<Value> &result) {
    for (size_t first = 0; first < registers.size(); first += perMask)
      result.push_back(createOrderedMask(
          b, loc, registers.slice(first, perMask),
          masks.empty() ? Value() : Value(masks[result.size()])));
  };
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  // The init may itself be a NaN (a partial result of an outer tile).
  SmallVector<Value> orderedInits;
  for (auto [acc, lanes] : llvm::zip_equal(accumulators, maskLanes)) {
    Value init = loop.getInitArgs()[acc.index];
    int64_t chunkLanes =
        getChunkLanes(cast<VectorType>(init.getType()), maxBits);
    createOrderedMasks(rewriter, loc, getRegisters(rewriter, loc, init),
                       lanes / chunkLanes, {}, orderedInits);
  }
  FailureOr<LoopLikeOpInterface> rewritten = loop.replaceWithAdditionalYields(
      rewriter, orderedInits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location, ArrayRef<BlockArgument> orderedArgs) {
        SmallVector<Value> orderedYields;
        for (auto [acc, lanes] : llvm::zip_equal(accumulators, maskLanes)) {
          OpT update = acc.update;
          Location updateLoc = update.getLoc();
          b.setInsertionPoint(update);
          Value accValue = update->getOperand(acc.accOperand);
          Value x = update->getOperand(1 - acc.accOperand);
          auto type = cast<VectorType>(x.getType());
          int64_t chunkLanes = getChunkLanes(type, maxBits);
          SmallVector<Value> xRegisters = getRegisters(b, updateLoc, x);
          createOrderedMasks(b, updateLoc, xRegisters, lanes / chunkLanes,
                             orderedArgs, orderedYields);
          Value number =
              concatChunks(b, updateLoc, type, chunkLanes, [&](int64_t offset) {
                return createRangeNumber(
                    b, updateLoc,
                    createSlice(b, updateLoc, accValue, offset, chunkLanes),
                    xRegisters[offset / chunkLanes], Extremum<OpT>::rangeImm);
              });
          rewriter.replaceOp(update, number);
        }
        return orderedYields;
      });
  if (failed(rewritten))
    return loop;
  auto newLoop = cast<scf::ForOp>(rewritten->getOperation());
  rewriter.setInsertionPointAfter(newLoop);
  unsigned firstOrdered = newLoop.getNumResults() - orderedInits.size();
  for (auto [acc, maskLength] : llvm::zip_equal(accumulators, maskLanes)) {
    int64_t lanes = maskLength;
    Value number = newLoop.getResult(acc.index);
    // The uses to redirect, before the selects below add their own.
    SmallVector<OpOperand *> uses = llvm::map_to_vector(
        number.getUses(), [](OpOperand &use) { return &use; });
    auto type = cast<VectorType>(number.getType());
    int64_t chunkLanes = getChunkLanes(type, maxBits);
    Value nan = createNaN(rewriter, loc,
                          VectorType::get({chunkLanes}, type.getElementType()));
    Value result =
        concatChunks(rewriter, loc, type, chunkLanes, [&](int64_t offset) {
          Value chunk = createSlice(rewriter, loc, number, offset, chunkLanes);
          return arith::SelectOp::create(
              rewriter, loc, newLoop.getResult(firstOrdered + offset / lanes),
              chunk, nan);
        });
    firstOrdered += type.getNumElements() / lanes;
    for (OpOperand *use : uses)
      rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(result); });
  }
  return newLoop;
}

void mlir::reduce::minmax::rewriteRangeTrees(Operation *op) {
  rewriteRangeTreesOf<arith::MinimumFOp>(op);
  rewriteRangeTreesOf<arith::MaximumFOp>(op);
}

scf::ForOp
mlir::reduce::minmax::rewriteRangeAccumulators(RewriterBase &rewriter,
                                               scf::ForOp loop) {
  loop = rewriteRangeAccumulatorsOf<arith::MinimumFOp>(rewriter, loop);
  return rewriteRangeAccumulatorsOf<arith::MaximumFOp>(rewriter, loop);
}
