//===- Fused.cpp - The fused workloads of the benchmark ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Fused.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>

using namespace mlir::reduce;

namespace bench {

std::vector<FusedWorkload> allFusedWorkloads(bool quick) {
  int64_t rows = quick ? 1024 : 4096, cols = 4096;
  std::vector<int64_t> row = {rows}, full = {rows, cols};
  return {
      {"F1", "minmax", "min and max", rows, cols, 1, {row, row}, 1.15},
      {"F2", "dot", "row dot product", rows, cols, 2, {row}, 2.3},
      {"F3", "meanvar", "mean and variance", rows, cols, 1, {row, row}, 1.15},
      {"F4", "softmax", "softmax", rows, cols, 1, {full}, 4.0},
      {"F5", "layernorm", "layer norm", rows, cols, 1, {full}, 3.3},
      {"F6", "rmsnorm", "RMS norm", rows, cols, 1, {full}, 3.3},
  };
}

//===----------------------------------------------------------------------===//
// The modules
//===----------------------------------------------------------------------===//

namespace {

/// The types of one fused module: T2 the input, T1 a per-row result.
struct FusedTypes {
  explicit FusedTypes(const FusedWorkload &w)
      : t2("tensor<" + std::to_string(w.rows) + "x" + std::to_string(w.cols) +
           "xf32>"),
        t1("tensor<" + std::to_string(w.rows) + "xf32>") {}

  /// `%name = linalg.broadcast` of the per-row `%value` into `%init`.
  std::string broadcast(const std::string &name,
                        const std::string &value) const {
    return "  %" + name + " = linalg.broadcast ins(%" + value + " : " + t1 +
           ") outs(%init : " + t2 + ") dimensions = [1]\n";
  }
  /// `%name = reduce.<op> %value axes [1]`.
  std::string reduce(const std::string &name, const std::string &op,
                     const std::string &value) const {
    return "  %" + name + " = reduce." + op + " %" + value +
           " axes [1] : " + t2 + " -> " + t1 + "\n";
  }
  /// `%name = <op> %a[, %b] : T` (an elementwise op on tensors).
  std::string elementwise(const std::string &name, const std::string &op,
                          const std::string &a, const std::string &b,
                          const std::string &type) const {
    return "  %" + name + " = " + op + " %" + a + (b.empty() ? "" : ", %" + b) +
           " : " + type + "\n";
  }
  /// `%sd = sqrt(%value + eps)` on per-row values, broadcast as `%sdb`.
  std::string sqrtPlusEpsilon(const std::string &value) const {
    char eps[64];
    std::snprintf(eps, sizeof(eps), "%e", kNormEpsilon);
    return "  %eps = arith.constant dense<" + std::string(eps) + "> : " + t1 +
           "\n" + elementwise("shifted", "arith.addf", value, "eps", t1) +
           elementwise("sd", "math.sqrt", "shifted", "", t1) +
           broadcast("sdb", "sd");
  }

