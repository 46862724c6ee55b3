//===- Bandwidth.cpp - The read-bandwidth limit -----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ceiling of a memory-bound reduction: stream the bytes through eight
// independent SIMD accumulators and do nothing else. The adds are integer
// adds, so that no floating-point assist (denormal bit patterns) slows the
// loop down whatever the data are.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include <immintrin.h>

namespace bench {

float readBandwidthKernel(const void *data, size_t bytes) {
  const char *p = static_cast<const char *>(data);
  size_t i = 0;
#if defined(__AVX512F__)
  __m512i acc[8];
  for (auto &a : acc)
    a = _mm512_setzero_si512();
  for (; i + 8 * 64 <= bytes; i += 8 * 64)
    for (int k = 0; k < 8; ++k)
      acc[k] = _mm512_add_epi32(
          acc[k], _mm512_loadu_si512(p + i + 64 * k));
  __m512i total = acc[0];
  for (int k = 1; k < 8; ++k)
    total = _mm512_add_epi32(total, acc[k]);
  float result = static_cast<float>(_mm512_reduce_add_epi32(total));
#elif defined(__AVX2__)
  __m256i acc[8];
  for (auto &a : acc)
    a = _mm256_setzero_si256();
  for (; i + 8 * 32 <= bytes; i += 8 * 32)
    for (int k = 0; k < 8; ++k)
      acc[k] = _mm256_add_epi32(
          acc[k],
          _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + i + 32 * k)));
  __m256i total = acc[0];
  for (int k = 1; k < 8; ++k)
    total = _mm256_add_epi32(total, acc[k]);
  alignas(32) int32_t lanes[8];
  _mm256_store_si256(reinterpret_cast<__m256i *>(lanes), total);
  float result = 0;
  for (int32_t lane : lanes)
    result += static_cast<float>(lane);
#else
  float result = 0;
#endif
  for (; i < bytes; ++i)
    result += static_cast<float>(static_cast<unsigned char>(p[i]));
  return result;
}

} // namespace bench
