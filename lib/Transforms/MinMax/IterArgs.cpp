//===- IterArgs.cpp - Loop-carried values that are one ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A fused minimum and maximum of the same rows carry one ordered mask per
// row and result (X86Range.cpp); the masks of the two results and-in the
// same compares from the same inits, so they are the same values. x86 has 7
// mask registers: one mask per row instead of two leaves room for twice
// the rows at once.
//
//===----------------------------------------------------------------------===//

#include "Extremum.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

/// Returns true if `a` and `b` are the same value or equal constants.
static bool isSameInit(Value a, Value b) {
  if (a == b)
    return true;
  Attribute aValue, bValue;
  return matchPattern(a, m_Constant(&aValue)) &&
         matchPattern(b, m_Constant(&bValue)) && aValue == bValue;
}

/// Returns true if `a`, computed in `body` from the iter_arg `argA`, and
/// `b`, from `argB`, are computed by the same side-effect-free ops from the
/// same other values, at most `depth` ops deep.
static bool isSameUpdate(Value a, Value b, BlockArgument argA,
                         BlockArgument argB, Block *body, unsigned depth) {
  if (a == b)
    return a != argA && a != argB;
  if (a == argA && b == argB)
    return true;
  Operation *opA = a.getDefiningOp(), *opB = b.getDefiningOp();
  if (!opA || !opB || depth == 0 || opA->getBlock() != body ||
      opB->getBlock() != body || opA->getName() != opB->getName() ||
      opA->getNumRegions() != 0 || !isMemoryEffectFree(opA) ||
      opA->getAttrDictionary() != opB->getAttrDictionary() ||
      opA->getResultTypes() != opB->getResultTypes() ||
      opA->getNumOperands() != opB->getNumOperands() ||
      cast<OpResult>(a).getResultNumber() !=
          cast<OpResult>(b).getResultNumber())
    return false;
  for (auto [x, y] : llvm::zip_equal(opA->getOperands(), opB->getOperands()))
    if (!isSameUpdate(x, y, argA, argB, body, depth - 1))
      return false;
  return true;
}

bool mlir::reduce::minmax::mergeEquivalentIterArgs(RewriterBase &rewriter,
                                                   scf::ForOp loop) {
  // The updates of the masks are an and of a compare or two per step.
  constexpr unsigned kMaxDepth = 8;
  Block *body = loop.getBody();
  Operation *yield = body->getTerminator();
  unsigned count = loop.getNumRegionIterArgs();
  SmallVector<bool> merged(count, false);
  bool changed = false;
  for (unsigned i = 0; i < count; ++i) {
    if (merged[i])
      continue;
    BlockArgument argI = loop.getRegionIterArg(i);
    for (unsigned j = i + 1; j < count; ++j) {
      BlockArgument argJ = loop.getRegionIterArg(j);
      if (merged[j] || argI.getType() != argJ.getType() ||
          !isSameInit(loop.getInitArgs()[i], loop.getInitArgs()[j]) ||
          !isSameUpdate(yield->getOperand(i), yield->getOperand(j), argI,
                        argJ, body, kMaxDepth))
        continue;
      // j is i: its result, and its update (now computed from i).
      rewriter.replaceAllUsesWith(loop.getResult(j), loop.getResult(i));
      rewriter.replaceAllUsesWith(argJ, argI);
      merged[j] = changed = true;
    }
  }
  return changed;
}
