//===- Fused.h - The fused workloads of the benchmark -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The fused workloads F1-F6: reductions over the rows of a 4096x4096 f32
// input (64 MiB; 1024x4096 with --quick) written as an MLIR user writes them,
// reduce ops beside elementwise ops on tensors (min and max, a row dot
// product, mean and variance, softmax, layer norm, RMS norm), their inputs,
// their f64 references and the check of a contender's results against them.
// Each is measured against our own one-read `reduce.sum` of the same input
// over the same axis: the targets are ratios of times to it.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_FUSED_H
#define REDUCE_BENCHMARKS_FUSED_H

#include "reduce/Runtime/Buffer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bench {

/// One fused workload over x[rows][cols] (and y of the same shape for the
/// dot product), reduced over axis 1.
struct FusedWorkload {
  /// "F1" .. "F6".
  std::string id;
  /// The short name the contender servers know ("minmax", "dot", ...).
  std::string name;
  /// What it computes, for the table.
  std::string what;
  int64_t rows, cols;
  /// 1, or 2 for the dot product (x and y).
  int inputs;
  /// Each result's shape: {rows} for per-row results, {rows, cols} for the
  /// normalizations.
  std::vector<std::vector<int64_t>> results;
  /// The target: at most this many times our one-read sum's time.
  double target;
};

/// F1-F6 on a 4096x4096 input (1024x4096 with `quick`).
std::vector<FusedWorkload> allFusedWorkloads(bool quick);

/// The epsilon of layer norm and RMS norm.
constexpr double kNormEpsilon = 1e-5;

/// The module of `w`: `@main` taking x (and y) and returning its results,
/// reduce ops and elementwise ops on tensors.
std::string fusedModule(const FusedWorkload &w);

/// Our one-read `reduce.sum` of the same input over axis 1, the yardstick of
/// the fused workloads' ratios.
std::string fusedSumModule(const FusedWorkload &w);

/// Fills the inputs of `w`: normal f32 data, one seed per workload id and
/// input (the data do not depend on which workloads run).
std::vector<mlir::reduce::Buffer> makeFusedInputs(const FusedWorkload &w);

/// The f64 reference of `w` on its inputs, and the check of a contender's
/// results against it. Per row it keeps the f64 statistics (min, max, sum
/// of products, mean, variance, max and sum of exp, mean of squares) and
/// the magnitudes their tolerances derive from; elementwise results are
/// checked against the f64 formula on the input element and its row's
/// statistics, so nothing of the size of the input is stored.
///
/// Tolerances: min and max exactly; sums within 1e-4 of the sum of the
/// magnitudes of their terms (as the other workloads' sums), the variance
/// within 1e-4 of E[x^2] (so a one-pass E[x^2] - mean^2 passes); softmax
/// within 1e-4 relative (its sum of exps is a sum of positive terms) plus
/// 1e-12; layer norm within 1e-4
/// times (mean |x| / sd + |y| E[x^2] / (var + eps)) (the error of the
/// mean over the sd, and half the relative error of the variance on the
/// result) plus 2^-20 |y|; RMS norm within 1e-4 |y| plus 1e-7.
class FusedChecker {
public:
  FusedChecker(const FusedWorkload &w,
               const std::vector<mlir::reduce::Buffer> &inputs);

  /// Checks result `index` at `got` (f32, of the result's shape); returns ""
  /// or a description of the first problem.
  std::string check(unsigned index, const float *got) const;

  /// Checks the row sums of x at `got` (the yardstick's result), within
  /// 1e-4 of the sum of their magnitudes.
  std::string checkSum(const float *got) const;

private:
  const FusedWorkload &w;
  const float *x;
  /// Per row: min, max, dot (sum of x*y), mean, var, max, sum of exp(x -
  /// max), mean of squares, and the tolerances of the per-row results.
  std::vector<double> minimum, maximum, dot, mean, var, expSum, meanSquare,
      dotTolerance, meanTolerance, varTolerance, meanAbs;
};

} // namespace bench

#endif // REDUCE_BENCHMARKS_FUSED_H
