// min-streams.cpp - forms and streams of a streamed NaN-propagating row min
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A standalone microbenchmark (not built by CMake) of the row minimum of a
// 4096x4096 f32 input (the benchmark's W1, 64 MiB), one thread, in the loop
// structures of the inner strategy (P parts of the rows read side by side,
// 4 accumulator registers of 256 or 512 bits a row) and the forms of the
// minimum: `range` (vrangeps imm 4, one ordered mask per register, carried
// by masked compares), `rowmask` (vrangeps, one mask per row, one masked
// compare per pair of registers: a chain of compares per step), `steptree`
// (vrangeps, the compares of a step and-ed together, then one and into the
// row's carried mask), `or` (two vminps and a vorps), and, not exact,
// `fast` (one vminps: what -ffast-math gives) and `minmask` (vminps beside
// the ordered masks: -0 and +0 by operand position), beside the sum of the
// same structure. The exact forms are first checked against a scalar
// IEEE 754-2019 minimum on rows with NaNs, zeros of both signs and
// infinities; then every kernel is timed on the streamed input (the
// thread's CPU time), in a new random order each round, and printed as the
// best call, its ratio to the
// sum of 4 parts of 256 bits (the structure of our kernels on W1) and
// that ratio at the first quartile. docs/tuning.md ("The minimum on Zen 5")
// has the results.
//
//   clang++-22 -std=c++17 -O3 -march=native benchmarks/min-streams.cpp \
//     -o min-streams
//   ./min-streams 41 [name filter, e.g. 512-1p]
#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <string>
#include <vector>

namespace {
constexpr int kRows = 4096, kCols = 4096;

/// The thread's CPU time: on a shared machine a call is often descheduled
/// for longer than it runs, which the wall clock would count.
double now() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

template <int W> struct V;
template <> struct V<256> {
  using T = __m256;
  using M = __mmask8;
  static constexpr int kLanes = 8;
  static T load(const float *p) { return _mm256_load_ps(p); }
  static T inf() { return _mm256_set1_ps(INFINITY); }
  static T zero() { return _mm256_setzero_ps(); }
  static T add(T a, T b) { return _mm256_add_ps(a, b); }
  static T min(T a, T b) { return _mm256_min_ps(a, b); }
  static T orBits(T a, T b) { return _mm256_or_ps(a, b); }
  static T range(T a, T b) { return _mm256_range_ps(a, b, 4); }
  static M ordered(M k, T a, T b) {
    return _mm256_mask_cmp_ps_mask(k, a, b, _CMP_ORD_Q);
  }
  static M ones() { return 0xff; }
  static void store(float *p, T v) { _mm256_storeu_ps(p, v); }
};
template <> struct V<512> {
  using T = __m512;
  using M = __mmask16;
  static constexpr int kLanes = 16;
  static T load(const float *p) { return _mm512_load_ps(p); }
  static T inf() { return _mm512_set1_ps(INFINITY); }
  static T zero() { return _mm512_setzero_ps(); }
  static T add(T a, T b) { return _mm512_add_ps(a, b); }
  static T min(T a, T b) { return _mm512_min_ps(a, b); }
  static T orBits(T a, T b) { return _mm512_or_ps(a, b); }
  static T range(T a, T b) { return _mm512_range_ps(a, b, 4); }
  static M ordered(M k, T a, T b) {
    return _mm512_mask_cmp_ps_mask(k, a, b, _CMP_ORD_Q);
  }
  static M ones() { return 0xffff; }
  static void store(float *p, T v) { _mm512_storeu_ps(p, v); }
};

enum Form { Sum, Fast, Range, RowMask, StepTree, Or, MinMask };

/// The binary op that combines two registers of form `F` (128-bit lanes
/// or whole registers): the add, the or form's minimum, the range
/// minimum number (the NaNs are in the masks) or the plain min.
template <Form F, typename Vx> typename Vx::T combine(typename Vx::T a,
                                                     typename Vx::T b) {
  if constexpr (F == Sum)
    return Vx::add(a, b);
  if constexpr (F == Or)
    return Vx::orBits(Vx::min(a, b), Vx::min(b, a));
  if constexpr (F == Range || F == RowMask || F == StepTree)
    return Vx::range(a, b);
  return Vx::min(a, b);
}

struct V128 {
  using T = __m128;
  static T add(T a, T b) { return _mm_add_ps(a, b); }
  static T min(T a, T b) { return _mm_min_ps(a, b); }
  static T orBits(T a, T b) { return _mm_or_ps(a, b); }
  static T range(T a, T b) { return _mm_range_ps(a, b, 4); }
};

/// The lanes of `v` combined by a shuffle tree, as our kernels' horizontal
/// step (the same cost for every form).
template <Form F> float horizontal(__m128 v) {
  v = combine<F, V128>(v, _mm_shuffle_ps(v, v, 0x4e));
  v = combine<F, V128>(v, _mm_shuffle_ps(v, v, 0xb1));
  return _mm_cvtss_f32(v);
}
template <Form F> float horizontal(__m256 v) {
  return horizontal<F>(combine<F, V128>(_mm256_castps256_ps128(v),
                                        _mm256_extractf128_ps(v, 1)));
}
template <Form F> float horizontal(__m512 v) {
  __m256 lo = _mm512_castps512_ps256(v);
  __m256 hi = _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1));
  return horizontal<F>(combine<F, V<256>>(lo, hi));
}
const char *const kFormNames[] = {"sum",      "fast", "range",  "rowmask",
                                  "steptree", "or",   "minmask"};
