//===- Fusion.h - Fusing elementwise neighbours of reductions ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The two fusions of `reduce-fuse-elementwise` on linalg.generic ops on
// tensors: elementwise producers into their consumers, and sibling
// reductions into one op. Each is a decision (which ops) followed by its
// rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_TRANSFORMS_FUSION_FUSION_H
#define REDUCE_LIB_TRANSFORMS_FUSION_FUSION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::reduce::fusion {

/// The most ops the body of a producer with several users may have for it
/// to be recomputed in each of them: past it, its result is written once
/// and read by each user. Elementwise chains of real programs (a softmax,
/// a layer norm) stay far below; the bound keeps a DAG of shared producers
/// from growing each consumer's body without limit.
inline constexpr unsigned kMaxRecomputedBodyOps = 64;

/// Returns true if the all-parallel generic `producer` is fused into each
/// of its users: every use is an input of a linalg.generic that
/// `linalg::areElementwiseOpsFusable` accepts and that reads it through a
/// permutation map, unless `producer` only moves data (a broadcast: a
/// consumer that reads the producer broadcast would recompute each of its
/// elements many times); and, with several uses, its body is small enough
/// to recompute (kMaxRecomputedBodyOps).
bool shouldFuseProducer(linalg::GenericOp producer);

/// Fuses the producers of the generic ops under `root` that
/// shouldFuseProducer accepts into their consumers, until none is left; a
/// producer with several users is cloned for each. Returns the ops that
/// were fused into, with the number of producers each took.
SmallVector<std::pair<Operation *, unsigned>>
fuseProducers(RewriterBase &rewriter, Operation *root);

/// Returns true if `a` and `b` read one tensor with the same permutation
/// map and iterate over the same iterator types: the same iteration space.
bool haveSameIterationSpace(linalg::GenericOp a, linalg::GenericOp b);

/// Rewrites each reduction under `root` of the form `init + sum((u - c)^2)`
/// (the centred sum of squares of a variance), where `u` is computed from
/// the other inputs and `c` is read once per kept index and depends on a
/// reduction over the same iteration space (the mean), as shifted sums
/// about K, `u` at the first element of the reduced dims:
///   S1 = sum(u - K), S2 = sum((u - K)^2), one op placed before that
///   reduction, whose sibling it is, and
///   init + S2 + (K - c) * (2 * S1 + n * (K - c)) in place of the original
/// (equal in real arithmetic for any c; the error bound is in
/// docs/pipeline.md). Applies when the reduced dims are static and not
/// empty. Returns the ops of shifted sums.
SmallVector<linalg::GenericOp> shiftCentredSquares(RewriterBase &rewriter,
                                                   Operation *root);

/// Returns the groups (of two or more, in block order) of reductions under
/// `root` that mergeSiblings turns into one op each: generic reductions on
/// tensors in the same block that read one tensor with the same permutation
/// map over the same iterator types, none depending on another, and that
/// one op can replace at the position of one of them. With
/// `strictFpOrder`, reductions with a float addition combiner (whose order
/// the `ordered` plan keeps) are grouped only with each other.
SmallVector<SmallVector<linalg::GenericOp>> findSiblings(Operation *root,
                                                         bool strictFpOrder);

/// Merges `siblings` (a group of findSiblings) into one generic with the
/// inputs and the results of all (duplicate inputs once) and replaces them.
/// Returns null, and changes nothing, when the merge of an earlier group
/// left no position where one op can replace them.
linalg::GenericOp mergeSiblings(RewriterBase &rewriter,
                                ArrayRef<linalg::GenericOp> siblings);

/// Rewrites each softmax under `root` whose rows are short as blocks of
/// rows normalized while they are in the cache (RowLocal.cpp): a maximum
/// M = max(t) and a sum S = sum(exp(t - M)) as fuseOnlineSoftmax matches
/// them, static, whose only other reader is one all-parallel op over the
/// same space that computes the same exp(t - M) (the output, e.g.
/// exp(t - M) / S). Per block of rows of at most `maxBlockBytes` (the
/// inputs of the sum's t and the exponentials, a row at least): the
/// block's maximum, its exponentials into a buffer, their sum, then the
/// output reading the buffer. The blocks run in a loop nest that reuses one
/// buffer, or, where their bytes (inputs and exponentials) reach
/// `minParallelBytes` (threads), in an scf.forall, each block with its own.
/// `maxBlockBytes` 0: none. Returns the outermost loops with the rows of
/// their blocks.
SmallVector<std::pair<Operation *, int64_t>>
fuseRowLocalSoftmax(RewriterBase &rewriter, Operation *root,
                    int64_t maxBlockBytes,
                    std::optional<int64_t> minParallelBytes);

/// Rewrites each all-parallel op under `root` that reads whole inputs and
/// per-row values computed from a reduction of one of them over the same
/// rows (a layer norm's or an RMS norm's output, after the fusions), when
/// those inputs have at least `minInputBytes` (streamed: two passes would
/// read them twice from memory), as a loop over blocks of rows of at most
/// `maxBlockBytes` (of the whole inputs, a row at least): each block
/// computes its per-row values (the reductions and the elementwise ops
/// between, which only each other, the op and ops after it read; the loop
/// yields those read after it) and then its output, reading the block
/// again from the cache. The loop is an scf.forall where the inputs
/// reach `minParallelBytes` (threads). `maxBlockBytes` 0: none. Returns the
/// loops with the rows of their blocks.
SmallVector<std::pair<Operation *, int64_t>>
fuseRowBlocks(RewriterBase &rewriter, Operation *root, int64_t maxBlockBytes,
              int64_t minInputBytes, std::optional<int64_t> minParallelBytes);

} // namespace mlir::reduce::fusion

#endif // REDUCE_LIB_TRANSFORMS_FUSION_FUSION_H
