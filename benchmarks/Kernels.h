//===- Kernels.h - Baseline kernels of the benchmark ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The contenders that are not our compiler: the read-bandwidth limit, plain
// C++ loops (built twice: -O3 -march=native, and the same with -ffast-math),
// and Eigen's Tensor reductions.
//
// Every workload is described as reducing x[A][B][C] over A and C into
// out[B] (inner reduction: A = 1; outer reduction: C = 1; mixed: both).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_KERNELS_H
#define REDUCE_BENCHMARKS_KERNELS_H

#include <cstddef>
#include <cstdint>

namespace bench {

enum class Op { sum, l1, min };

/// out[b] = op over a, c of x[a][b][c] (row-major), what a C++ developer
/// writes: loop nests in memory order, min as `x < acc ? x : acc`.
namespace plain {
void reduceF32(Op op, const float *x, int64_t a, int64_t b, int64_t c,
               float *out);
void reduceI32(Op op, const int32_t *x, int64_t a, int64_t b, int64_t c,
               int32_t *out);
} // namespace plain
namespace fastmath {
void reduceF32(Op op, const float *x, int64_t a, int64_t b, int64_t c,
               float *out);
void reduceI32(Op op, const int32_t *x, int64_t a, int64_t b, int64_t c,
               int32_t *out);
} // namespace fastmath

/// Reads `bytes` bytes with several independent SIMD accumulators (AVX-512
/// or AVX2 as built for) and returns a value derived from them so that the
/// loads are not optimized away.
float readBandwidthKernel(const void *data, size_t bytes);

/// Eigen Tensor reductions on `threads` threads (1: DefaultDevice, else a
/// ThreadPoolDevice), with the same [A][B][C] -> [B] shape.
class EigenReducer {
public:
  explicit EigenReducer(int threads);
  ~EigenReducer();
  void reduceF32(Op op, const float *x, int64_t a, int64_t b, int64_t c,
                 float *out);
  void reduceI32(Op op, const int32_t *x, int64_t a, int64_t b, int64_t c,
                 int32_t *out);

private:
  struct Impl;
  Impl *impl;
};

} // namespace bench

#endif // REDUCE_BENCHMARKS_KERNELS_H
