//===- RandomInputs.cpp - Random differential-test cases --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "RandomInputs.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace mlir::reduce;

namespace reference {

uint64_t envOr(const char *name, uint64_t fallback) {
  const char *value = std::getenv(name);
  return value ? std::strtoull(value, nullptr, 10) : fallback;
}

llvm::ArrayRef<mlir::reduce::ElementType> getReducibleElementTypes() {
  static const std::vector<mlir::reduce::ElementType> types = [] {
    std::vector<mlir::reduce::ElementType> all;
    for (mlir::reduce::ElementType type : mlir::reduce::getAllElementTypes())
      if (!mlir::reduce::isBool(type))
        all.push_back(type);
    return all;
  }();
  return types;
}

mlir::reduce::ElementType randomElementType(std::mt19937_64 &rng, Op op) {
  static const mlir::reduce::ElementType floatTypes[] = {
      mlir::reduce::ElementType::f16, mlir::reduce::ElementType::bf16,
      mlir::reduce::ElementType::f32, mlir::reduce::ElementType::f64};
  if (isFloatOnly(op))
    return floatTypes[rng() % std::size(floatTypes)];
  llvm::ArrayRef<mlir::reduce::ElementType> types = getReducibleElementTypes();
  return types[rng() % types.size()];
}

const char *opName(reference::Op op) {
  return mlir::reduce::stringifyReductionKind(op).data();
}

std::string tensorType(const std::vector<int64_t> &shape,
                       const std::vector<bool> &dynamic, ElementType type) {
  std::string text = "tensor<";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (dynamic[i] ? std::string("?") : std::to_string(shape[i])) + "x";
  return text + getMlirName(type).str() + ">";
}

std::vector<int64_t> randomShape(std::mt19937_64 &rng,
                                 const std::vector<int64_t> &sizes,
                                 unsigned rank, int64_t maxElements) {
  std::vector<int64_t> shape;
  do {
    shape.clear();
    for (unsigned i = 0; i < rank; ++i)
      shape.push_back(sizes[rng() % sizes.size()]);
  } while (getNumElements(shape).value_or(0) > maxElements);
  return shape;
}

std::vector<bool> randomDynamic(std::mt19937_64 &rng, unsigned rank,
                                double anyDynamic, double eachDynamic) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  bool any = unit(rng) < anyDynamic;
  std::vector<bool> dynamic;
  for (unsigned i = 0; i < rank; ++i)
    dynamic.push_back(any && unit(rng) < eachDynamic);
  return dynamic;
}

void fillInput(Buffer &buffer, std::mt19937_64 &rng) {
  ElementType type = buffer.getElementType();
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<uint64_t> anyBits;
  bool special = unit(rng) < 0.3;
  bool fullRange = unit(rng) < 0.5;
  unsigned bits = 8 * getByteWidth(type);
  uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i) {
    if (isFloat(type)) {
      double value = normal(rng);
      if (special && unit(rng) < 0.03) {
        const double specials[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0};
        value = specials[rng() % 5];
      }
      storeDouble(type, buffer.getData(), i, value);
      continue;
    }
    uint64_t value = fullRange ? anyBits(rng) & mask : rng() % 201;
    if (!fullRange && !isUnsigned(type))
      value = static_cast<uint64_t>(static_cast<int64_t>(value) - 100) & mask;
    if (special && unit(rng) < 0.05) {
      uint64_t signBit = uint64_t(1) << (bits - 1);
      const uint64_t extremes[] = {signBit, signBit - 1, mask, 0, 1};
      value = extremes[rng() % 5];
    }
    std::memcpy(static_cast<char *>(buffer.getData()) + i * getByteWidth(type),
                &value, getByteWidth(type));
  }
}

void adaptInput(Buffer &buffer, std::mt19937_64 &rng, Op op,
                int64_t reducedExtent) {
  ElementType type = buffer.getElementType();
  void *data = buffer.getData();
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int64_t size = buffer.getNumElements();
  if (op == Op::prod && isFloat(type)) {
    // About 24 factors of each product are not +-1: their magnitudes,
    // 2^[-1.5, 1.5], keep every partial product in range.
    double notUnit = std::min(1.0, 24.0 / std::max<int64_t>(reducedExtent, 1));
    for (int64_t i = 0; i < size; ++i) {
      double value = loadAsDouble(type, data, i);
      if (!std::isfinite(value) || value == 0)
        continue;
      double magnitude =
          unit(rng) < notUnit ? std::exp2(3 * unit(rng) - 1.5) : 1.0;
      storeDouble(type, data, i, std::copysign(magnitude, value));
    }
  } else if (op == Op::prod) {
    // Mostly odd factors: a product of even ones soon wraps to 0.
    size_t width = getByteWidth(type);
    for (int64_t i = 0; i < size; ++i)
      if (unit(rng) < 0.9)
        static_cast<unsigned char *>(data)[i * width] |= 1;
  } else if ((op == Op::min || op == Op::max) && isFloat(type) &&
             unit(rng) < 0.35) {
    // Signed zeros at the extreme: every value on the far side of 0 (>= 0
    // for min, <= 0 for max) and a fifth of them +0.0 or -0.0.
    for (int64_t i = 0; i < size; ++i) {
      double value = std::fabs(loadAsDouble(type, data, i));
      if (unit(rng) < 0.2)
        value = unit(rng) < 0.5 ? 0.0 : -0.0;
      else if (op == Op::max)
        value = -value;
      storeDouble(type, data, i, value);
    }
  } else if (op == Op::log_sum && unit(rng) < 0.8) {
    // Mostly positive sums (the log of a negative one is NaN).
    for (int64_t i = 0; i < size; ++i)
      storeDouble(type, data, i, std::fabs(loadAsDouble(type, data, i)));
  } else if (op == Op::log_sum_exp && unit(rng) < 0.3) {
    // Values whose exp overflows without the shift.
    for (int64_t i = 0; i < size; ++i)
      storeDouble(type, data, i, 300 * loadAsDouble(type, data, i));
  }
}

} // namespace reference
