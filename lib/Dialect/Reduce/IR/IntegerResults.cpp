//===- IntegerResults.cpp - Float results of integer reductions -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/IntegerResults.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace mlir::reduce;

Value mlir::reduce::createSaturatingFloatToInt(OpBuilder &b, Location loc,
                                               Value value,
                                               IntegerType intType,
                                               bool isUnsigned,
                                               IntRounding rounding) {
  unsigned width = intType.getWidth();
  Type floatType = value.getType();
  Value rounded =
      rounding == IntRounding::nearest_even
          ? math::RoundEvenOp::create(b, loc, value).getResult()
          : math::TruncOp::create(b, loc, value).getResult();
  auto floatConstant = [&](double constant) {
    return arith::ConstantOp::create(b, loc,
                                     b.getFloatAttr(floatType, constant));
  };
  auto intConstant = [&](const APInt &constant) {
    return arith::ConstantOp::create(b, loc,
                                     b.getIntegerAttr(intType, constant));
  };
  // The bounds are powers of two, exact in every float type that holds
  // them; `arith.fptosi`/`fptoui` give poison outside them, which the
  // selects below never pick.
  double upper = std::ldexp(1.0, isUnsigned ? width : width - 1);
  double lower = isUnsigned ? 0.0 : -std::ldexp(1.0, width - 1);
  Value converted =
      isUnsigned
          ? arith::FPToUIOp::create(b, loc, intType, rounded).getResult()
          : arith::FPToSIOp::create(b, loc, intType, rounded).getResult();
  Value tooHigh = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE,
                                        rounded, floatConstant(upper));
  Value tooLow = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                       rounded, floatConstant(lower));
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                      rounded, rounded);
  Value result = arith::SelectOp::create(
      b, loc, tooHigh,
      intConstant(isUnsigned ? APInt::getMaxValue(width)
                             : APInt::getSignedMaxValue(width)),
      converted);
  result = arith::SelectOp::create(
      b, loc, tooLow,
      intConstant(isUnsigned ? APInt::getMinValue(width)
                             : APInt::getSignedMinValue(width)),
      result);
  return arith::SelectOp::create(b, loc, isNaN,
                                 intConstant(APInt::getZero(width)), result);
}