constexpr bool isExact(Form f) {
  return f == Range || f == RowMask || f == StepTree || f == Or;
}

/// The IEEE 754-2019 minimum: a NaN if either is, -0 below +0.
float minimum(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

/// Rows of `cols` floats; `parts` parts of the rows side by side, `A`
/// accumulators a row.
template <Form F, int W, int Parts, int A>
__attribute__((noinline)) void kernel(const float *x, float *out, int rows,
                                      int cols) {
  using Vx = V<W>;
  using T = typename Vx::T;
  using M = typename Vx::M;
  const int rowsPerPart = rows / Parts;
  for (int r = 0; r < rowsPerPart; ++r) {
    T acc[Parts][A];
    M mask[Parts][A];
    for (int p = 0; p < Parts; ++p)
      for (int a = 0; a < A; ++a) {
        acc[p][a] = F == Sum ? Vx::zero() : Vx::inf();
        mask[p][a] = Vx::ones();
      }
    for (int c = 0; c < cols; c += A * Vx::kLanes) {
#pragma unroll
      for (int p = 0; p < Parts; ++p) {
        const float *row = x + (size_t)(p * rowsPerPart + r) * cols + c;
        T v[A];
#pragma unroll
        for (int a = 0; a < A; ++a)
          v[a] = Vx::load(row + a * Vx::kLanes);
#pragma unroll
        for (int a = 0; a < A; ++a) {
          if constexpr (F == Sum)
            acc[p][a] = Vx::add(acc[p][a], v[a]);
          if constexpr (F == Fast || F == MinMask)
            acc[p][a] = Vx::min(acc[p][a], v[a]);
          if constexpr (F == Range || F == RowMask || F == StepTree)
            acc[p][a] = Vx::range(acc[p][a], v[a]);
          if constexpr (F == Or)
            acc[p][a] = Vx::orBits(Vx::min(acc[p][a], v[a]),
                                   Vx::min(v[a], acc[p][a]));
          if constexpr (F == Range || F == MinMask)
            mask[p][a] = Vx::ordered(mask[p][a], v[a], v[a]);
        }
        if constexpr (F == RowMask) {
#pragma unroll
          for (int a = 0; a + 1 < A; a += 2)
            mask[p][0] = Vx::ordered(mask[p][0], v[a], v[a + 1]);
        }
        if constexpr (F == StepTree) {
          M step = Vx::ordered(Vx::ones(), v[0], v[1]);
#pragma unroll
          for (int a = 2; a + 1 < A; a += 2)
            step = Vx::ordered(step, v[a], v[a + 1]);
          mask[p][0] &= step;
        }
      }
    }
    for (int p = 0; p < Parts; ++p) {
      T combined = acc[p][0];
      bool ordered = mask[p][0] == Vx::ones();
      for (int a = 1; a < A; ++a) {
        combined = combine<F, Vx>(combined, acc[p][a]);
        ordered = ordered && mask[p][a] == Vx::ones();
      }
      float result = horizontal<F>(combined);
      // The masks of the forms that keep them: a NaN where any lane was.
      bool hasMask = F == Range || F == RowMask || F == StepTree ||
                     F == MinMask;
      out[p * rowsPerPart + r] = hasMask && !ordered ? NAN : result;
    }
  }
}

struct Kernel {
  std::string name;
  bool exact;
  void (*fn)(const float *, float *, int, int);
};

/// Checks the exact forms on rows with NaNs, zeros of both signs and
/// infinities against the scalar minimum; returns false on a mismatch.
bool check(const std::vector<Kernel> &kernels) {
  constexpr int rows = 64, cols = 1024;
  std::vector<float> x(size_t(rows) * cols), out(rows);
  std::mt19937 rng(7);
  const float specials[] = {NAN, 0.0f, -0.0f, INFINITY, -INFINITY};
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = rng() % 64 == 0 ? specials[rng() % 5]
                           : static_cast<float>(int(rng() % 2001) - 1000);
  // Rows of zeros only, the -0 in varying places.
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < cols; ++c)
      x[size_t(r) * cols + c] = c == r * 100 ? -0.0f : 0.0f;
  float *aligned = static_cast<float *>(aligned_alloc(64, x.size() * 4));
  std::memcpy(aligned, x.data(), x.size() * 4);
  bool ok = true;
  for (const Kernel &k : kernels) {
    if (!k.exact)
      continue;
    k.fn(aligned, out.data(), rows, cols);
    for (int r = 0; r < rows; ++r) {
      float want = INFINITY;
      for (int c = 0; c < cols; ++c)
        want = minimum(want, x[size_t(r) * cols + c]);
      bool same = std::isnan(want) ? std::isnan(out[r])
                                   : std::memcmp(&want, &out[r], 4) == 0;
      if (!same) {
        std::printf("%s: row %d gives %g, expected %g\n", k.name.c_str(), r,
                    out[r], want);
        ok = false;
        break;
      }
    }
  }
  std::free(aligned);
  return ok;
}
} // namespace

