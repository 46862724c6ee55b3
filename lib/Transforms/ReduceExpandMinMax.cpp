//===- ReduceExpandMinMax.cpp - Cheap NaN-propagating min, max -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites `arith.minimumf` into two plain min selects and a bitwise or,
// which x86 executes as two `vminps` and a `vorps` instead of the six
// instructions of the backend's `llvm.minimum` expansion, `arith.maximumf`
// into the negated minimum of the negated operands (the negations folded
// across trees, loop accumulators and reductions), and
// `vector.reduction <minimumf|maximumf>` into a tree of those. With
// `x86-range`, loop accumulators and trees of vector minimums or maximums
// first become AVX-512DQ range instructions beside an ordered mask. One
// implementation serves both: `Extremum<OpT>` holds what differs.
//
//===----------------------------------------------------------------------===//

#include "reduce/Target/ReduceTarget.h"
#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/Support/MathExtras.h"

#include <type_traits>

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEEXPANDMINMAXPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

namespace {
/// What differs between the float minimum (`OpT` arith::MinimumFOp) and
/// maximum (arith::MaximumFOp) rewrites.
template <typename OpT>
struct Extremum {
  static constexpr bool isMax = std::is_same_v<OpT, arith::MaximumFOp>;
  /// The `vrangeps`/`vrangepd` imm: bits 1:0 the minimum (0) or maximum
  /// (1), bits 3:2 (01) the sign from the comparison.
  static constexpr int64_t rangeImm = isMax ? 5 : 4;
  static constexpr vector::CombiningKind kind =
      isMax ? vector::CombiningKind::MAXIMUMF : vector::CombiningKind::MINIMUMF;
};
} // namespace

/// Returns true for the element types the expansion handles: f32 and f64,
/// whose plain min is one x86 instruction.
static bool isExpandedElementType(Type type) {
  return isa<Float32Type, Float64Type>(getElementTypeOrSelf(type));
}

/// Returns `type` (a float or a vector of floats) with its elements
/// replaced by signless integers of the same width.
static Type getBitsType(Type type) {
  Type elementType = getElementTypeOrSelf(type);
  auto intType =
      IntegerType::get(type.getContext(), elementType.getIntOrFloatBitWidth());
  if (auto vectorType = dyn_cast<VectorType>(type))
    return vectorType.clone(intType);
  return intType;
}

/// Builds the NaN-propagating minimum of `lhs` and `rhs` (f32 or f64,
/// scalars or vectors) as `or(select(lhs < rhs, lhs, rhs),
/// select(rhs < lhs, rhs, lhs))` on their bits: see the pass description.
static Value createMinimum(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  auto plainMin = [&](Value x, Value y) -> Value {
    Value less = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
    Value min = arith::SelectOp::create(b, loc, less, x, y);
    return arith::BitcastOp::create(b, loc, getBitsType(x.getType()), min);
  };
  Value bits =
      arith::OrIOp::create(b, loc, plainMin(lhs, rhs), plainMin(rhs, lhs));
  return arith::BitcastOp::create(b, loc, lhs.getType(), bits);
}

/// Returns `-value`, folding a negation of a negation: a sign flip, exact
/// for every value (a NaN stays a NaN).
static Value createNegation(OpBuilder &b, Location loc, Value value) {
  if (auto negation = value.getDefiningOp<arith::NegFOp>())
    return negation.getOperand();
  return arith::NegFOp::create(b, loc, value);
}

/// Builds the NaN-propagating minimum (`OpT` arith::MinimumFOp) or maximum
/// (arith::MaximumFOp) of `lhs` and `rhs`, f32 or f64: the maximum is
/// `-minimum(-lhs, -rhs)`, whose negations fold with those of neighbouring
/// minimums of negated values (createNegation).
template <typename OpT>
static Value createExtremum(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (!Extremum<OpT>::isMax)
    return createMinimum(b, loc, lhs, rhs);
  return createNegation(b, loc,
                        createMinimum(b, loc, createNegation(b, loc, lhs),
                                      createNegation(b, loc, rhs)));
}

/// Returns the size in bits of `type` if it is a fixed 1-D vector of f32 or
/// f64, else 0.
static int64_t getVectorBits(Type type) {
  auto vectorType = dyn_cast<VectorType>(type);
  if (!vectorType || vectorType.getRank() != 1 || vectorType.isScalable() ||
      !isExpandedElementType(vectorType))
    return 0;
  return vectorType.getNumElements() * vectorType.getElementTypeBitWidth();
}

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

