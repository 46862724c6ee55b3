//===- Kernels.h - Baseline kernels of the benchmark ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The contenders that are not our compiler: the read-bandwidth limit (the
// best of a family of read kernels), plain
// C++ loops (built twice: -O3 -march=native, and the same with -ffast-math),
// and Eigen's Tensor reductions.
//
// Every workload is described as reducing x[A][B][C] over A and C into
// out[B] (inner reduction: A = 1; outer reduction: C = 1; mixed: both).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_KERNELS_H
#define REDUCE_BENCHMARKS_KERNELS_H

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bench {

/// The ops of the reduce dialect: its `ReductionKind`, from ODS.
using Op = mlir::reduce::ReductionKind;

/// True for the ops whose data is bool (one byte per element, 0 or 1).
inline bool isLogical(Op op) {
  return op == Op::logical_and || op == Op::logical_or;
}

/// out[b] = op over a, c of x[a][b][c] (row-major), what a C++ developer
/// writes: loop nests in memory order, min as `x < acc ? x : acc`, max
/// NaN-propagating as `x != x || x > acc ? x : acc` (the JIT's default
/// `nan_mode propagate`), mean the sum divided by the count, l2 the square
/// root of the sum of squares, log_sum_exp two passes (the max, then the sum
/// of `exp(x - max)`, the max taken as 0 when it is not finite). The integer
/// kernels do sum, min, max and prod (wrapping); the bool kernels
/// logical_and and logical_or on bytes.
namespace plain {
void reduceF32(Op op, const float *x, int64_t a, int64_t b, int64_t c,
               float *out);
void reduceI32(Op op, const int32_t *x, int64_t a, int64_t b, int64_t c,
               int32_t *out);
void reduceBool(Op op, const uint8_t *x, int64_t a, int64_t b, int64_t c,
                uint8_t *out);
} // namespace plain
namespace fastmath {
void reduceF32(Op op, const float *x, int64_t a, int64_t b, int64_t c,
               float *out);
void reduceI32(Op op, const int32_t *x, int64_t a, int64_t b, int64_t c,
               int32_t *out);
void reduceBool(Op op, const uint8_t *x, int64_t a, int64_t b, int64_t c,
                uint8_t *out);
} // namespace fastmath

/// One kernel of the read-bandwidth family (Bandwidth.cpp): reads `bytes`
/// bytes at `data` (64-byte aligned) and returns a value derived from them,
/// so that the loads are not optimized away. Its name says the vector width,
/// the streams (`4s`), the accumulators (`8a`), the software prefetch
/// distance (`pf1k`) and non-temporal loads (`nt`).
struct ReadKernel {
  using Fn = float (*)(const void *data, size_t bytes);
  std::string name;
  Fn run;
};

/// Every read kernel this build's CPU target has (128-bit always, 256-bit
/// with AVX2, 512-bit with AVX-512F).
const std::vector<ReadKernel> &readKernelFamily();

/// Eigen Tensor reductions on `threads` threads (1: DefaultDevice, else a
/// ThreadPoolDevice), with the same [A][B][C] -> [B] shape: `sum`,
/// `abs().sum`, `minimum`, `maximum<PropagateNaN>`, `prod`, `mean`,
/// `square().sum` (and its `sqrt` for l2), `sum().log` for log_sum,
/// `all`/`any` on bool. Eigen has no log-sum-exp reduction.
class EigenReducer {
public:
  explicit EigenReducer(int threads);
  ~EigenReducer();
  /// True when Eigen has a reduction for `op`.
  static bool has(Op op) { return op != Op::log_sum_exp; }
  void reduceF32(Op op, const float *x, int64_t a, int64_t b, int64_t c,
                 float *out);
  void reduceI32(Op op, const int32_t *x, int64_t a, int64_t b, int64_t c,
                 int32_t *out);
  void reduceBool(Op op, const uint8_t *x, int64_t a, int64_t b, int64_t c,
                  uint8_t *out);

private:
  struct Impl;
  Impl *impl;
};

} // namespace bench

#endif // REDUCE_BENCHMARKS_KERNELS_H