#define ADD(F, W, P, A)                                                        \
  kernels.push_back({std::string(kFormNames[F]) + "-" #W "-" #P "p-" #A "a",   \
                     isExact(F), kernel<F, W, P, A>});
#define FORMS(W, P, A)                                                         \
  ADD(Sum, W, P, A) ADD(Fast, W, P, A) ADD(Range, W, P, A)                     \
      ADD(RowMask, W, P, A) ADD(StepTree, W, P, A) ADD(Or, W, P, A)            \
          ADD(MinMask, W, P, A)

int main(int argc, char **argv) {
  int rounds = argc > 1 ? std::max(1, atoi(argv[1])) : 21;
  std::string filter = argc > 2 ? argv[2] : "";
  std::vector<Kernel> kernels;
  FORMS(256, 4, 4)
  FORMS(256, 2, 4)
  FORMS(256, 1, 4)
  FORMS(512, 4, 4)
  FORMS(512, 2, 4)
  FORMS(512, 1, 4)
  if (!check(kernels))
    return 1;
  const std::string reference = "sum-256-4p-4a";
  std::vector<Kernel> selected;
  for (const Kernel &k : kernels)
    if (k.name == reference ||
        (filter.empty() || k.name.find(filter) != std::string::npos))
      selected.push_back(k);
  size_t bytes = size_t(kRows) * kCols * 4;
  float *x = static_cast<float *>(aligned_alloc(64, bytes));
  for (size_t i = 0; i < size_t(kRows) * kCols; ++i)
    x[i] = 1.0f + static_cast<float>((i * 2654435761u) % 1021) / 1021.0f;
  std::vector<float> out(kRows);
  std::vector<std::vector<double>> times(selected.size());
  std::vector<size_t> order(selected.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::mt19937 rng(42);
  for (int round = 0; round <= rounds; ++round) {
    std::shuffle(order.begin(), order.end(), rng);
    for (size_t k : order) {
      double start = now();
      selected[k].fn(x, out.data(), kRows, kCols);
      if (round > 0)
        times[k].push_back(now() - start);
    }
  }
  size_t ref = 0;
  for (size_t k = 0; k < selected.size(); ++k) {
    std::sort(times[k].begin(), times[k].end());
    if (selected[k].name == reference)
      ref = k;
  }
  size_t q1 = times[ref].size() / 4;
  for (size_t k = 0; k < selected.size(); ++k)
    std::printf("%-20s best %.3f ms %5.1f GB/s  ref/best %.3f  at q1 %.3f\n",
                selected[k].name.c_str(), times[k][0] * 1e3,
                bytes / times[k][0] / 1e9, times[ref][0] / times[k][0],
                times[ref][q1] / times[k][q1]);
  std::free(x);
  return 0;
}