/// Returns the widest register, in bits, that the code of the function
/// holding `op` may use: its `reduce.vector_bits`, else 512.
static int64_t getMaxRegisterBits(Operation *op) {
  auto function = op->getParentOfType<FunctionOpInterface>();
  auto bits = function ? function->getAttrOfType<IntegerAttr>(
                             reduce::kFunctionVectorBitsAttrName)
                       : IntegerAttr();
  return bits ? bits.getInt() : 512;
}

/// Returns the width in bits of the widest register (512, 256 or 128, at
/// most `maxBits`) that each innermost row of `type`, a fixed f32/f64
/// vector of any rank (a 1-D vector is one row), is a whole number of; 0 if
/// none.
static int64_t getChunkBits(Type type, int64_t maxBits) {
  auto vectorType = dyn_cast<VectorType>(type);
  if (!vectorType || vectorType.getRank() == 0 || vectorType.isScalable() ||
      !isExpandedElementType(vectorType))
    return 0;
  int64_t rowBits =
      vectorType.getShape().back() * vectorType.getElementTypeBitWidth();
  for (int64_t chunk : {512, 256, 128})
    if (chunk <= maxBits && rowBits % chunk == 0)
      return chunk;
  return 0;
}

/// Returns the lanes of one register (getChunkBits) of `type`.
static int64_t getChunkLanes(VectorType type, int64_t maxBits) {
  return getChunkBits(type, maxBits) / type.getElementTypeBitWidth();
}

/// Returns lanes [offset, offset + lanes) of `vector` in row-major order,
/// which lie in one innermost row of it.
static Value createSlice(OpBuilder &b, Location loc, Value vector,
                         int64_t offset, int64_t lanes) {
  auto type = cast<VectorType>(vector.getType());
  int64_t rowLength = type.getShape().back();
  if (type.getRank() > 1) {
    SmallVector<int64_t> position =
        delinearize(offset / rowLength, computeStrides(type.getShape().drop_back()));
    vector = vector::ExtractOp::create(b, loc, vector, position);
    offset %= rowLength;
  }
  if (lanes == rowLength)
    return vector;
  return vector::ExtractStridedSliceOp::create(b, loc, vector,
                                               /*offsets=*/{offset},
                                               /*sizes=*/{lanes},
                                               /*strides=*/{1});
}

/// Builds a vector of `type`, whose innermost rows are a whole number of
/// registers of `chunkLanes` lanes, from one value per register:
/// `build(offset)` gives the register of lanes [offset, offset + chunkLanes)
/// in row-major order.
static Value concatChunks(OpBuilder &b, Location loc, VectorType type,
                          int64_t chunkLanes,
                          function_ref<Value(int64_t)> build) {
  int64_t rowLength = type.getShape().back();
  auto buildRow = [&](int64_t rowOffset) -> Value {
    if (chunkLanes == rowLength)
      return build(rowOffset);
    Value row = ub::PoisonOp::create(
        b, loc, VectorType::get({rowLength}, type.getElementType()));
    for (int64_t offset = 0; offset < rowLength; offset += chunkLanes)
      row = vector::InsertStridedSliceOp::create(b, loc,
                                                 build(rowOffset + offset), row,
                                                 /*offsets=*/{offset},
                                                 /*strides=*/{1});
    return row;
  };
  if (type.getRank() == 1)
    return buildRow(0);
  SmallVector<int64_t> strides = computeStrides(type.getShape().drop_back());
  Value result = ub::PoisonOp::create(b, loc, type);
  for (int64_t row = 0, rows = type.getNumElements() / rowLength; row < rows;
       ++row)
    result = vector::InsertOp::create(b, loc, buildRow(row * rowLength), result,
                                      delinearize(row, strides));
  return result;
}

/// Returns a vector of quiet NaNs of `type`.
static Value createNaN(OpBuilder &b, Location loc, VectorType type) {
  auto elementType = cast<FloatType>(type.getElementType());
  return arith::ConstantOp::create(
      b, loc, type,
      DenseElementsAttr::get(
          type, APFloat::getQNaN(elementType.getFloatSemantics())));
}

/// Returns the `OpT` (arith.minimumf or arith.maximumf) that defines
/// `value` if it is an inner node of a tree of them in `block`: its only use
/// is the next node.
template <typename OpT>
static OpT getInnerNode(Value value, Block *block) {
  auto op = value.getDefiningOp<OpT>();
  if (!op || op->getBlock() != block || !value.hasOneUse())
    return {};
  return op;
}

