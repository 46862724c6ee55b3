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

bool isFloatOnly(Op op) {
  return op == Op::l2 || op == Op::log_sum || op == Op::log_sum_exp;
}

bool hasNanMode(Op op) { return op == Op::min || op == Op::max; }

/// The float reductions of one output: the values of its reduced set, in
/// row-major order.
static Expected reduceFloats(const std::vector<long double> &xs,
                             const Reduction &reduction) {
  constexpr long double inf = std::numeric_limits<long double>::infinity();
  Expected e;
  e.terms = static_cast<int64_t>(xs.size());
  bool nan = false, posInf = false, negInf = false;
  for (long double x : xs) {
    nan |= std::isnan(x);
    posInf |= x == inf;
    negInf |= x == -inf;
  }
  switch (reduction.op) {
  case Op::min:
  case Op::max: {
    bool isMin = reduction.op == Op::min;
    bool seenValue = false;
    // The identity: +inf for min, -inf for max.
    e.value = isMin ? inf : -inf;
    for (long double x : xs) {
      if (std::isnan(x))
        continue;
      // -0.0 < +0.0 in this order.
      bool better =
          isMin ? (x < e.value || (x == e.value && std::signbit(x)))
                : (x > e.value || (x == e.value && !std::signbit(x)));
      if (!seenValue || better)
        e.value = x;
      seenValue = true;
    }
    e.isNaN = nan && (!reduction.ignoreNaN || !seenValue);
    return e;
  }
  case Op::sum:
  case Op::l1:
  case Op::mean:
  case Op::log_sum: {
    bool abs = reduction.op == Op::l1;
    for (long double x : xs) {
      if (abs)
        x = std::fabs(x);
      if (std::isfinite(x)) {
        e.sum += x;
        e.absSum += std::fabs(x);
      }
    }
    if (abs) {
      posInf |= negInf;
      negInf = false;
    }
    e.isNaN = nan || (posInf && negInf);
    long double sum = posInf ? inf : negInf ? -inf : e.sum;
    switch (reduction.op) {
    case Op::mean:
      // The mean of an empty set is 0 / 0.
      e.isNaN |= xs.empty();
      e.value = xs.empty() ? 0 : sum / static_cast<long double>(xs.size());
      break;
    case Op::log_sum:
      // log(-inf) is NaN; log(+0) (an empty set too) is -inf; the log of a
      // negative sum is NaN (left in `value`: compare decides whether
      // roundoff can change the sign of the sum).
      e.isNaN |= negInf;
      e.value = std::isinf(sum) ? sum : sum == 0 ? -inf : std::log(sum);
      break;
    default:
      e.value = sum;
      break;
    }
    return e;
  }
  case Op::sum_square:
  case Op::l2:
    for (long double x : xs)
      if (std::isfinite(x))
        e.sum += x * x;
    e.absSum = e.sum;
    e.isNaN = nan;
    e.value = posInf || negInf ? inf : e.sum;
    if (reduction.op == Op::l2 && !std::isinf(e.value))
      e.value = std::sqrt(e.value);
    return e;
  case Op::prod: {
    bool zero = false, negative = false;
    long double product = 1;
    for (long double x : xs) {
      negative ^= static_cast<bool>(std::signbit(x));
      zero |= x == 0;
      if (!std::isfinite(x) || x == 0)
        continue;
      product *= std::fabs(x);
      long double magnitude = std::log2(std::fabs(x));
      (magnitude >= 0 ? e.log2Largest : e.log2Smallest) += magnitude;
    }
    // 0 * inf is NaN; the sign is the product of the signs, zeros and
    // infinities included.
    e.isNaN = nan || (zero && (posInf || negInf));
    e.value = posInf || negInf ? inf : zero ? 0 : product;
    if (negative)
      e.value = -e.value;
    return e;
  }
  case Op::log_sum_exp: {
    e.isNaN = nan;
    long double max = -inf;
    for (long double x : xs)
      max = std::fmax(max, x);
    // An empty set and all -inf give -inf; a +inf gives +inf.
    if (nan || std::isinf(max)) {
      e.value = max;
      return e;
    }
    e.shift = max;
    for (long double x : xs) {
      long double term = std::exp(x - max);
      e.expSum += term;
      // (A -inf term is 0: its weight too, not 0 * inf.)
      if (term != 0)
        e.expWeighted += term * std::fabs(x - max);
    }
    e.value = std::log(e.expSum) + max;
    return e;
  }
  case Op::logical_and:
  case Op::logical_or:
    // Not covered (see the header).
    break;
  }
  return e;
}