  std::string t2, t1;
};

} // namespace

std::string fusedModule(const FusedWorkload &w) {
  FusedTypes t(w);
  std::string init = "  %init = tensor.empty() : " + t.t2 + "\n";
  std::string head = "func.func @main(%x: " + t.t2 +
                     (w.inputs == 2 ? ", %y: " + t.t2 : "") + ") -> ";
  std::string twoRows = "(" + t.t1 + ", " + t.t1 + ") {\n";
  // The centred input and its variance, shared by F3 and F5.
  std::string centred = t.reduce("mean", "mean", "x") + init +
                        t.broadcast("meanb", "mean") +
                        t.elementwise("d", "arith.subf", "x", "meanb", t.t2) +
                        t.elementwise("d2", "arith.mulf", "d", "d", t.t2) +
                        t.reduce("var", "mean", "d2");
  if (w.name == "minmax")
    return head + twoRows + t.reduce("min", "min", "x") +
           t.reduce("max", "max", "x") + "  return %min, %max : " + t.t1 +
           ", " + t.t1 + "\n}\n";
  if (w.name == "dot")
    return head + t.t1 + " {\n" +
           t.elementwise("xy", "arith.mulf", "x", "y", t.t2) +
           t.reduce("dot", "sum", "xy") + "  return %dot : " + t.t1 + "\n}\n";
  if (w.name == "meanvar")
    return head + twoRows + centred + "  return %mean, %var : " + t.t1 + ", " +
           t.t1 + "\n}\n";
  if (w.name == "softmax")
    return head + t.t2 + " {\n" + t.reduce("max", "max", "x") + init +
           t.broadcast("maxb", "max") +
           t.elementwise("d", "arith.subf", "x", "maxb", t.t2) +
           t.elementwise("e", "math.exp", "d", "", t.t2) +
           t.reduce("sum", "sum", "e") + t.broadcast("sumb", "sum") +
           t.elementwise("y", "arith.divf", "e", "sumb", t.t2) +
           "  return %y : " + t.t2 + "\n}\n";
  if (w.name == "layernorm")
    return head + t.t2 + " {\n" + centred + t.sqrtPlusEpsilon("var") +
           t.elementwise("y", "arith.divf", "d", "sdb", t.t2) +
           "  return %y : " + t.t2 + "\n}\n";
  // rmsnorm
  return head + t.t2 + " {\n" +
         t.elementwise("x2", "arith.mulf", "x", "x", t.t2) +
         t.reduce("ms", "mean", "x2") + init + t.sqrtPlusEpsilon("ms") +
         t.elementwise("y", "arith.divf", "x", "sdb", t.t2) +
         "  return %y : " + t.t2 + "\n}\n";
}

std::string fusedSumModule(const FusedWorkload &w) {
  FusedTypes t(w);
  return "func.func @main(%x: " + t.t2 + ") -> " + t.t1 + " {\n" +
         t.reduce("sum", "sum", "x") + "  return %sum : " + t.t1 + "\n}\n";
}

std::vector<Buffer> makeFusedInputs(const FusedWorkload &w) {
  std::vector<Buffer> inputs;
  for (int i = 0; i < w.inputs; ++i) {
    Buffer &input = inputs.emplace_back(
        ElementType::f32, llvm::ArrayRef<int64_t>{w.rows, w.cols});
    std::mt19937_64 rng(7 + std::hash<std::string>()(w.id) % 1000 + 1000 * i);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (float &v : input.getElements<float>())
      v = normal(rng);
  }
  return inputs;
}

//===----------------------------------------------------------------------===//
// The reference
//===----------------------------------------------------------------------===//

FusedChecker::FusedChecker(const FusedWorkload &w,
                           const std::vector<Buffer> &inputs)
    : w(w), x(static_cast<const float *>(inputs[0].getData())) {
  const float *y =
      w.inputs == 2 ? static_cast<const float *>(inputs[1].getData()) : nullptr;
  int64_t rows = w.rows, cols = w.cols;
  double n = double(cols);
  constexpr double inf = std::numeric_limits<double>::infinity();
  minimum.assign(rows, inf);
  maximum.assign(rows, -inf);
  for (auto *v : {&dot, &mean, &var, &expSum, &meanSquare, &dotTolerance,
                  &meanTolerance, &varTolerance, &meanAbs})
    v->assign(rows, 0.0);
  for (int64_t i = 0; i < rows; ++i) {
    const float *row = x + i * cols;
    double dotMagnitude = 0;
    for (int64_t j = 0; j < cols; ++j) {
      double v = row[j];
      minimum[i] = std::min(minimum[i], v);
      maximum[i] = std::max(maximum[i], v);
      mean[i] += v;
      meanAbs[i] += std::fabs(v);
      meanSquare[i] += v * v;
      if (y) {
        double p = v * double(y[i * cols + j]);
        dot[i] += p;
        dotMagnitude += std::fabs(p);
      }
    }
    mean[i] /= n;
    meanAbs[i] /= n;
    meanSquare[i] /= n;
    for (int64_t j = 0; j < cols; ++j) {
      double d = double(row[j]) - mean[i];
      var[i] += d * d;
      expSum[i] += std::exp(double(row[j]) - maximum[i]);
    }
    var[i] /= n;
    dotTolerance[i] = 1e-4 * dotMagnitude;
    meanTolerance[i] = 1e-4 * meanAbs[i];
    // A one-pass E[x^2] - mean^2 is within this too.
    varTolerance[i] = 1e-4 * meanSquare[i];
  }
}

/// The description of a result that fails its check.
static std::string inaccurate(int64_t at, double value, double reference) {
  char text[128];
  std::snprintf(text, sizeof(text), "INACCURATE at %lld: %.9g, reference %.9g",
                static_cast<long long>(at), value, reference);
  return text;
}

std::string FusedChecker::checkSum(const float *got) const {
  double n = double(w.cols);
  for (int64_t i = 0; i < w.rows; ++i)
    if (!(std::fabs(got[i] - mean[i] * n) <= meanTolerance[i] * n))
      return inaccurate(i, got[i], mean[i] * n);
  return "";
}

std::string FusedChecker::check(unsigned index, const float *got) const {
  // Per-row results.
  if (w.results[index].size() == 1) {
    for (int64_t i = 0; i < w.rows; ++i) {
      double value = got[i], reference, tolerance;
      if (w.name == "minmax") {
        reference = index == 0 ? minimum[i] : maximum[i];
        tolerance = 0;
      } else if (w.name == "dot") {
        reference = dot[i];
        tolerance = dotTolerance[i];
      } else {
        reference = index == 0 ? mean[i] : var[i];
        tolerance = index == 0 ? meanTolerance[i] : varTolerance[i];
      }
      if (!(std::fabs(value - reference) <= tolerance))
        return inaccurate(i, value, reference);
    }
    return "";
  }
  // Elementwise results: the f64 formula on x and the row's statistics.
  for (int64_t i = 0; i < w.rows; ++i) {
    double sd = std::sqrt(var[i] + kNormEpsilon);
    double rms = std::sqrt(meanSquare[i] + kNormEpsilon);
    for (int64_t j = 0; j < w.cols; ++j) {
      int64_t at = i * w.cols + j;
      double v = x[at], value = got[at], reference, tolerance;
      if (w.name == "softmax") {
        reference = std::exp(v - maximum[i]) / expSum[i];
        tolerance = 1e-4 * reference + 1e-12;
      } else if (w.name == "layernorm") {
        reference = (v - mean[i]) / sd;
        tolerance =
            1e-4 * (meanAbs[i] / sd + std::fabs(reference) * meanSquare[i] /
                                          (var[i] + kNormEpsilon)) +
            std::ldexp(std::fabs(reference), -20);
      } else {
        reference = v / rms;
        tolerance = 1e-4 * std::fabs(reference) + 1e-7;
      }
      if (!(std::fabs(value - reference) <= tolerance))
        return inaccurate(at, value, reference);
    }
  }
  return "";
}

} // namespace bench
