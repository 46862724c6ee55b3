//===- Online.h - The online normalizer of a softmax ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A softmax's maximum M = max(x) and sum S = sum(exp(x - M)) in one pass: a
// running maximum m and a sum s of exp(x - m), rescaled by exp(m - m') when
// the maximum grows to m'. Each step, on scalars (the loop body) or on
// vectors (independent lanes, reduced at the end), is built here once:
//
//   m' = max(m, v1, ..., vk)
//   s' = m' == -inf ? s (+ NaN for a NaN v with a NaN-ignoring max)
//                   : s * exp(m - m') + exp(v1 - m') + ... + exp(vk - m')
//
// A lane that has seen only -inf keeps s = 0 where exp(-inf - -inf) would
// be NaN, so that a finite maximum later rescales it to 0; a row whose
// maximum stays -inf gets its NaN back after the op (a per-row select), as
// the two-pass form gives it.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_TRANSFORMS_FUSION_ONLINE_H
#define REDUCE_LIB_TRANSFORMS_FUSION_ONLINE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::reduce::fusion {

/// Returns (m', s') after `values` (see the file comment), of the type of
/// `m` and `s`. `nanPropagating`: arith.maximumf, else arith.maxnumf.
std::pair<Value, Value> buildOnlineStep(OpBuilder &b, Location loc,
                                        bool nanPropagating, Value m, Value s,
                                        ArrayRef<Value> values);

/// Returns the maximum of `values` (arith.maximumf when `nanPropagating`,
/// else arith.maxnumf), pairwise.
Value buildMaxOf(OpBuilder &b, Location loc, bool nanPropagating,
                 ArrayRef<Value> values);

/// Returns the sum of exp(v - c) over `values`, pairwise.
Value buildSumOfExp(OpBuilder &b, Location loc, ArrayRef<Value> values,
                    Value c);

/// Returns (M, S) of a row from lanes `m` and `s` (vectors) and the row's
/// initial values `m0` and `s0` (scalars): M = max(m0, max(m)),
/// S = s0 * exp(m0 - M) + sum(s * exp(m - M)).
std::pair<Value, Value> buildOnlineEnd(OpBuilder &b, Location loc,
                                       bool nanPropagating, Value m, Value s,
                                       Value m0, Value s0);

/// Returns the ops of `body` that `value` depends on, in block order: the
/// prologue that computes t in an online normalizer's body.
SmallVector<Operation *> getOnlinePrologue(Block *body, Value value);

/// Returns whether `op` is an online softmax normalizer as
/// fuseOnlineSoftmax builds it: inputs, results (m, s), a body that
/// computes t from the inputs with elementwise arith and math ops (the
/// prologue), then one step of t. Sets `nanPropagating` to the maximum's
/// kind.
bool isOnlineSoftmax(linalg::GenericOp op, bool &nanPropagating);

/// Returns true if `aOps` and `bOps` compute the same, given the values
/// `same` already pairs (arguments), with constants compared by value
/// wherever they are defined (the canonicalizer hoists the constants of a
/// body out of it). Pairs the results in `same`.
bool haveSameOps(ArrayRef<Operation *> aOps, ArrayRef<Operation *> bOps,
                 DenseMap<Value, Value> &same);

/// A maximum and the sum of exponentials that it normalizes.
struct SoftmaxPair {
  linalg::GenericOp max, sum;
  /// The input of `sum` that reads the maximum.
  OpOperand *centre;
  /// The value t whose maximum and sum of exp(t - max) are taken, in sum's
  /// body.
  Value t;
  bool nanPropagating;
};

/// Returns `sum` as `S = sum(exp(t - M))` with M = max(t) (init -inf) as
/// fuseOnlineSoftmax requires (see there), or nothing.
std::optional<SoftmaxPair> matchSoftmaxPair(linalg::GenericOp sum);

/// Replaces each pair under `root` of a maximum M = max(t) (init -inf) and
/// a sum S = sum(exp(t - M)) (init +0.0, M read once per kept index), t the
/// same elementwise function of the same inputs in both (after producer
/// fusion: x, or x * scale), read in order over the same static, non-empty
/// innermost reduced dims, by one online normalizer, and S by NaN where M
/// is -inf (as the two passes give it). Returns the normalizers.
SmallVector<linalg::GenericOp> fuseOnlineSoftmax(RewriterBase &rewriter,
                                                 Operation *root);

} // namespace mlir::reduce::fusion

#endif // REDUCE_LIB_TRANSFORMS_FUSION_ONLINE_H
