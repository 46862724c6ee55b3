//===- PlainLoops.cpp - Plain C++ reduction loops ---------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Compiled twice by benchmarks/CMakeLists.txt: once with -O3 -march=native
// (namespace bench::plain) and once adding -ffast-math (bench::fastmath).
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <type_traits>
#include <vector>

#ifndef BENCH_NAMESPACE
#error "define BENCH_NAMESPACE"
#endif

namespace bench::BENCH_NAMESPACE {

/// out[j] = fold of `step(acc, x, j)` over a, c of x[a][b][c], starting from
/// `init`: the loop nest in memory order.
template <typename T, typename Step>
static void fold(const T *x, int64_t a, int64_t b, int64_t c, T *out, T init,
                 Step step) {
  for (int64_t j = 0; j < b; ++j)
    out[j] = init;
  for (int64_t i = 0; i < a; ++i) {
    const T *plane = x + i * b * c;
    if (c == 1) {
      // Outer reduction: vectorizes across the kept dimension.
      for (int64_t j = 0; j < b; ++j)
        out[j] = step(out[j], plane[j], j);
      continue;
    }
    for (int64_t j = 0; j < b; ++j) {
      const T *row = plane + j * c;
      T acc = out[j];
      for (int64_t k = 0; k < c; ++k)
        acc = step(acc, row[k], j);
      out[j] = acc;
    }
  }
}

template <typename T> static T absOf(T value) {
  if constexpr (std::is_floating_point_v<T>)
    return std::fabs(value);
  else
    return static_cast<T>(value < 0 ? 0u - static_cast<uint32_t>(value)
                                    : static_cast<uint32_t>(value));
}

template <typename T> static T sumOf(T acc, T value) {
  if constexpr (std::is_floating_point_v<T>)
    return acc + value;
  else // Wraps, as the dialect's integer sums.
    return static_cast<T>(static_cast<uint32_t>(acc) +
                          static_cast<uint32_t>(value));
}

static float maxOf(float acc, float value) {
  return value != value || value > acc ? value : acc;
}

static void reduceFloat(Op op, const float *x, int64_t a, int64_t b, int64_t c,
                        float *out) {
  constexpr float inf = std::numeric_limits<float>::infinity();
  auto sum = [](float acc, float v, int64_t) { return acc + v; };
  float count = static_cast<float>(a * c);
  switch (op) {
  case Op::sum:
    return fold(x, a, b, c, out, 0.0f, sum);
  case Op::l1:
    return fold(x, a, b, c, out, 0.0f,
                [](float acc, float v, int64_t) { return acc + std::fabs(v); });
  case Op::min:
    return fold(x, a, b, c, out, inf,
                [](float acc, float v, int64_t) { return v < acc ? v : acc; });
  case Op::max:
    return fold(x, a, b, c, out, -inf,
                [](float acc, float v, int64_t) { return maxOf(acc, v); });
  case Op::prod:
    return fold(x, a, b, c, out, 1.0f,
                [](float acc, float v, int64_t) { return acc * v; });
  case Op::mean:
    fold(x, a, b, c, out, 0.0f, sum);
    for (int64_t j = 0; j < b; ++j)
      out[j] /= count;
    return;
  case Op::sum_square:
  case Op::l2:
    fold(x, a, b, c, out, 0.0f,
         [](float acc, float v, int64_t) { return acc + v * v; });
    if (op == Op::l2)
      for (int64_t j = 0; j < b; ++j)
        out[j] = std::sqrt(out[j]);
    return;
  case Op::log_sum:
    fold(x, a, b, c, out, 0.0f, sum);
    for (int64_t j = 0; j < b; ++j)
      out[j] = std::log(out[j]);
    return;
  case Op::log_sum_exp: {
    // Two passes: the max, then the sum of exp(x - shift).
    fold(x, a, b, c, out, -inf,
         [](float acc, float v, int64_t) { return maxOf(acc, v); });
    std::vector<float> shift(out, out + b);
    for (float &s : shift)
      s = std::isfinite(s) ? s : 0.0f;
    const float *shifts = shift.data();
    fold(x, a, b, c, out, 0.0f, [shifts](float acc, float v, int64_t j) {
      return acc + std::exp(v - shifts[j]);
    });
    for (int64_t j = 0; j < b; ++j)
      out[j] = std::log(out[j]) + shift[j];
    return;
  }
  case Op::logical_and:
  case Op::logical_or:
    break;
  }
  std::abort();
}

static void reduceInt(Op op, const int32_t *x, int64_t a, int64_t b, int64_t c,
                      int32_t *out) {
  using T = int32_t;
  switch (op) {
  case Op::sum:
    return fold(x, a, b, c, out, T(0),
                [](T acc, T v, int64_t) { return sumOf(acc, v); });
  case Op::l1:
    return fold(x, a, b, c, out, T(0),
                [](T acc, T v, int64_t) { return sumOf(acc, absOf(v)); });
  case Op::min:
    return fold(x, a, b, c, out, std::numeric_limits<T>::max(),
                [](T acc, T v, int64_t) { return v < acc ? v : acc; });
  case Op::max:
    return fold(x, a, b, c, out, std::numeric_limits<T>::min(),
                [](T acc, T v, int64_t) { return v > acc ? v : acc; });
  case Op::prod:
    return fold(x, a, b, c, out, T(1), [](T acc, T v, int64_t) {
      return static_cast<T>(static_cast<uint32_t>(acc) *
                            static_cast<uint32_t>(v));
    });
  default:
    break;
  }
  std::abort();
}

void reduceF32(Op op, const float *x, int64_t a, int64_t b, int64_t c,
               float *out) {
  reduceFloat(op, x, a, b, c, out);
}

void reduceI32(Op op, const int32_t *x, int64_t a, int64_t b, int64_t c,
               int32_t *out) {
  reduceInt(op, x, a, b, c, out);
}

void reduceBool(Op op, const uint8_t *x, int64_t a, int64_t b, int64_t c,
                uint8_t *out) {
  if (op == Op::logical_and)
    return fold(
        x, a, b, c, out, uint8_t(1),
        [](uint8_t acc, uint8_t v, int64_t) -> uint8_t { return acc & v; });
  if (op == Op::logical_or)
    return fold(
        x, a, b, c, out, uint8_t(0),
        [](uint8_t acc, uint8_t v, int64_t) -> uint8_t { return acc | v; });
  std::abort();
}

} // namespace bench::BENCH_NAMESPACE
