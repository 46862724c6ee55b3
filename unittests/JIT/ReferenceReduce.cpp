//===- ReferenceReduce.cpp - Independent reference reductions ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ReferenceReduce.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

using mlir::reduce::ElementType;

namespace reference {

static std::vector<bool> reducedDims(size_t rank,
                                     const std::vector<int64_t> &axes) {
  std::vector<bool> reduced(rank, false);
  for (int64_t axis : axes)
    reduced[axis < 0 ? axis + static_cast<int64_t>(rank) : axis] = true;
  return reduced;
}

std::vector<int64_t> resultShape(const std::vector<int64_t> &shape,
                                 const Reduction &reduction) {
  std::vector<bool> reduced = reducedDims(shape.size(), reduction.axes);
  std::vector<int64_t> result;
  for (size_t dim = 0; dim < shape.size(); ++dim) {
    if (!reduced[dim])
      result.push_back(shape[dim]);
    else if (reduction.keepDims)
      result.push_back(1);
  }
  return result;
}

static unsigned bitWidth(ElementType type) {
  return 8 * mlir::reduce::getByteWidth(type);
}

static uint64_t truncate(uint64_t value, unsigned width) {
  return width == 64 ? value : value & ((uint64_t(1) << width) - 1);
}

/// Raw bits of element `index`, zero-extended.
static uint64_t rawBits(ElementType type, const void *data, int64_t index) {
  uint64_t bits = 0;
  size_t width = mlir::reduce::getByteWidth(type);
  std::memcpy(&bits, static_cast<const char *>(data) + index * width, width);
  return bits;
}

/// Sign-extends `bits` of `width` bits.
static int64_t signExtend(uint64_t bits, unsigned width) {
  if (width == 64)
    return static_cast<int64_t>(bits);
  uint64_t sign = uint64_t(1) << (width - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

/// Decodes an IEEE binary format with `exponentBits` and `mantissaBits` into
/// a long double, exactly (all formats here fit).
static long double decodeFloat(uint64_t bits, int exponentBits,
                               int mantissaBits) {
  uint64_t mantissa = bits & ((uint64_t(1) << mantissaBits) - 1);
  uint64_t exponent = (bits >> mantissaBits) & ((uint64_t(1) << exponentBits) - 1);
  bool negative = (bits >> (mantissaBits + exponentBits)) & 1;
  int bias = (1 << (exponentBits - 1)) - 1;
  long double value;
  if (exponent == (uint64_t(1) << exponentBits) - 1)
    value = mantissa ? std::numeric_limits<long double>::quiet_NaN()
                     : std::numeric_limits<long double>::infinity();
  else if (exponent == 0)
    value = std::ldexp(static_cast<long double>(mantissa),
                       1 - bias - mantissaBits);
  else
    value = std::ldexp(static_cast<long double>(mantissa |
                                                (uint64_t(1) << mantissaBits)),
                       static_cast<int>(exponent) - bias - mantissaBits);
  return negative ? -value : value;
}

static long double toLongDouble(ElementType type, uint64_t bits) {
  switch (type) {
  case ElementType::f16:
    return decodeFloat(bits, 5, 10);
  case ElementType::bf16:
    return decodeFloat(bits, 8, 7);
  case ElementType::f32:
    return decodeFloat(bits, 8, 23);
  case ElementType::f64:
    return decodeFloat(bits, 11, 52);
  default:
    return 0;
  }
}

static bool isFloatType(ElementType type) {
  return type == ElementType::f16 || type == ElementType::bf16 ||
         type == ElementType::f32 || type == ElementType::f64;
}

static bool isUnsignedType(ElementType type) {
  return type == ElementType::u8 || type == ElementType::u16 ||
         type == ElementType::u32 || type == ElementType::u64;
}

std::vector<Expected> reduce(const mlir::reduce::Buffer &input,
                             const Reduction &reduction) {
  std::vector<int64_t> shape(input.getShape().begin(), input.getShape().end());
  size_t rank = shape.size();
  std::vector<bool> reduced = reducedDims(rank, reduction.axes);
  ElementType type = input.getElementType();
  unsigned width = bitWidth(type);

  // Row-major strides of the output over the kept dims.
  std::vector<int64_t> outStride(rank, 0);
  int64_t numOutputs = 1;
  for (size_t i = rank; i-- > 0;) {
    if (reduced[i])
      continue;
    outStride[i] = numOutputs;
    numOutputs *= shape[i];
  }

  std::vector<Expected> out(numOutputs);
  std::vector<bool> seenValue(numOutputs, false);
  std::vector<bool> seenNaN(numOutputs, false);
  std::vector<bool> seenPosInf(numOutputs, false), seenNegInf(numOutputs, false);
  // Integer accumulators (two's complement, modulo 2^64, truncated at end).
  std::vector<uint64_t> intAcc(numOutputs, 0);
  std::vector<int64_t> signedMin(numOutputs, std::numeric_limits<int64_t>::max());
  std::vector<uint64_t> unsignedMin(numOutputs, std::numeric_limits<uint64_t>::max());
  std::vector<uint64_t> floatMinBits(numOutputs, 0);

  std::vector<int64_t> index(rank, 0);
  int64_t total = input.getNumElements();
  for (int64_t linear = 0; linear < total; ++linear) {
    int64_t o = 0;
    for (size_t d = 0; d < rank; ++d)
      o += index[d] * outStride[d];
    uint64_t bits = rawBits(type, input.getData(), linear);
    Expected &e = out[o];
    if (isFloatType(type)) {
      long double x = toLongDouble(type, bits);
      if (reduction.op == Op::min) {
        if (std::isnan(x)) {
          seenNaN[o] = true;
        } else if (!seenValue[o] || x < e.value ||
                   (x == 0 && e.value == 0 && std::signbit(x) &&
                    !std::signbit(e.value))) {
          e.value = x;
          floatMinBits[o] = bits;
        }
        if (!std::isnan(x))
          seenValue[o] = true;
      } else {
        if (reduction.op == Op::l1)
          x = std::fabs(x);
        if (std::isnan(x))
          seenNaN[o] = true;
        else if (std::isinf(x))
          (x > 0 ? seenPosInf : seenNegInf)[o] = true;
        else {
          e.value += x;
          e.absSum += std::fabs(x);
        }
        ++e.terms;
      }
    } else {
      bool isUnsigned = isUnsignedType(type);
      int64_t s = signExtend(bits, width);
      switch (reduction.op) {
      case Op::sum:
        intAcc[o] += isUnsigned ? bits : static_cast<uint64_t>(s);
        break;
      case Op::l1:
        // |x| modulo 2^width: the negation of INT_MIN is INT_MIN once
        // truncated. Unsigned values are their own magnitude.
        intAcc[o] += isUnsigned ? bits
                     : s < 0    ? uint64_t(0) - static_cast<uint64_t>(s)
                                : static_cast<uint64_t>(s);
        break;
      case Op::min:
        if (isUnsigned)
          unsignedMin[o] = std::min(unsignedMin[o], bits);
        else
          signedMin[o] = std::min(signedMin[o], s);
        break;
      }
    }
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }

  for (int64_t o = 0; o < numOutputs; ++o) {
    Expected &e = out[o];
    if (isFloatType(type)) {
      if (reduction.op == Op::min) {
        bool nan = seenNaN[o] && (!reduction.ignoreNaN || !seenValue[o]);
        e.isNaN = nan;
        if (!nan && !seenValue[o])
          e.value = std::numeric_limits<long double>::infinity();
      } else {
        bool nan = seenNaN[o] || (seenPosInf[o] && seenNegInf[o]);
        e.isNaN = nan;
        if (!nan && seenPosInf[o])
          e.value = std::numeric_limits<long double>::infinity();
        if (!nan && seenNegInf[o])
          e.value = -std::numeric_limits<long double>::infinity();
      }
    } else if (reduction.op == Op::min) {
      e.bits = isUnsignedType(type)
                   ? truncate(unsignedMin[o], width)
                   : truncate(static_cast<uint64_t>(signedMin[o]), width);
      if (!isUnsignedType(type) && signedMin[o] == std::numeric_limits<int64_t>::max())
        e.bits = truncate((uint64_t(1) << (width - 1)) - 1, width);
    } else {
      e.bits = truncate(intAcc[o], width);
    }
  }
  return out;
}

/// Unit roundoff of the accumulation type and of the element type.
static long double accumulationRoundoff(ElementType type) {
  return type == ElementType::f64 ? std::ldexp(1.0L, -53) : std::ldexp(1.0L, -24);
}
static long double outputRoundoff(ElementType type) {
  switch (type) {
  case ElementType::f16:
    return std::ldexp(1.0L, -11);
  case ElementType::bf16:
    return std::ldexp(1.0L, -8);
  default:
    return 0;
  }
}
static long double largestFinite(ElementType type) {
  switch (type) {
  case ElementType::f16:
    return 65504.0L;
  case ElementType::bf16:
    return std::ldexp(255.0L, 120);
  case ElementType::f32:
    return std::numeric_limits<float>::max();
  default:
    return std::numeric_limits<double>::max();
  }
}

std::string compare(ElementType type, Op op, const Expected &expected,
                    const void *data, int64_t index) {
  std::ostringstream message;
  uint64_t bits = rawBits(type, data, index);
  if (!isFloatType(type)) {
    if (bits == expected.bits)
      return "";
    message << "got bits 0x" << std::hex << bits << ", expected 0x"
            << expected.bits;
    return message.str();
  }
  long double got = toLongDouble(type, bits);
  message.precision(21);
  if (expected.isNaN || std::isnan(got)) {
    if (expected.isNaN && std::isnan(got))
      return "";
    message << "got " << got << ", expected "
            << (expected.isNaN ? "nan" : "a number: ") << expected.value;
    return message.str();
  }
  if (op == Op::min || std::isinf(expected.value)) {
    bool same = got == expected.value &&
                std::signbit(got) == std::signbit(expected.value);
    if (same)
      return "";
    message << "got " << got << ", expected exactly " << expected.value;
    return message.str();
  }
  long double u = accumulationRoundoff(type);
  long double k = static_cast<long double>(std::max<int64_t>(expected.terms - 1, 0));
  long double gamma = k * u / (1 - k * u);
  long double bound = gamma * expected.absSum +
                      outputRoundoff(type) * std::fabs(expected.value) +
                      // Gradual underflow of the accumulator.
                      k * std::ldexp(1.0L, type == ElementType::f64 ? -1074 : -149);
  if (std::isinf(got) && std::fabs(expected.value) + bound >= largestFinite(type))
    return "";
  if (std::fabs(got - expected.value) <= bound)
    return "";
  message << "got " << got << ", expected " << expected.value << " +- "
          << bound << " (terms " << expected.terms << ", sum|x| "
          << expected.absSum << ")";
  return message.str();
}

} // namespace reference
