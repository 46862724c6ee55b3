//===- ReferenceReduce.h - Independent reference reductions -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A plain C++ implementation of the numeric reductions (ReduceSum, ReduceL1,
// ReduceMin, ReduceMax, ReduceProd, ReduceMean, ReduceL2, ReduceSumSquare,
// ReduceLogSum, ReduceLogSumExp), written from the OpenVINO/ONNX
// specifications and the op documentation (docs/ReduceDialect.md) and
// sharing no semantics with the compiler: of the dialect it uses only the
// names of the reductions (`ReductionKind`, from ODS). The differential
// tester compares JIT results against it.
//
// The logical reductions are not here: test/Integration/exec-bool.test and
// examples.test check them against numpy's all and any.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_UNITTESTS_JIT_REFERENCEREDUCE_H
#define REDUCE_UNITTESTS_JIT_REFERENCEREDUCE_H

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Runtime/Buffer.h"

#include <string>
#include <vector>

namespace reference {

/// The reductions: the dialect's kinds. The reference covers the numeric
/// ones, the first kNumOps (RuntimeAxesTest draws from the first three).
using Op = mlir::reduce::ReductionKind;

/// The number of numeric ops: the kinds before logical_and.
inline constexpr unsigned kNumOps = 10;
static_assert(static_cast<unsigned>(Op::logical_and) == kNumOps,
              "the numeric kinds come first");

/// True for the ops that take float element types only (l2, log_sum,
/// log_sum_exp).
bool isFloatOnly(Op op);

/// True for the ops with a `nan_mode` (min, max).
bool hasNanMode(Op op);

/// One reduction: op, axes (any spelling: negative, unsorted), keep_dims,
/// and for min and max whether NaNs are ignored.
struct Reduction {
  Op op;
  std::vector<int64_t> axes;
  bool keepDims = false;
  bool ignoreNaN = false;
};

/// Expected value of one output element, and what the error bound of a
/// float result needs. All sums are exact up to long double rounding
/// (2^-64 relative per operation, far below the bounds).
struct Expected {
  /// The exact float result (for an additive op the sum computed in long
  /// double and finalized: / count, sqrt, log).
  long double value = 0;
  /// The exact integer result (two's complement bits, zero-extended).
  uint64_t bits = 0;
  bool isNaN = false;
  /// The number of reduced elements.
  int64_t terms = 0;
  /// sum, l1, mean, log_sum: the sum of |term|; sum_square and l2: the sum
  /// of squares.
  long double absSum = 0;
  /// mean, log_sum, sum_square, l2: the exact sum before finalization.
  long double sum = 0;
  /// log_sum_exp: the shift m (the maximum), E = sum exp(x - m) and
  /// W = sum exp(x - m) * |x - m|.
  long double shift = 0;
  long double expSum = 0;
  long double expWeighted = 0;
  /// prod: log2 of the product of the finite non-zero |x| >= 1 (the largest
  /// magnitude any partial product can have) and of those < 1 (the
  /// smallest).
  long double log2Largest = 0;
  long double log2Smallest = 0;
};

/// The shape of the result.
std::vector<int64_t> resultShape(const std::vector<int64_t> &shape,
                                 const Reduction &reduction);

/// Computes the expected output elements of `reduction` on `input`.
std::vector<Expected> reduce(const mlir::reduce::Buffer &input,
                             const Reduction &reduction);

/// Compares output element `got` (raw element bits, widened) with `expected`.
/// Returns an empty string when they agree, else a description.
///
/// Integers (wrapping sum, |x|, x*x and product, the mean as the exact sum
/// divided truncating toward zero, 0 for an empty set), min and
/// max must match bit for bit (a NaN result must be NaN; its payload is not
/// compared; the sign of a zero is). So must every float result that is
/// NaN or infinite by the specification (e.g. log_sum_exp of all -inf,
/// log_sum over a size-0 dim, the mean of an empty set).
///
/// Other float results must lie within a bound that holds for every order
/// of the operations (the lowering reassociates). Notation: n the number of
/// reduced elements, u the unit roundoff of the accumulator (2^-24 for f16,
/// bf16 and f32, which accumulate in f32; 2^-53 for f64), gamma(k) =
/// k*u / (1 - k*u), t the smallest subnormal of the accumulator (a gradual
/// underflow costs at most t per operation), and "the output rounding" the
/// final rounding to a narrower element type: u_out * |value| plus half its
/// smallest subnormal (u_out = 2^-11 for f16, 2^-8 for bf16, 0 otherwise).
/// A result that overflows to an infinity of the right sign is accepted
/// when |exact| + bound reaches the largest finite value of the type.
///  - sum, l1: |got - S| <= gamma(n-1) * sum|x| + (n-1) t + u_out * |S|
///    (Higham, Accuracy and Stability of Numerical Algorithms, §4.2).
///  - mean: the sum bound B = gamma(n-1) * sum|x| + (n-1) t divided by n,
///    plus the division's rounding (and that of converting n, exact below
///    2^24): 2u * (|S| + B) / n + t, plus the output rounding.
///  - sum_square: the n squares and n-1 additions of non-negative terms:
///    B = gamma(n) * S + n t, plus the output rounding. The result is never
///    negative (not even -0.0).
///  - l2: sqrt of the sum of squares within B: got lies within
///    [sqrt(max(S - B, 0)), sqrt(S + B)] (about half the relative error of
///    the sum) widened by the square root's rounding u * sqrt(S + B) + t
///    and the output rounding. Never negative (not even -0.0).
///  - prod: relative, gamma(n-1) * |P| plus the output rounding, when no
///    partial product can leave the normal range of the accumulator: the
///    product of the finite non-zero |x| >= 1 stays below its largest
///    finite value and that of those < 1 above its smallest normal (with
///    one bit of margin). The sign (of zeros and infinities too) must be
///    the product of the signs. A product whose partial products can
///    overflow or underflow has no order-independent bound: only a NaN
///    from a NaN input is checked.
///  - log_sum: the sum lies in [S - B, S + B] with B the sum bound; when
///    that interval is positive, got lies within [log(S - B), log(S + B)]
///    widened by the log's error (4 ulps of the accumulator, 4u *
///    |log| + u) and the output rounding; when it is negative got is NaN;
///    when it contains 0 got is NaN, -inf or at most log(S + B) widened.
///  - log_sum_exp: with the shift m (exact: the maximum), each term
///    exp(fl(x - m)) is within u * (|x - m| + 4) * exp(x - m) + t of exp(x -
///    m) (the subtraction's rounding scaled by exp' = exp, and 4 ulps for
///    the exp), so the sum of the n non-negative terms lies in
///    [(E - T)(1 - gamma(n-1)), (E + T)(1 + gamma(n-1))] with T = u * (W +
///    4E) + n t; E >= 1. got lies within m + log of that interval, widened
///    by the log's error (as for log_sum) and the rounding of the addition
///    of m, u * (|m| + |log|), and the output rounding.
/// The exp and log bounds assume the compiled exp and log are within 4 ulps
/// (glibc's expf, exp, logf and log are within 1).
std::string compare(mlir::reduce::ElementType type, Op op,
                    const Expected &expected, const void *data, int64_t index);

} // namespace reference

#endif // REDUCE_UNITTESTS_JIT_REFERENCEREDUCE_H
