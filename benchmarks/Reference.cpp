//===- Reference.cpp - The result checks of the benchmark -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Reference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

using namespace mlir::reduce;

namespace bench {

void floatReference(Op op, const Workload &w, const float *x,
                    std::vector<double> &reference,
                    std::vector<double> &tolerance) {
  reference.assign(w.b, 0.0);
  tolerance.assign(w.b, 0.0);
  std::vector<double> magnitude(w.b, 0.0);
  auto forEach = [&](auto fn) {
    for (int64_t i = 0; i < w.a; ++i)
      for (int64_t j = 0; j < w.b; ++j)
        for (int64_t k = 0; k < w.c; ++k)
          fn(j, double(x[(i * w.b + j) * w.c + k]));
  };
  double count = double(w.a * w.c);
  constexpr double inf = std::numeric_limits<double>::infinity();
  switch (op) {
  case Op::min:
  case Op::max:
  case Op::log_sum_exp: {
    bool isMin = op == Op::min;
    reference.assign(w.b, isMin ? inf : -inf);
    forEach([&](int64_t j, double v) {
      double &r = reference[j];
      r = std::isnan(v) || std::isnan(r) ? NAN
          : isMin                        ? std::min(r, v)
                                         : std::max(r, v);
    });
    if (op != Op::log_sum_exp)
      return;
    std::vector<double> shift = reference, sum(w.b, 0.0);
    for (double &v : shift)
      v = std::isfinite(v) ? v : 0.0;
    forEach([&](int64_t j, double v) { sum[j] += std::exp(v - shift[j]); });
    for (int64_t j = 0; j < w.b; ++j) {
      reference[j] = std::log(sum[j]) + shift[j];
      tolerance[j] = 1e-4 + std::ldexp(std::fabs(reference[j]), -20);
    }
    return;
  }
  case Op::prod: {
    reference.assign(w.b, 1.0);
    forEach([&](int64_t j, double v) { reference[j] *= v; });
    // Every one of the count - 1 roundings (at most 2^-24 relative each)
    // reaches the product whatever the order, so a random walk of
    // sqrt(count) of them is what any f32 product gets: allow 4 times its
    // bound (about 7 standard deviations), and at least 1e-4.
    double relative = std::max(1e-4, 4 * std::sqrt(count) * 0x1p-24);
    for (int64_t j = 0; j < w.b; ++j)
      tolerance[j] = relative * std::fabs(reference[j]);
    return;
  }
  case Op::sum_square:
  case Op::l2:
    forEach([&](int64_t j, double v) { reference[j] += v * v; });
    for (int64_t j = 0; j < w.b; ++j) {
      if (op == Op::l2)
        reference[j] = std::sqrt(reference[j]);
      tolerance[j] = 1e-4 * reference[j];
    }
    return;
  case Op::sum:
  case Op::l1:
  case Op::mean:
  case Op::log_sum:
    forEach([&](int64_t j, double v) {
      reference[j] += op == Op::l1 ? std::fabs(v) : v;
      magnitude[j] += std::fabs(v);
    });
    for (int64_t j = 0; j < w.b; ++j) {
      tolerance[j] = 1e-4 * magnitude[j];
      if (op == Op::mean) {
        reference[j] /= count;
        tolerance[j] /= count;
      } else if (op == Op::log_sum) {
        tolerance[j] /= std::fabs(reference[j]);
        reference[j] = std::log(reference[j]);
        tolerance[j] += std::ldexp(std::fabs(reference[j]), -20);
      }
    }
    return;
  case Op::logical_and:
  case Op::logical_or:
    break;
  }
}
ResultChecker::ResultChecker(Op op, const Workload &w, const void *x)
    : w(w), reference(w.b, 0.0), tolerance(w.b, 0.0) {
  if (w.type == ElementType::f32) {
    floatReference(op, w, static_cast<const float *>(x), reference, tolerance);
  } else if (w.type == ElementType::i32) {
    Buffer exactOut(w.type, {w.b});
    runKernel(w, op, x, plain::reduceF32, plain::reduceI32, plain::reduceBool,
              exactOut.getData());
    for (int64_t j = 0; j < w.b; ++j)
      reference[j] = loadAsDouble(w.type, exactOut.getData(), j);
  } else {
    const uint8_t *bytes = static_cast<const uint8_t *>(x);
    bool isAnd = op == Op::logical_and;
    reference.assign(w.b, isAnd ? 1.0 : 0.0);
    for (int64_t i = 0; i < w.a; ++i)
      for (int64_t j = 0; j < w.b; ++j)
        for (int64_t k = 0; k < w.c; ++k)
          if ((bytes[(i * w.b + j) * w.c + k] != 0) != isAnd)
            reference[j] = isAnd ? 0.0 : 1.0;
  }
}

std::string ResultChecker::check(const void *got) const {
  for (int64_t j = 0; j < w.b; ++j) {
    double value = loadAsDouble(w.type, got, j);
    if (!(std::fabs(reference[j] - value) <= tolerance[j])) {
      char text[96];
      std::snprintf(text, sizeof(text),
                    "INACCURATE at %lld: %.9g, reference %.9g",
                    static_cast<long long>(j), value, reference[j]);
      return text;
    }
  }
  return "";
}

} // namespace bench