/// The integer reductions of one output: the raw bits of its reduced set,
/// zero-extended, in row-major order.
static uint64_t reduceIntegers(const std::vector<uint64_t> &xs, Op op,
                               ElementType type) {
  unsigned width = bitWidth(type);
  bool isUnsigned = isUnsignedType(type);
  // Two's complement, modulo 2^64, truncated at the end.
  uint64_t acc = op == Op::prod ? 1 : 0;
  int64_t signedMin = std::numeric_limits<int64_t>::max();
  int64_t signedMax = std::numeric_limits<int64_t>::min();
  uint64_t unsignedMin = std::numeric_limits<uint64_t>::max();
  uint64_t unsignedMax = 0;
  for (uint64_t bits : xs) {
    int64_t s = signExtend(bits, width);
    uint64_t value = isUnsigned ? bits : static_cast<uint64_t>(s);
    switch (op) {
    case Op::sum:
      acc += value;
      break;
    case Op::l1:
      // |x| modulo 2^width: the negation of INT_MIN is INT_MIN once
      // truncated. Unsigned values are their own magnitude.
      acc += !isUnsigned && s < 0 ? uint64_t(0) - value : value;
      break;
    case Op::sum_square:
      acc += value * value;
      break;
    case Op::prod:
      acc *= value;
      break;
    case Op::min:
    case Op::max:
      signedMin = std::min(signedMin, s);
      signedMax = std::max(signedMax, s);
      unsignedMin = std::min(unsignedMin, bits);
      unsignedMax = std::max(unsignedMax, bits);
      break;
    default:
      break;
    }
  }
  uint64_t signBit = uint64_t(1) << (width - 1);
  switch (op) {
  case Op::min:
    // The identity is the largest value of the type.
    if (xs.empty())
      return truncate(isUnsigned ? ~uint64_t(0) : signBit - 1, width);
    return truncate(isUnsigned ? unsignedMin : static_cast<uint64_t>(signedMin),
                    width);
  case Op::max:
    // The identity is the lowest value of the type.
    if (xs.empty())
      return isUnsigned ? 0 : signBit;
    return truncate(isUnsigned ? unsignedMax : static_cast<uint64_t>(signedMax),
                    width);
  case Op::mean: {
    // The exact sum (on 128 bits) divided truncating toward zero (as C++
    // divides); 0 for an empty set.
    if (xs.empty())
      return 0;
    __int128 sum = 0;
    for (uint64_t bits : xs)
      sum += isUnsigned ? static_cast<__int128>(bits)
                        : static_cast<__int128>(signExtend(bits, width));
    return truncate(
        static_cast<uint64_t>(sum / static_cast<__int128>(xs.size())), width);
  }
  default:
    return truncate(acc, width);
  }
}

