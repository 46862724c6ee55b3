//===- Extremum.h - Shared pieces of the min/max expansion ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the rewrites of `reduce-expand-min-max` share: the plain-min
// expansion of a NaN-propagating float minimum, negations, the registers of
// a vector, trees of minimums or maximums and loop accumulators. The x86
// range lowering (X86Range.cpp) and the generic expansion
// (ReduceExpandMinMax.cpp) are built on them. `Extremum<OpT>` holds what
// differs between the minimum and the maximum.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_TRANSFORMS_MINMAX_EXTREMUM_H
#define REDUCE_LIB_TRANSFORMS_MINMAX_EXTREMUM_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

#include <type_traits>

namespace mlir::reduce::minmax {

/// What differs between the float minimum (`OpT` arith::MinimumFOp) and
/// maximum (arith::MaximumFOp) rewrites.
template <typename OpT> struct Extremum {
  static constexpr bool isMax = std::is_same_v<OpT, arith::MaximumFOp>;
  /// The `vrangeps`/`vrangepd` imm: bits 1:0 the minimum (0) or maximum
  /// (1), bits 3:2 (01) the sign from the comparison.
  static constexpr int64_t rangeImm = isMax ? 5 : 4;
  static constexpr vector::CombiningKind kind =
      isMax ? vector::CombiningKind::MAXIMUMF : vector::CombiningKind::MINIMUMF;
};

/// Returns true for the element types the expansion handles: f32 and f64,
/// whose plain min is one x86 instruction.
bool isExpandedElementType(Type type);

/// Builds the NaN-propagating minimum of `lhs` and `rhs` (f32 or f64,
/// scalars or vectors) as `or(select(lhs < rhs, lhs, rhs),
/// select(rhs < lhs, rhs, lhs))` on their bits: see the pass description.
Value createMinimum(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// Returns `-value`, folding a negation of a negation: a sign flip, exact
/// for every value (a NaN stays a NaN).
Value createNegation(OpBuilder &b, Location loc, Value value);

/// Builds the NaN-propagating minimum (`OpT` arith::MinimumFOp) or maximum
/// (arith::MaximumFOp) of `lhs` and `rhs`, f32 or f64: the maximum is
/// `-minimum(-lhs, -rhs)`, whose negations fold with those of neighbouring
/// minimums of negated values (createNegation).
template <typename OpT>
Value createExtremum(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (!Extremum<OpT>::isMax)
    return createMinimum(b, loc, lhs, rhs);
  Value negatedLhs = createNegation(b, loc, lhs);
  Value negatedRhs = createNegation(b, loc, rhs);
  return createNegation(b, loc, createMinimum(b, loc, negatedLhs, negatedRhs));
}

/// Returns the size in bits of `type` if it is a fixed 1-D vector of f32 or
/// f64, else 0.
int64_t getVectorBits(Type type);

/// Returns the widest register, in bits, that the code of the function
/// holding `op` may use: the `vector_bits` of its plan, else 512.
int64_t getMaxRegisterBits(Operation *op);

/// Returns the width in bits of the widest register (512, 256 or 128, at
/// most `maxBits`) that each innermost row of `type`, a fixed f32/f64
/// vector of any rank (a 1-D vector is one row), is a whole number of; 0 if
/// none.
int64_t getChunkBits(Type type, int64_t maxBits);

/// Returns the lanes of one register (getChunkBits) of `type`.
int64_t getChunkLanes(VectorType type, int64_t maxBits);

/// Returns lanes [offset, offset + lanes) of `vector` in row-major order,
/// which lie in one innermost row of it.
Value createSlice(OpBuilder &b, Location loc, Value vector, int64_t offset,
                  int64_t lanes);

/// Builds a vector of `type`, whose innermost rows are a whole number of
/// registers of `chunkLanes` lanes, from one value per register:
/// `build(offset)` gives the register of lanes [offset, offset + chunkLanes)
/// in row-major order.
Value concatChunks(OpBuilder &b, Location loc, VectorType type,
                   int64_t chunkLanes, function_ref<Value(int64_t)> build);

/// Returns a vector of quiet NaNs of `type`.
Value createNaN(OpBuilder &b, Location loc, VectorType type);

/// Returns the `OpT` (arith.minimumf or arith.maximumf) that defines
/// `value` if it is an inner node of a tree of them in `block`: its only use
/// is the next node.
template <typename OpT> OpT getInnerNode(Value value, Block *block) {
  auto op = value.getDefiningOp<OpT>();
  if (!op || op->getBlock() != block || !value.hasOneUse())
    return {};
  return op;
}

/// Collects the leaves of the `OpT` tree below `root` in `leaves` (left to
/// right) and its nodes in `nodes` (operands before users, `root` last).
/// Iterative: a chain of minimums can be as long as a dim is wide.
template <typename OpT>
void collectTree(OpT root, SmallVectorImpl<Value> &leaves,
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

/// A loop-carried minimum (maximum): the iter_arg `index` of a loop whose
/// only use is the `OpT` `update`, whose only use is the yield of that
/// iter_arg.
template <typename OpT> struct Accumulator {
  unsigned index;
  OpT update;
  /// The operand of `update` that is the iter_arg (0 or 1).
  unsigned accOperand;
};

/// Returns the `OpT` accumulators of `loop` whose type `accepts`.
template <typename OpT>
SmallVector<Accumulator<OpT>>
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

/// With AVX-512DQ range instructions (X86Range.cpp): rewrites the trees of
/// minimums and of maximums under `op` with range instructions beside an
/// ordered mask.
void rewriteRangeTrees(Operation *op);

/// With AVX-512DQ range instructions (X86Range.cpp): rewrites the minimum
/// and maximum accumulators of whole registers of `loop`; returns the loop
/// (a new one when it rewrote any).
scf::ForOp rewriteRangeAccumulators(RewriterBase &rewriter, scf::ForOp loop);

/// Makes the iter_args of `loop` that always hold the same value one (the
/// ordered masks of a minimum and a maximum of the same registers): an
/// iter_arg whose init equals an earlier one's (the same value, or equal
/// constants) and whose yield the same side-effect-free ops in the loop
/// compute from it as the earlier one's from that one gets no use, nor does
/// its result; the scf.for canonicalization drops it (IterArgs.cpp).
/// Returns true if it merged any.
bool mergeEquivalentIterArgs(RewriterBase &rewriter, scf::ForOp loop);

} // namespace mlir::reduce::minmax

#endif // REDUCE_LIB_TRANSFORMS_MINMAX_EXTREMUM_H
