//===- Producers.cpp - Elementwise producers into consumers -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Fusion.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::fusion;

/// Returns true if `op` only moves data: its body yields its inputs.
static bool onlyMovesData(linalg::GenericOp op) {
  Block *body = op.getBody();
  return llvm::hasSingleElement(*body) &&
         llvm::all_of(body->getTerminator()->getOperands(), [&](Value value) {
           auto arg = dyn_cast<BlockArgument>(value);
           return arg && arg.getOwner() == body &&
                  arg.getArgNumber() < op.getNumDpsInputs();
         });
}

bool fusion::shouldFuseProducer(linalg::GenericOp producer) {
  if (!producer.hasPureTensorSemantics() ||
      producer.getNumParallelLoops() != producer.getNumLoops() ||
      producer->use_empty())
    return false;
  for (OpOperand &use : producer->getUses()) {
    auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!consumer || !linalg::areElementwiseOpsFusable(&use))
      return false;
    // A consumer that reads the result broadcast would compute each of its
    // elements many times: only a producer without arithmetic (a
    // broadcast itself) fuses into it.
    if (!consumer.getMatchingIndexingMap(&use).isPermutation() &&
        !onlyMovesData(producer))
      return false;
  }
  if (producer->hasOneUse())
    return true;
  // The yield is not recomputed.
  return producer.getBody()->getOperations().size() - 1 <=
         kMaxRecomputedBodyOps;
}

/// Returns the first input of a generic under `root`, in walk order, whose
/// producer shouldFuseProducer accepts and is not in `refused`.
static OpOperand *
findFusableInput(Operation *root,
                 const llvm::SmallPtrSetImpl<Operation *> &refused) {
  OpOperand *found = nullptr;
  root->walk([&](linalg::GenericOp consumer) {
    for (OpOperand *input : consumer.getDpsInputOperands()) {
      auto producer = input->get().getDefiningOp<linalg::GenericOp>();
      if (producer && !refused.contains(producer) &&
          shouldFuseProducer(producer)) {
        found = input;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return found;
}

SmallVector<std::pair<Operation *, unsigned>>
fusion::fuseProducers(RewriterBase &rewriter, Operation *root) {
  // The producers fused into each op so far.
  llvm::DenseMap<Operation *, unsigned> fusedCounts;
  // The producers the fusion failed on (a case its precondition does not
  // foresee): they stay as they are.
  llvm::SmallPtrSet<Operation *, 4> refused;
  while (OpOperand *input = findFusableInput(root, refused)) {
    auto consumer = cast<linalg::GenericOp>(input->getOwner());
    auto producer = input->get().getDefiningOp<linalg::GenericOp>();
    if (!producer->hasOneUse()) {
      // This user gets a copy of its own: the fusion keeps no result of
      // the producer alive for the others.
      rewriter.setInsertionPoint(producer);
      Operation *copy = rewriter.clone(*producer);
      rewriter.modifyOpInPlace(consumer, [&] {
        input->set(copy->getResult(cast<OpResult>(input->get()).getResultNumber()));
      });
      fusedCounts[copy] = fusedCounts.lookup(producer);
      producer = cast<linalg::GenericOp>(copy);
    }
    // The fused op takes the consumer's place.
    rewriter.setInsertionPoint(consumer);
    FailureOr<linalg::ElementwiseOpFusionResult> fused =
        linalg::fuseElementwiseOps(rewriter, input);
    if (failed(fused)) {
      refused.insert(producer);
      continue;
    }
    for (auto [original, replacement] : fused->replacements)
      rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
        return use.getOwner() != producer;
      });
    unsigned count = fusedCounts.lookup(consumer) +
                     fusedCounts.lookup(producer) + 1;
    fusedCounts.erase(consumer);
    fusedCounts.erase(producer);
    rewriter.eraseOp(consumer);
    if (producer->use_empty())
      rewriter.eraseOp(producer);
    // An input the consumer and the producer both read is read once.
    auto fusedOp = cast<linalg::GenericOp>(fused->fusedOp);
    FailureOr<linalg::GenericOp> deduplicated =
        linalg::deduplicateOperandsAndRemoveDeadResults(
            rewriter, fusedOp, /*removeOutputs=*/false);
    fusedCounts[succeeded(deduplicated) ? *deduplicated : fusedOp] = count;
  }
  SmallVector<std::pair<Operation *, unsigned>> fusedOps;
  root->walk([&](linalg::GenericOp op) {
    if (unsigned count = fusedCounts.lookup(op))
      fusedOps.push_back({op, count});
  });
  return fusedOps;
}
