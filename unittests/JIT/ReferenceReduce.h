//===- ReferenceReduce.h - Independent reference reductions -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A plain C++ implementation of ReduceSum / ReduceL1 / ReduceMin, written
// from the OpenVINO/ONNX specifications and sharing no code with the
// compiler (it does not include any reduce dialect header). The differential
// tester compares JIT results against it.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_UNITTESTS_JIT_REFERENCEREDUCE_H
#define REDUCE_UNITTESTS_JIT_REFERENCEREDUCE_H

#include "reduce/Runtime/Buffer.h"

#include <string>
#include <vector>

namespace reference {

enum class Op { sum, l1, min };

/// One reduction: op, axes (any spelling: negative, unsorted), keep_dims,
/// and for min whether NaNs are ignored.
struct Reduction {
  Op op;
  std::vector<int64_t> axes;
  bool keepDims = false;
  bool ignoreNaN = false;
};

/// Expected value of one output element.
struct Expected {
  /// Exact integer result (two's complement bits, zero-extended), or the
  /// exact min, or for float sums the sum computed in long double.
  long double value = 0;
  uint64_t bits = 0;
  /// For float sum/l1: the sum of |x| (for the error bound) and the number
  /// of terms.
  long double absSum = 0;
  int64_t terms = 0;
  bool isNaN = false;
};

/// The shape of the result.
std::vector<int64_t> resultShape(const std::vector<int64_t> &shape,
                                 const Reduction &reduction);

/// Computes the expected output elements of `reduction` on `input`.
std::vector<Expected> reduce(const mlir::reduce::Buffer &input,
                             const Reduction &reduction);

/// Compares output element `got` (raw element bits, widened) with `expected`.
/// Integers and min must match exactly (NaN matches NaN); float sums must lie
/// within the order-independent bound
///   |got - exact| <= gamma(terms - 1) * absSum + u_out * |exact|
/// with gamma(k) = k*u / (1 - k*u), u the unit roundoff of the accumulation
/// type (f32 for f16/bf16/f32, f64 for f64) and u_out the unit roundoff of
/// the element type when it is narrower than the accumulator (one final
/// rounding). Returns an empty string when they agree, else a description.
std::string compare(mlir::reduce::ElementType type, Op op,
                    const Expected &expected, const void *data, int64_t index);

} // namespace reference

#endif // REDUCE_UNITTESTS_JIT_REFERENCEREDUCE_H