/// Collects the leaves of the `OpT` tree below `root` in `leaves` (left to
/// right) and its nodes in `nodes` (operands before users, `root` last).
/// Iterative: a chain of minimums can be as long as a dim is wide.
template <typename OpT>
static void collectTree(OpT root, SmallVectorImpl<Value> &leaves,
                        SmallVectorImpl<OpT> &nodes) {
  Block *block = root->getBlock();
  // (node, operands visited so far).
  SmallVector<std::pair<OpT, unsigned>> stack = {{root, 0}};
  while (!stack.empty()) {
    auto &[node, visited] = stack.back();
    if (visited == 2) {
      nodes.push_back(node);
      stack.pop_back();
      continue;
    }
    Value operand = node->getOperand(visited++);
    if (auto inner = getInnerNode<OpT>(operand, block))
      stack.push_back({inner, 0});
    else
      leaves.push_back(operand);
  }
}

/// Returns the ordered mask of `registers` (lanes where none is a NaN), one
/// compare per pair of them, and-ed into `mask` when it is set.
static Value createOrderedMask(OpBuilder &b, Location loc,
                               ArrayRef<Value> registers, Value mask) {
  for (size_t i = 0; i < registers.size(); i += 2) {
    Value other = i + 1 < registers.size() ? registers[i + 1] : registers[i];
    Value pair = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ORD,
                                       registers[i], other);
    mask = mask ? arith::AndIOp::create(b, loc, mask, pair) : pair;
  }
  return mask;
}

