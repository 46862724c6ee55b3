// max-forms.c - candidate exact float maximum forms for reduce-expand-min-max
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A standalone microbenchmark (not built by CMake) of the forms of an exact
// IEEE 754-2019 maximum (any NaN gives a NaN, +0 above -0) in an f32 max
// reduction of 4 accumulator registers, beside the project's two minimum
// forms: checks each form against a scalar reference on 2000 random inputs
// of NaNs, zeros of both signs and infinities, then times it on 16 KiB
// (L1), 512 KiB (L2) and 256 MiB (memory) inputs, best of N timings of
// 128 MiB read each, the order of the forms rotated every round.
// docs/pipeline.md ("Float maximum") has the results and the choice.
//
//   clang-22 -O3 -march=native -DW=512 benchmarks/max-forms.c -o max512 -lm
//   clang-22 -O3 -march=native -DW=256 benchmarks/max-forms.c -o max256 -lm
//   clang-22 -O3 -march=native -mno-avx512f -DW=256 benchmarks/max-forms.c \
//     -o max256avx2 -lm
//   ./max512 31   # 31 rounds
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if W == 512
typedef __m512 V;
typedef __m512i VI;
typedef __mmask16 K;
#define L 16
#define LOAD _mm512_load_ps
#define MAXP _mm512_max_ps
#define MINP _mm512_min_ps
#define CASTI _mm512_castps_si512
#define CASTF _mm512_castsi512_ps
#define OR _mm512_or_si512
#define AND _mm512_and_si512
#define XOR _mm512_xor_si512
#define SET1I _mm512_set1_epi32
#define SET1 _mm512_set1_ps
#define RANGE(a, b, imm) _mm512_range_ps(a, b, imm)
#define CMPK(a, b, p) _mm512_cmp_ps_mask(a, b, p)
#define MASKCMPK(k, a, b, p) _mm512_mask_cmp_ps_mask(k, a, b, p)
#define SELK(k, a, b) _mm512_mask_blend_ps(k, b, a) /* k ? a : b */
#define CMPV(a, b, p) CASTF(_mm512_movm_epi32(_mm512_cmp_ps_mask(a, b, p)))
#define STORE _mm512_storeu_ps
#else
#define NO512K !defined(__AVX512F__)
typedef __m256 V;
typedef __m256i VI;
typedef __mmask8 K;
#define L 8
#define LOAD _mm256_load_ps
#define MAXP _mm256_max_ps
#define MINP _mm256_min_ps
#define CASTI _mm256_castps_si256
#define CASTF _mm256_castsi256_ps
#define OR _mm256_or_si256
#define AND _mm256_and_si256
#define XOR _mm256_xor_si256
#define SET1I _mm256_set1_epi32
#define SET1 _mm256_set1_ps
#define RANGE(a, b, imm) _mm256_range_ps(a, b, imm)
#define CMPK(a, b, p) _mm256_cmp_ps_mask(a, b, p)
#define MASKCMPK(k, a, b, p) _mm256_mask_cmp_ps_mask(k, a, b, p)
#define SELK(k, a, b) _mm256_mask_blend_ps(k, b, a)
#define CMPV(a, b, p) _mm256_cmp_ps(a, b, p)
#define STORE _mm256_storeu_ps
#endif

#define NACC 4

// 1. What LLVM does today: llvm.maximum.
static inline V max_generic(V a, V b) {
  return __builtin_elementwise_maximum(a, b);
}
// 2. Two plain maxes; non-sign bits or'ed, sign bit and'ed (one vpternlogd).
static inline V max_ternlog(V a, V b) {
  VI m1 = CASTI(MAXP(a, b)), m2 = CASTI(MAXP(b, a));
  VI s = SET1I(0x80000000);
  return CASTF(XOR(OR(m1, m2), AND(XOR(m1, m2), s)));
}
// 3. and of two plain maxes, or'ed with the unordered mask.
static inline V max_andunord(V a, V b) {
  VI m1 = CASTI(MAXP(a, b)), m2 = CASTI(MAXP(b, a));
  return CASTF(OR(AND(m1, m2), CASTI(CMPV(a, b, _CMP_UNORD_Q))));
}
// 2b. The same with the or/and split as (m1 & m2) | ((m1 | m2) & 0x7fffffff).
static inline V max_ternlog2(V a, V b) {
  VI m1 = CASTI(MAXP(a, b)), m2 = CASTI(MAXP(b, a));
  return CASTF(OR(AND(m1, m2), AND(OR(m1, m2), SET1I(0x7fffffff))));
}
#ifdef __AVX512F__
#if W == 512
// 2c. One explicit vpternlogd (AVX-512F): s ? m1 & m2 : m1 | m2.
static inline V max_ternlog1(V a, V b) {
  VI m1 = CASTI(MAXP(a, b)), m2 = CASTI(MAXP(b, a));
  // A = s, B = m1, C = m2; imm = A ? (B & C) : (B | C).
  return CASTF(_mm512_ternarylogic_epi32(SET1I(0x80000000), m1, m2, 0x8e));
}
#else
static inline V max_ternlog1(V a, V b) {
  VI m1 = CASTI(MAXP(a, b)), m2 = CASTI(MAXP(b, a));
  return CASTF(_mm256_ternarylogic_epi32(SET1I(0x80000000), m1, m2, 0x8e));
}
#endif
#endif
// Reference min (the project's or form).
static inline V min_or(V a, V b) {
  return CASTF(OR(CASTI(MINP(a, b)), CASTI(MINP(b, a))));
}
static inline V neg(V a) { return CASTF(XOR(CASTI(a), SET1I(0x80000000))); }

