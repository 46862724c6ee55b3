//===- Siblings.cpp - Sibling reductions into one op ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Fusion.h"
#include "Online.h"

#include "../Vectorize/Utils.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::fusion;

/// Returns true if `op` is a generic reduction on tensors, not an online
/// softmax normalizer (whose own strategy reduces it alone).
static bool isSiblingCandidate(linalg::GenericOp op) {
  bool nanPropagating = true;
  return op.hasPureTensorSemantics() && op.getNumReductionLoops() > 0 &&
         !isOnlineSoftmax(op, nanPropagating);
}

bool fusion::haveSameIterationSpace(linalg::GenericOp a, linalg::GenericOp b) {
  if (a.getIteratorTypesArray() != b.getIteratorTypesArray())
    return false;
  for (OpOperand *x : a.getDpsInputOperands()) {
    AffineMap map = a.getMatchingIndexingMap(x);
    if (!map.isPermutation())
      continue;
    for (OpOperand *y : b.getDpsInputOperands())
      if (y->get() == x->get() && b.getMatchingIndexingMap(y) == map)
        return true;
  }
  return false;
}

/// Returns true if `later` (after `earlier` in their block) uses a result
/// of `earlier`, directly or through other ops.
static bool dependsOn(Operation *later, Operation *earlier) {
  SetVector<Operation *> slice;
  getForwardSlice(earlier, &slice);
  return llvm::any_of(slice, [&](Operation *op) {
    return op == later || later->isAncestor(op) || op->isAncestor(later);
  });
}

/// Returns the op at whose position one op can replace `group` (in block
/// order): its last op when every user of the others comes after it, else
/// its first op when the operands of the others are all available there;
/// null when neither holds.
static Operation *getMergePoint(ArrayRef<linalg::GenericOp> group,
                                DominanceInfo &dominance) {
  Operation *last = group.back();
  bool usersAfterLast = llvm::all_of(group.drop_back(), [&](linalg::GenericOp op) {
    return llvm::all_of(op->getUsers(), [&](Operation *user) {
      Operation *inBlock = last->getBlock()->findAncestorOpInBlock(*user);
      return inBlock && last->isBeforeInBlock(inBlock);
    });
  });
  if (usersAfterLast)
    return last;
  Operation *first = group.front();
  bool operandsBeforeFirst =
      llvm::all_of(group.drop_front(), [&](linalg::GenericOp op) {
        return llvm::all_of(op->getOperands(), [&](Value operand) {
          return dominance.properlyDominates(operand, first);
        });
      });
  return operandsBeforeFirst ? first : nullptr;
}

SmallVector<SmallVector<linalg::GenericOp>>
fusion::findSiblings(Operation *root, bool strictFpOrder) {
  SmallVector<linalg::GenericOp> candidates;
  root->walk([&](linalg::GenericOp op) {
    if (isSiblingCandidate(op))
      candidates.push_back(op);
  });
  DominanceInfo dominance(root);
  llvm::SmallPtrSet<Operation *, 8> grouped;
  SmallVector<SmallVector<linalg::GenericOp>> groups;
  for (auto [i, first] : llvm::enumerate(candidates)) {
    if (grouped.contains(first))
      continue;
    SmallVector<linalg::GenericOp> group = {first};
    for (linalg::GenericOp next : ArrayRef(candidates).drop_front(i + 1)) {
      if (grouped.contains(next) || next->getBlock() != first->getBlock() ||
          !haveSameIterationSpace(first, next) ||
          (strictFpOrder && vectorize::hasFloatAddCombiner(first) !=
                                vectorize::hasFloatAddCombiner(next)) ||
          llvm::any_of(group, [&](linalg::GenericOp op) {
            return dependsOn(next, op);
          }))
        continue;
      group.push_back(next);
      if (!getMergePoint(group, dominance))
        group.pop_back();
    }
    if (group.size() < 2)
      continue;
    for (linalg::GenericOp op : group)
      grouped.insert(op);
    groups.push_back(std::move(group));
  }
  return groups;
}

linalg::GenericOp fusion::mergeSiblings(RewriterBase &rewriter,
                                        ArrayRef<linalg::GenericOp> siblings) {
  // Checked again: merging an earlier group moves its results to its merge
  // point, which may come after ops of this group that read them.
  DominanceInfo dominance(siblings.front()->getParentOp());
  Operation *mergePoint = getMergePoint(siblings, dominance);
  if (!mergePoint)
    return {};
  SmallVector<Value> inputs, inits;
  SmallVector<AffineMap> inputMaps, initMaps;
  SmallVector<Type> resultTypes;
  for (linalg::GenericOp op : siblings) {
    for (OpOperand *input : op.getDpsInputOperands()) {
      inputs.push_back(input->get());
      inputMaps.push_back(op.getMatchingIndexingMap(input));
    }
    for (OpOperand &init : op.getDpsInitsMutable()) {
      inits.push_back(init.get());
      initMaps.push_back(op.getMatchingIndexingMap(&init));
    }
    llvm::append_range(resultTypes, op->getResultTypes());
  }
  SmallVector<AffineMap> maps = inputMaps;
  llvm::append_range(maps, initMaps);

  rewriter.setInsertionPoint(mergePoint);
  linalg::GenericOp first = siblings.front();
  auto merged = linalg::GenericOp::create(
      rewriter, first.getLoc(), resultTypes, inputs, inits, maps,
      first.getIteratorTypesArray(),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        // The arguments: the inputs of every sibling, then their inits.
        unsigned inputArg = 0, initArg = inputs.size();
        SmallVector<Value> yielded;
        for (linalg::GenericOp op : siblings) {
          IRMapping mapping;
          Block *body = op.getBody();
          for (BlockArgument arg : body->getArguments()) {
            bool isInput = arg.getArgNumber() < op.getNumDpsInputs();
            mapping.map(arg, args[isInput ? inputArg++ : initArg++]);
          }
          for (Operation &bodyOp : body->without_terminator())
            b.clone(bodyOp, mapping);
          for (Value value : body->getTerminator()->getOperands())
            yielded.push_back(mapping.lookupOrDefault(value));
        }
        linalg::YieldOp::create(b, loc, yielded);
      });
  unsigned result = 0;
  for (linalg::GenericOp op : siblings) {
    unsigned count = op->getNumResults();
    rewriter.replaceOp(op, merged->getResults().slice(result, count));
    result += count;
  }
  FailureOr<linalg::GenericOp> deduplicated =
      linalg::deduplicateOperandsAndRemoveDeadResults(rewriter, merged,
                                                      /*removeOutputs=*/false);
  return succeeded(deduplicated) ? *deduplicated : merged;
}