/// Rewrites the `OpT` tree whose root is `root` into
/// `select(ordered, range-number tree, NaN)` if it has at least four
/// leaves: see the pass description.
template <typename OpT>
static void rewriteRangeTree(OpT root) {
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
template <typename OpT>
static void rewriteRangeTrees(Operation *op) {
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

namespace {
/// A loop-carried minimum (maximum): the iter_arg `index` of a loop whose
/// only use is the `OpT` `update`, whose only use is the yield of that
/// iter_arg.
template <typename OpT>
struct Accumulator {
  unsigned index;
  OpT update;
  /// The operand of `update` that is the iter_arg (0 or 1).
  unsigned accOperand;
};
} // namespace

/// Returns the `OpT` accumulators of `loop` whose type `accepts`.
template <typename OpT>
static SmallVector<Accumulator<OpT>>
getAccumulators(scf::ForOp loop, function_ref<bool(Type)> accepts) {
  SmallVector<Accumulator<OpT>> accumulators;
  Operation *yield = loop.getBody()->getTerminator();
  for (auto [index, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    if (!accepts(arg.getType()) || !arg.hasOneUse())
      continue;
    auto update = dyn_cast<OpT>(*arg.getUsers().begin());
    if (!update || update->getBlock() != loop.getBody() ||
        !update->hasOneUse() || yield->getOperand(index) != update.getResult())
      continue;
    accumulators.push_back({static_cast<unsigned>(index), update,
                            update.getLhs() == arg ? 0u : 1u});
  }
  return accumulators;
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
    if (!root || static_cast<int64_t>(registers.size()) * chunkLanes !=
                     rowLength)
      return false;
    SmallVector<Value> leaves;
    SmallVector<OpT> nodes;
    collectTree(root, leaves, nodes);
    if (leaves.size() != registers.size() ||
        !llvm::all_of(leaves, [&](Value leaf) {
          return registers.contains(leaf);
        }))
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
static scf::ForOp rewriteRangeAccumulators(RewriterBase &rewriter,
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
    maskLanes.push_back(isRowCombinedAcrossRegisters<OpT>(
                            loop.getResult(acc.index), chunkLanes)
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

/// Rewrites the f32/f64 maximum accumulators of `loop` to carry the
/// negated maximum, the minimum of the negated values read: the init is
/// negated before the loop, each value read once in it (one sign flip,
/// off the loop-carried chain of the minimum), the result once after it.
/// The loop keeps its types, so it is changed in place.
static void rewriteNegatedAccumulators(RewriterBase &rewriter,
                                       scf::ForOp loop) {
  SmallVector<Accumulator<arith::MaximumFOp>> accumulators =
      getAccumulators<arith::MaximumFOp>(loop, isExpandedElementType);
  if (accumulators.empty())
    return;
  Operation *yield = loop.getBody()->getTerminator();
  for (const Accumulator<arith::MaximumFOp> &acc : accumulators) {
    arith::MaximumFOp update = acc.update;
    Location loc = update.getLoc();
    rewriter.setInsertionPoint(loop);
    OpOperand &init = loop.getInitArgsMutable()[acc.index];
    Value negatedInit = createNegation(rewriter, loc, init.get());
    rewriter.modifyOpInPlace(loop, [&] { init.set(negatedInit); });
    // The iter_arg now holds the negated maximum: the minimum of the
    // negated values.
    rewriter.setInsertionPoint(update);
    Value negated = createMinimum(
        rewriter, loc, update->getOperand(acc.accOperand),
        createNegation(rewriter, loc, update->getOperand(1 - acc.accOperand)));
    rewriter.modifyOpInPlace(yield,
                             [&] { yield->setOperand(acc.index, negated); });
    rewriter.eraseOp(update);
    Value result = loop.getResult(acc.index);
    SmallVector<OpOperand *> uses = llvm::map_to_vector(
        result.getUses(), [](OpOperand &use) { return &use; });
    rewriter.setInsertionPointAfter(loop);
    Value maximum = createNegation(rewriter, loc, result);
    for (OpOperand *use : uses)
      rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(maximum); });
  }
}

/// Rewrites the accumulators of every scf.for under `op`: with `range`,
/// minimum and maximum accumulators of whole registers into range
/// instructions; then every other f32/f64 maximum accumulator into a
/// negated one.
static void rewriteLoops(Operation *op, bool range) {
  SmallVector<scf::ForOp> loops;
  op->walk([&](scf::ForOp loop) { loops.push_back(loop); });
  IRRewriter rewriter(op->getContext());
  for (scf::ForOp loop : loops) {
    if (range) {
      loop = rewriteRangeAccumulators<arith::MinimumFOp>(rewriter, loop);
      loop = rewriteRangeAccumulators<arith::MaximumFOp>(rewriter, loop);
    }
    rewriteNegatedAccumulators(rewriter, loop);
  }
}

namespace {
/// `arith.minimumf` on f32/f64 scalars or vectors -> two plain mins and an
/// or; `arith.maximumf` -> the same on the negated operands, negated.
template <typename OpT>
struct ExpandExtremumF : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    if (!isExpandedElementType(op.getType()))
      return rewriter.notifyMatchFailure(op, "not f32 or f64");
    rewriter.replaceOp(op, createExtremum<OpT>(rewriter, op.getLoc(),
                                               op.getLhs(), op.getRhs()));
    return success();
  }
};

/// `vector.reduction <minimumf>` over a 1-D f32/f64 vector -> a tree of
/// minimums: a size that is not a power of two first folds its tail beyond
/// the largest power of two into its head (80 lanes: lanes 64-79 into 0-15,
/// whole registers), then each level takes the minimum of the two halves;
/// the accumulator comes last. `vector.reduction <maximumf>` -> the same
/// tree over the negated vector (one negation), negated.
template <typename OpT>
struct ExpandExtremumFReduction : OpRewritePattern<vector::ReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    if (op.getKind() != Extremum<OpT>::kind || type.getRank() != 1 ||
        type.isScalable() || !isExpandedElementType(type))
      return rewriter.notifyMatchFailure(op, "not a fixed 1-D f32/f64 min/max");
    Location loc = op.getLoc();
    Value vector = op.getVector();
    if (Extremum<OpT>::isMax)
      vector = createNegation(rewriter, loc, vector);
    int64_t size = type.getNumElements();
    if (!llvm::isPowerOf2_64(size)) {
      int64_t head =
          static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(size)));
      int64_t tail = size - head;
      Value folded = createMinimum(
          rewriter, loc, createSlice(rewriter, loc, vector, 0, tail),
          createSlice(rewriter, loc, vector, head, tail));
      vector = vector::InsertStridedSliceOp::create(
          rewriter, loc, folded, createSlice(rewriter, loc, vector, 0, head),
          /*offsets=*/{0},
          /*strides=*/{1});
      size = head;
    }
    for (; size > 1; size /= 2)
      vector = createMinimum(
          rewriter, loc, createSlice(rewriter, loc, vector, 0, size / 2),
          createSlice(rewriter, loc, vector, size / 2, size / 2));
    Value result = vector::ExtractOp::create(rewriter, loc, vector, 0);
    if (Extremum<OpT>::isMax)
      result = createNegation(rewriter, loc, result);
    if (Value acc = op.getAcc())
      result = createExtremum<OpT>(rewriter, loc, result, acc);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The `reduce-expand-min-max` pass.
struct ReduceExpandMinMaxPass
    : reduce::impl::ReduceExpandMinMaxPassBase<ReduceExpandMinMaxPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<reduce::ReduceTarget> target =
        reduce::lookupReduceTarget(getOperation());
    if (failed(target))
      return signalPassFailure();
    bool x86Range = target->rangeMinimum;
    rewriteLoops(getOperation(), x86Range);
    if (x86Range) {
      rewriteRangeTrees<arith::MinimumFOp>(getOperation());
      rewriteRangeTrees<arith::MaximumFOp>(getOperation());
    }
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandExtremumF<arith::MinimumFOp>,
                 ExpandExtremumF<arith::MaximumFOp>,
                 ExpandExtremumFReduction<arith::MinimumFOp>,
                 ExpandExtremumFReduction<arith::MaximumFOp>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
