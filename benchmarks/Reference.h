//===- Reference.h - The result checks of the benchmark ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Every contender's result is checked after its timing against a reference
// computed here: f64 for float ops (with a tolerance per op), the plain loop
// for integers (exact, wrapping), a direct loop for the logical ops.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_REFERENCE_H
#define REDUCE_BENCHMARKS_REFERENCE_H

#include "Workloads.h"

#include <string>
#include <vector>

namespace bench {

/// The f64 reference of float `op` over x[a][b][c] and the tolerance of
/// each result. Sums (sum, l1, mean, sum_square, and inside l2 and log_sum)
/// within 1e-4 of the sum of the magnitudes of their terms (any sane
/// summation order is far closer; a sequential f32 loop over 2^24 values is
/// not), a product within max(1e-4, 4 sqrt(count) 2^-24) of its magnitude
/// (every rounding reaches a product, in any order), l2 within 1e-4
/// relative (half the relative error of its sum of squares, with margin),
/// log_sum and log_sum_exp within 1e-4 absolute (the relative error of
/// their positive sums, shifted by the max for log_sum_exp) plus 2^-20
/// relative for the rounding of the result; min and max exactly.
void floatReference(Op op, const Workload &w, const float *x,
                    std::vector<double> &reference,
                    std::vector<double> &tolerance);

/// The reference of `op` on `w` with input `x` (f64 for floats through
/// floatReference; integer results from the plain loop, exact and wrapping;
/// bool results computed directly), and the check of a result against it.
class ResultChecker {
public:
  ResultChecker(Op op, const Workload &w, const void *x);

  /// Checks out[b] at `got`; returns "" or a description of the problem.
  std::string check(const void *got) const;

private:
  Workload w;
  std::vector<double> reference, tolerance;
};

} // namespace bench

#endif // REDUCE_BENCHMARKS_REFERENCE_H