typedef void (*kern)(const float *, size_t, float *);

#define PAIRWISE_KERNEL(name, op, init)                                        \
  static void name(const float *x, size_t n, float *out) {                     \
    V acc[NACC];                                                               \
    for (int j = 0; j < NACC; ++j)                                             \
      acc[j] = SET1(init);                                                     \
    for (size_t i = 0; i < n; i += NACC * L)                                   \
      for (int j = 0; j < NACC; ++j)                                           \
        acc[j] = op(acc[j], LOAD(x + i + j * L));                              \
    for (int j = 1; j < NACC; ++j)                                             \
      acc[0] = op(acc[0], acc[j]);                                             \
    STORE(out, acc[0]);                                                        \
  }

PAIRWISE_KERNEL(k_max_generic, max_generic, -INFINITY)
PAIRWISE_KERNEL(k_max_ternlog, max_ternlog, -INFINITY)
PAIRWISE_KERNEL(k_max_ternlog2, max_ternlog2, -INFINITY)
#ifdef __AVX512F__
PAIRWISE_KERNEL(k_max_ternlog1, max_ternlog1, -INFINITY)
#endif
PAIRWISE_KERNEL(k_max_andunord, max_andunord, -INFINITY)
PAIRWISE_KERNEL(k_min_or, min_or, INFINITY)

// 4. Accumulate the negated max with the or-min: one xor per vector read.
static void k_max_negmin(const float *x, size_t n, float *out) {
  V acc[NACC];
  for (int j = 0; j < NACC; ++j)
    acc[j] = SET1(INFINITY); // -(-inf)
  for (size_t i = 0; i < n; i += NACC * L)
    for (int j = 0; j < NACC; ++j)
      acc[j] = min_or(acc[j], neg(LOAD(x + i + j * L)));
  for (int j = 1; j < NACC; ++j)
    acc[0] = min_or(acc[0], acc[j]);
  STORE(out, neg(acc[0]));
}

#ifdef __AVX512F__
// 5. Range (imm 5: max, sign from the compare) beside an ordered mask.
#define RANGE_KERNEL(name, imm, init)                                          \
  static void name(const float *x, size_t n, float *out) {                     \
    V acc[NACC];                                                               \
    K ord[NACC];                                                               \
    for (int j = 0; j < NACC; ++j) {                                           \
      acc[j] = SET1(init);                                                     \
      ord[j] = (K)-1;                                                          \
    }                                                                          \
    for (size_t i = 0; i < n; i += NACC * L)                                   \
      for (int j = 0; j < NACC; ++j) {                                         \
        V v = LOAD(x + i + j * L);                                             \
        ord[j] = MASKCMPK(ord[j], v, v, _CMP_ORD_Q);                           \
        acc[j] = RANGE(acc[j], v, imm);                                        \
      }                                                                        \
    for (int j = 1; j < NACC; ++j) {                                           \
      acc[0] = RANGE(acc[0], acc[j], imm);                                     \
      ord[0] &= ord[j];                                                        \
    }                                                                          \
    STORE(out, SELK(ord[0], acc[0], SET1(NAN)));                               \
  }
RANGE_KERNEL(k_max_range, 5, -INFINITY)
RANGE_KERNEL(k_min_range, 4, INFINITY)

// 6. and of two plain maxes beside an ordered mask carried by the loop.
static void k_max_andmask(const float *x, size_t n, float *out) {
  V acc[NACC];
  K ord[NACC];
  for (int j = 0; j < NACC; ++j) {
    acc[j] = SET1(-INFINITY);
    ord[j] = (K)-1;
  }
  for (size_t i = 0; i < n; i += NACC * L)
    for (int j = 0; j < NACC; ++j) {
      V v = LOAD(x + i + j * L);
      ord[j] = MASKCMPK(ord[j], v, v, _CMP_ORD_Q);
      acc[j] = CASTF(AND(CASTI(MAXP(acc[j], v)), CASTI(MAXP(v, acc[j]))));
    }
  for (int j = 1; j < NACC; ++j) {
    acc[0] =
        CASTF(AND(CASTI(MAXP(acc[0], acc[j])), CASTI(MAXP(acc[j], acc[0]))));
    ord[0] &= ord[j];
  }
  STORE(out, SELK(ord[0], acc[0], SET1(NAN)));
}

