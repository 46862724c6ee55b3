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
#include <limits>

#ifndef BENCH_NAMESPACE
#error "define BENCH_NAMESPACE"
#endif

namespace bench::BENCH_NAMESPACE {

template <typename T>
static T identity(Op op) {
  return op == Op::min ? (std::numeric_limits<T>::has_infinity
                              ? std::numeric_limits<T>::infinity()
                              : std::numeric_limits<T>::max())
                       : T(0);
}

template <typename T>
static T absOf(T value) {
  if constexpr (std::is_floating_point_v<T>)
    return std::fabs(value);
  else
    return static_cast<T>(value < 0 ? 0u - static_cast<uint32_t>(value)
                                    : static_cast<uint32_t>(value));
}

template <Op op, typename T>
static void reduce(const T *x, int64_t a, int64_t b, int64_t c, T *out) {
  for (int64_t j = 0; j < b; ++j)
    out[j] = identity<T>(op);
  for (int64_t i = 0; i < a; ++i) {
    const T *plane = x + i * b * c;
    if (c == 1) {
      // Outer reduction: vectorizes across the kept dimension.
      for (int64_t j = 0; j < b; ++j) {
        T value = plane[j];
        if constexpr (op == Op::sum)
          out[j] += value;
        else if constexpr (op == Op::l1)
          out[j] += absOf(value);
        else
          out[j] = value < out[j] ? value : out[j];
      }
      continue;
    }
    for (int64_t j = 0; j < b; ++j) {
      const T *row = plane + j * c;
      T acc = out[j];
      for (int64_t k = 0; k < c; ++k) {
        if constexpr (op == Op::sum)
          acc += row[k];
        else if constexpr (op == Op::l1)
          acc += absOf(row[k]);
        else
          acc = row[k] < acc ? row[k] : acc;
      }
      out[j] = acc;
    }
  }
}

template <typename T>
static void dispatch(Op op, const T *x, int64_t a, int64_t b, int64_t c,
                     T *out) {
  switch (op) {
  case Op::sum:
    return reduce<Op::sum>(x, a, b, c, out);
  case Op::l1:
    return reduce<Op::l1>(x, a, b, c, out);
  case Op::min:
    return reduce<Op::min>(x, a, b, c, out);
  }
}

void reduceF32(Op op, const float *x, int64_t a, int64_t b, int64_t c,
               float *out) {
  dispatch(op, x, a, b, c, out);
}

void reduceI32(Op op, const int32_t *x, int64_t a, int64_t b, int64_t c,
               int32_t *out) {
  dispatch(op, x, a, b, c, out);
}

} // namespace bench::BENCH_NAMESPACE