std::vector<Expected> reduce(const mlir::reduce::Buffer &input,
                             const Reduction &reduction) {
  std::vector<int64_t> shape(input.getShape().begin(), input.getShape().end());
  size_t rank = shape.size();
  std::vector<bool> reduced = reducedDims(rank, reduction.axes);
  ElementType type = input.getElementType();
  bool isFloat = isFloatType(type);

  // Row-major strides of the output over the kept dims.
  std::vector<int64_t> outStride(rank, 0);
  int64_t numOutputs = 1;
  for (size_t i = rank; i-- > 0;) {
    if (reduced[i])
      continue;
    outStride[i] = numOutputs;
    numOutputs *= shape[i];
  }

  // The reduced set of each output, in row-major order.
  std::vector<std::vector<long double>> floats(isFloat ? numOutputs : 0);
  std::vector<std::vector<uint64_t>> integers(isFloat ? 0 : numOutputs);
  std::vector<int64_t> index(rank, 0);
  int64_t total = input.getNumElements();
  for (int64_t linear = 0; linear < total; ++linear) {
    int64_t o = 0;
    for (size_t d = 0; d < rank; ++d)
      o += index[d] * outStride[d];
    uint64_t bits = rawBits(type, input.getData(), linear);
    if (isFloat)
      floats[o].push_back(toLongDouble(type, bits));
    else
      integers[o].push_back(bits);
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }

  std::vector<Expected> out(numOutputs);
  for (int64_t o = 0; o < numOutputs; ++o) {
    if (isFloat) {
      out[o] = reduceFloats(floats[o], reduction);
      continue;
    }
    out[o].terms = static_cast<int64_t>(integers[o].size());
    out[o].bits = reduceIntegers(integers[o], reduction.op, type);
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
/// The smallest subnormal of the accumulation type.
static long double accumulationTiny(ElementType type) {
  return std::ldexp(1.0L, type == ElementType::f64 ? -1074 : -149);
}
/// Half the smallest subnormal of a narrower element type (the absolute
/// error of rounding into its subnormal range), else 0.
static long double outputTinyHalf(ElementType type) {
  switch (type) {
  case ElementType::f16:
    return std::ldexp(1.0L, -25);
  case ElementType::bf16:
    return std::ldexp(1.0L, -134);
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
/// log2 of the largest finite value and of the smallest normal of the
/// accumulation type.
static long double log2AccumulationMax(ElementType type) {
  return type == ElementType::f64 ? 1024 : 128;
}
static long double log2AccumulationMinNormal(ElementType type) {
  return type == ElementType::f64 ? -1022 : -126;
}

static long double gamma(long double k, long double u) {
  return k <= 0 ? 0 : k * u / (1 - k * u);
}

/// The ulps of the accumulator the compiled exp and log may be off by.
static constexpr long double kTranscendentalUlps = 4;

/// Checks that `got` lies in [lo, hi], or is an infinity of the right sign
/// past the largest finite value of `type`.
static std::string checkInterval(ElementType type, long double got,
                                 long double lo, long double hi,
                                 const Expected &expected) {
  if (got >= lo && got <= hi)
    return "";
  long double limit = largestFinite(type);
  if ((got == std::numeric_limits<long double>::infinity() && hi >= limit) ||
      (got == -std::numeric_limits<long double>::infinity() && lo <= -limit))
    return "";
  std::ostringstream message;
  message.precision(21);
  message << "got " << got << ", expected " << expected.value << " in ["
          << lo << ", " << hi << "] (terms " << expected.terms << ")";
  return message.str();
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
  long double u = accumulationRoundoff(type);
  long double uOut = outputRoundoff(type);
  long double tiny = accumulationTiny(type);
  long double tinyOut = outputTinyHalf(type);
  long double n = static_cast<long double>(expected.terms);

  // A product whose partial products can overflow or underflow has no
  // order-independent bound.
  if (op == Op::prod && !expected.isNaN &&
      (expected.log2Largest + 1 >= log2AccumulationMax(type) ||
       expected.log2Smallest - 1 <= log2AccumulationMinNormal(type)))
    return "";

  // log_sum of a sum that roundoff may make non-positive.
  // (Without a non-zero term nothing rounds: a sum of zeros is +0.0.)
  long double sumBound =
      expected.absSum == 0
          ? 0
          : gamma(n - 1, u) * expected.absSum +
                std::max<long double>(n - 1, 0) * tiny;
  if (op == Op::log_sum && !expected.isNaN &&
      expected.value != std::numeric_limits<long double>::infinity() &&
      sumBound > 0 && expected.sum - sumBound <= 0) {
    long double hi = expected.sum + sumBound;
    if (hi < 0) {
      if (std::isnan(got))
        return "";
      message << "got " << got << ", expected nan (sum " << expected.sum
              << " +- " << sumBound << ")";
      return message.str();
    }
    if (std::isnan(got) || got == -std::numeric_limits<long double>::infinity())
      return "";
    long double logHi = std::log(hi);
    long double slack = kTranscendentalUlps * u * std::fabs(logHi) + u;
    long double negInf = -std::numeric_limits<long double>::infinity();
    return checkInterval(
        type, got, negInf,
        logHi + slack + uOut * (std::fabs(logHi) + slack) + tinyOut,
        expected);
  }

  // The log of an exactly negative sum is NaN too.
  bool expectNaN = expected.isNaN || std::isnan(expected.value);
  if (expectNaN || std::isnan(got)) {
    if (expectNaN && std::isnan(got))
      return "";
    message << "got " << got << ", expected "
            << (expectNaN ? "nan" : "a number: ") << expected.value;
    return message.str();
  }
  if (op == Op::min || op == Op::max || std::isinf(expected.value)) {
    bool same = got == expected.value &&
                std::signbit(got) == std::signbit(expected.value);
    if (same)
      return "";
    message << "got " << got << ", expected exactly " << expected.value;
    return message.str();
  }
  // Signs that no rounding changes.
  bool signMatters = op == Op::prod || op == Op::l2 || op == Op::sum_square;
  if (signMatters && std::signbit(got) != std::signbit(expected.value)) {
    message << "got " << got << ", expected " << expected.value
            << " (the sign differs)";
    return message.str();
  }

  long double value = expected.value;
  switch (op) {
  case Op::sum:
  case Op::l1: {
    long double bound = sumBound + uOut * std::fabs(value) + tinyOut;
    return checkInterval(type, got, value - bound, value + bound, expected);
  }
  case Op::mean: {
    long double bound = sumBound / n +
                        2 * u * (std::fabs(expected.sum) + sumBound) / n +
                        tiny;
    bound += uOut * (std::fabs(value) + bound) + tinyOut;
    return checkInterval(type, got, value - bound, value + bound, expected);
  }
  case Op::sum_square: {
    long double bound = gamma(n, u) * expected.sum + n * tiny;
    bound += uOut * (value + bound) + tinyOut;
    return checkInterval(type, got, value - bound, value + bound, expected);
  }
  case Op::l2: {
    long double squares = gamma(n, u) * expected.sum + n * tiny;
    long double lo =
        std::sqrt(std::max<long double>(expected.sum - squares, 0));
    long double hi = std::sqrt(expected.sum + squares);
    long double slack = u * hi + tiny;
    slack += uOut * (hi + slack) + tinyOut;
    return checkInterval(type, got, lo - slack, hi + slack, expected);
  }
  case Op::prod: {
    long double bound = (gamma(n - 1, u) + n * std::ldexp(1.0L, -63)) *
                        std::fabs(value);
    bound += uOut * (std::fabs(value) + bound) + tinyOut;
    return checkInterval(type, got, value - bound, value + bound, expected);
  }
  case Op::log_sum: {
    long double lo = std::log(expected.sum - sumBound);
    long double hi = std::log(expected.sum + sumBound);
    long double magnitude = std::max(std::fabs(lo), std::fabs(hi));
    long double slack = kTranscendentalUlps * u * magnitude + u + tiny;
    slack += uOut * (magnitude + slack) + tinyOut;
    return checkInterval(type, got, lo - slack, hi + slack, expected);
  }
  case Op::log_sum_exp: {
    long double e = expected.expSum;
    long double terms = u * (expected.expWeighted + kTranscendentalUlps * e) +
                        n * tiny;
    long double g = gamma(n - 1, u);
    long double lo = std::log((e - terms) * (1 - g));
    long double hi = std::log((e + terms) * (1 + g));
    long double magnitude = std::max(std::fabs(lo), std::fabs(hi));
    long double slack = kTranscendentalUlps * u * magnitude + u +
                        u * (std::fabs(expected.shift) + magnitude) + tiny;
    slack += uOut * (std::fabs(expected.shift) + magnitude + slack) + tinyOut;
    return checkInterval(type, got, expected.shift + lo - slack,
                         expected.shift + hi + slack, expected);
  }
  case Op::min:
  case Op::max:
  case Op::logical_and:
  case Op::logical_or:
    break;
  }
  return "";
}

} // namespace reference