#endif
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static const struct {
  const char *name;
  kern k;
  int isMax;
} kernels[] = {
    {"max_generic(llvm.maximum)", k_max_generic, 1},
    {"max_ternlog", k_max_ternlog, 1},
    {"max_ternlog2", k_max_ternlog2, 1},
#ifdef __AVX512F__
    {"max_ternlog1(intrinsic)", k_max_ternlog1, 1},
#endif
    {"max_andunord", k_max_andunord, 1},
    {"max_negmin", k_max_negmin, 1},
#ifdef __AVX512F__
    {"max_andmask", k_max_andmask, 1},
    {"max_range", k_max_range, 1},
#endif
    {"min_or(ref)", k_min_or, 0},
#ifdef __AVX512F__
    {"min_range(ref)", k_min_range, 0},
#endif
};
#define NK (sizeof(kernels) / sizeof(kernels[0]))

static float ref(const float *x, size_t n, int isMax) {
  float r = isMax ? -INFINITY : INFINITY;
  for (size_t i = 0; i < n; ++i) {
    float v = x[i];
    if (isnan(v) || isnan(r)) {
      r = NAN;
      continue;
    }
    if (v == r) { // signed zeros
      if (isMax)
        r = signbit(v) ? r : v;
      else
        r = signbit(v) ? v : r;
    } else if (isMax ? v > r : v < r)
      r = v;
  }
  return r;
}

static int same(float a, float b) {
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b);
  uint32_t ua, ub;
  memcpy(&ua, &a, 4);
  memcpy(&ub, &b, 4);
  return ua == ub;
}

// Exactness: per lane (out lane l reduces x[i] with i % L == l).
static int check(void) {
  enum { N = NACC * L * 8 };
  float *x = aligned_alloc(64, N * sizeof(float));
  int bad = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    srand(trial);
    for (int i = 0; i < N; ++i) {
      int r = rand() % 12;
      x[i] = r == 0   ? NAN
             : r == 1 ? 0.0f
             : r == 2 ? -0.0f
             : r == 3 ? INFINITY
             : r == 4 ? -INFINITY
                      : (float)(rand() % 7 - 3);
      if (trial % 3 == 0 && r == 0)
        x[i] = -3.0f; // no NaN
      if (trial % 3 == 1 && (r == 0 || r > 4))
        x[i] = (rand() & 1) ? 0.0f : -0.0f;
    }
    for (size_t k = 0; k < NK; ++k) {
      float out[L], lane[N / L];
      kernels[k].k(x, N, out);
      for (int l = 0; l < L; ++l) {
        for (int i = 0; i < N / L; ++i)
          lane[i] = x[i * L + l];
        float e = ref(lane, N / L, kernels[k].isMax);
        if (!same(out[l], e)) {
          if (bad < 10)
            printf("MISMATCH %s trial %d lane %d: %g vs %g\n", kernels[k].name,
                   trial, l, out[l], e);
          ++bad;
        }
      }
    }
  }
  free(x);
  return bad;
}

int main(int argc, char **argv) {
  int bad = check();
  printf("W=%d exactness: %s\n", W,
         bad ? "FAILED"
             : "all kernels exact on 2000 random NaN/+-0/+-inf trials");
  size_t sizes[] = {16 << 10, 512 << 10, (size_t)256 << 20};
  const char *names[] = {"16KiB(L1)", "512KiB(L2)", "256MiB(mem)"};
  int rounds = argc > 1 ? atoi(argv[1]) : 31;
  for (int s = 0; s < 3; ++s) {
    size_t n = sizes[s] / sizeof(float);
    float *x = aligned_alloc(64, sizes[s]);
    for (size_t i = 0; i < n; ++i)
      x[i] = (float)((i * 7) % 29) - 14.0f;
    size_t reps =
        (size_t)1 << 27 >> __builtin_ctzll(sizes[s]); // 128 MiB read per timing
    if (reps < 1)
      reps = 1;
    double best[NK];
    for (size_t k = 0; k < NK; ++k)
      best[k] = 1e30;
    float sink = 0, out[L];
    for (int r = 0; r < rounds; ++r)
      for (size_t kk = 0; kk < NK; ++kk) {
        size_t k = (kk + r) % NK; // rotate the order
        double t0 = now();
        for (size_t i = 0; i < reps; ++i) {
          kernels[k].k(x, n, out);
          sink += out[i % L];
        }
        double t = now() - t0;
        if (t < best[k])
          best[k] = t;
      }
    printf("%s:", names[s]);
    for (size_t k = 0; k < NK; ++k)
      printf("  %s %.1f GB/s", kernels[k].name,
             reps * sizes[s] / best[k] / 1e9);
    printf("   (sink %g)\n", sink);
    free(x);
  }
  return 0;
}
