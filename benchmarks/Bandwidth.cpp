//===- Bandwidth.cpp - The read-bandwidth limit -----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ceiling of a memory-bound reduction: a family of kernels that read the
// bytes and do nothing else, in every way that may be fastest on some CPU:
// 128/256/512-bit loads (as built for: -march=native), one stream or 4 or 8
// streams in lockstep (the buffer cut into contiguous parts read side by
// side, which feeds more hardware prefetchers), 4 or 8 independent
// accumulators, software prefetch off or 1 KiB / 4 KiB ahead, and
// non-temporal loads. The adds are integer adds, so that no floating-point
// assist (denormal bit patterns) slows a loop down whatever the data are.
// The benchmark takes the best of the family per size and thread count.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include <immintrin.h>

#include <string>

namespace bench {

namespace {

/// SIMD operations of one vector width.
struct Vec128 {
  using T = __m128i;
  static constexpr size_t kBytes = 16;
  static constexpr const char *kName = "128";
  static T zero() { return _mm_setzero_si128(); }
  static T load(const char *p) {
    return _mm_loadu_si128(reinterpret_cast<const T *>(p));
  }
  static T loadNonTemporal(const char *p) {
#if defined(__SSE4_1__)
    // GCC declares the pointer non-const; the load does not write.
    return _mm_stream_load_si128(reinterpret_cast<T *>(const_cast<char *>(p)));
#else
    return load(p);
#endif
  }
  static T add(T a, T b) { return _mm_add_epi32(a, b); }
  static int64_t sum(T v) {
    alignas(16) int32_t lanes[4];
    _mm_store_si128(reinterpret_cast<T *>(lanes), v);
    return int64_t(lanes[0]) + lanes[1] + lanes[2] + lanes[3];
  }
};

#if defined(__AVX2__)
struct Vec256 {
  using T = __m256i;
  static constexpr size_t kBytes = 32;
  static constexpr const char *kName = "256";
  static T zero() { return _mm256_setzero_si256(); }
  static T load(const char *p) {
    return _mm256_loadu_si256(reinterpret_cast<const T *>(p));
  }
  static T loadNonTemporal(const char *p) {
    return _mm256_stream_load_si256(
        reinterpret_cast<T *>(const_cast<char *>(p)));
  }
  static T add(T a, T b) { return _mm256_add_epi32(a, b); }
  static int64_t sum(T v) {
    return Vec128::sum(Vec128::add(_mm256_castsi256_si128(v),
                                   _mm256_extracti128_si256(v, 1)));
  }
};
#endif

#if defined(__AVX512F__)
struct Vec512 {
  using T = __m512i;
  static constexpr size_t kBytes = 64;
  static constexpr const char *kName = "512";
  static T zero() { return _mm512_setzero_si512(); }
  static T load(const char *p) { return _mm512_loadu_si512(p); }
  static T loadNonTemporal(const char *p) {
    return _mm512_stream_load_si512(const_cast<char *>(p));
  }
  static T add(T a, T b) { return _mm512_add_epi32(a, b); }
  // Through memory: GCC 12's _mm512_reduce_add_epi32 warns about its own
  // undefined vector.
  static int64_t sum(T v) {
    alignas(64) int32_t lanes[16];
    _mm512_store_si512(lanes, v);
    int64_t total = 0;
    for (int32_t lane : lanes)
      total += lane;
    return total;
  }
};
#endif

/// Reads `bytes` bytes at `data` as `Streams` contiguous parts side by side,
/// with `Accs` accumulators (Accs / Streams vectors per part and step),
/// prefetching `Prefetch` bytes ahead of each part (0: no prefetch), with
/// non-temporal loads when `NonTemporal`. Parts start at 4 KiB boundaries of
/// the buffer, whose base the callers align to 64 bytes.
template <typename V, int Streams, int Accs, size_t Prefetch, bool NonTemporal>
float readKernel(const void *data, size_t bytes) {
  static_assert(Accs % Streams == 0, "each stream takes whole accumulators");
  constexpr int kPerStream = Accs / Streams;
  constexpr size_t kStep = kPerStream * V::kBytes;
  const char *base = static_cast<const char *>(data);
  static_assert(4096 % kStep == 0, "parts end on whole steps");
  // One stream reads whole steps; several cut the buffer at 4 KiB.
  size_t part = Streams == 1 ? bytes / kStep * kStep
                             : (bytes / Streams) & ~size_t(4095);
  size_t steps = part / kStep;
  typename V::T acc[Accs];
  for (auto &a : acc)
    a = V::zero();
  for (size_t step = 0; step < steps; ++step) {
    size_t offset = step * kStep;
    for (int s = 0; s < Streams; ++s) {
      const char *p = base + s * part + offset;
      if constexpr (Prefetch > 0)
        for (size_t line = 0; line < kStep; line += 64)
          _mm_prefetch(p + Prefetch + line, _MM_HINT_T0);
      for (int u = 0; u < kPerStream; ++u) {
        const char *q = p + u * V::kBytes;
        auto v = NonTemporal ? V::loadNonTemporal(q) : V::load(q);
        acc[s * kPerStream + u] = V::add(acc[s * kPerStream + u], v);
      }
    }
  }
  // kStep divides 4 KiB, so the parts end on whole steps; what is left is
  // the end of the buffer, read as one stream of vectors and then bytes.
  size_t i = Streams * part;
  for (; i + V::kBytes <= bytes; i += V::kBytes)
    acc[0] = V::add(acc[0], V::load(base + i));
  typename V::T total = acc[0];
  for (int k = 1; k < Accs; ++k)
    total = V::add(total, acc[k]);
  int64_t result = V::sum(total);
  for (; i < bytes; ++i)
    result += static_cast<unsigned char>(base[i]);
  return static_cast<float>(result);
}

/// The family members of one vector width.
template <typename V>
void addWidth(std::vector<ReadKernel> &family) {
  auto add = [&](const char *shape, ReadKernel::Fn fn) {
    family.push_back({std::string(V::kName) + "-" + shape, fn});
  };
  add("1s-4a", readKernel<V, 1, 4, 0, false>);
  add("1s-8a", readKernel<V, 1, 8, 0, false>);
  add("4s-8a", readKernel<V, 4, 8, 0, false>);
  add("8s-8a", readKernel<V, 8, 8, 0, false>);
  add("1s-8a-pf1k", readKernel<V, 1, 8, 1024, false>);
  add("1s-8a-pf4k", readKernel<V, 1, 8, 4096, false>);
  add("4s-8a-pf1k", readKernel<V, 4, 8, 1024, false>);
  add("1s-8a-nt", readKernel<V, 1, 8, 0, true>);
}

} // namespace

const std::vector<ReadKernel> &readKernelFamily() {
  static const std::vector<ReadKernel> family = [] {
    std::vector<ReadKernel> kernels;
    addWidth<Vec128>(kernels);
#if defined(__AVX2__)
    addWidth<Vec256>(kernels);
#endif
#if defined(__AVX512F__)
    addWidth<Vec512>(kernels);
#endif
    return kernels;
  }();
  return family;
}

} // namespace bench
