//===- IntegerDivision.cpp - Division by zero, a runtime error -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// x86 traps (SIGFPE) on an integer division by zero and on the signed
// minimum divided by -1. An integer division or remainder on tensors
// (arith.divsi, divui, remsi, remui, floordivsi, ceildivsi) whose divisor is
// not a constant without such values divides by 1 where it would trap, and
// reports the first trap of a call through the status of its function
// (RuntimeStatus.h): two flags per element, each reduced over the whole
// tensor as a reduce.logical_or is (vectorized, one result per call), never
// a branch per element. The results of a call that reports it are
// unspecified, as after any runtime error.
//
//===----------------------------------------------------------------------===//

#include "LowerReduction.h"
#include "reduce/Conversion/ReduceToLinalg/RuntimeStatus.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

#include <numeric>

using namespace mlir;
using namespace mlir::reduce;

/// Returns true for the divisions and remainders that can overflow (the
/// signed ones) besides dividing by zero.
static bool isSignedDivision(Operation *op) {
  return isa<arith::DivSIOp, arith::RemSIOp, arith::FloorDivSIOp,
             arith::CeilDivSIOp>(op);
}

bool mlir::reduce::needsDivisionCheck(Operation *op) {
  if (!isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
           arith::FloorDivSIOp, arith::CeilDivSIOp>(op))
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type)
    return false;
  // A constant divisor without 0 (nor -1 for a signed division) is safe.
  DenseIntElementsAttr divisor;
  if (!matchPattern(op->getOperand(1), m_Constant(&divisor)))
    return true;
  bool isSigned = isSignedDivision(op);
  return llvm::any_of(divisor.getValues<APInt>(), [&](const APInt &value) {
    return value.isZero() || (isSigned && value.isAllOnes());
  });
}

/// Returns an all-parallel generic over the shape of `lhs` that computes
/// `body(lhs element, rhs element)` into a tensor of `elementType`.
static Value
mapElements(OpBuilder &b, Location loc, Value lhs, Value rhs, Type elementType,
            function_ref<Value(OpBuilder &, Location, Value, Value)> body) {
  auto type = cast<RankedTensorType>(lhs.getType());
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, lhs);
  Value init = tensor::EmptyOp::create(b, loc, sizes, elementType);
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps(3, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{lhs, rhs}, ValueRange{init},
             maps, iterators,
             [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               linalg::YieldOp::create(
                   nested, nestedLoc,
                   body(nested, nestedLoc, args[0], args[1]));
             })
      .getResult(0);
}

/// Returns an i1 that is true if any element of `flags` is: the lowering of
/// a reduce.logical_or over every dim.
static Value anyOf(OpBuilder &b, Location loc, Value flags) {
  int64_t rank = cast<RankedTensorType>(flags.getType()).getRank();
  SmallVector<int64_t> axes(rank);
  std::iota(axes.begin(), axes.end(), 0);
  ReductionInfo info =
      getReductionInfo(ReductionKind::logical_or, b.getI1Type(),
                       NanMode::propagate, IntRounding::toward_zero,
                       /*f64Accumulation=*/false);
  Value any = lowerReduction(b, loc, info, flags, axes, /*keepDims=*/false);
  return tensor::ExtractOp::create(b, loc, any, ValueRange{});
}

void mlir::reduce::guardIntegerDivision(OpBuilder &b, Operation *op,
                                        int64_t site) {
  b.setInsertionPoint(op);
  Location loc = op->getLoc();
  Value lhs = op->getOperand(0);
  Value rhs = op->getOperand(1);
  auto intType =
      cast<IntegerType>(cast<RankedTensorType>(rhs.getType()).getElementType());
  bool isSigned = isSignedDivision(op);
  auto constant = [&](OpBuilder &nested, Location nestedLoc, const APInt &v) {
    return arith::ConstantIntOp::create(nested, nestedLoc, intType, v)
        .getResult();
  };
  unsigned width = intType.getWidth();
  // The two kinds of trap, per element.
  auto isZero = [&](OpBuilder &nested, Location nestedLoc, Value, Value y) {
    return arith::CmpIOp::create(nested, nestedLoc, arith::CmpIPredicate::eq, y,
                                 constant(nested, nestedLoc, APInt(width, 0)))
        .getResult();
  };
  auto overflows = [&](OpBuilder &nested, Location nestedLoc, Value x,
                       Value y) -> Value {
    Value isMin = arith::CmpIOp::create(
        nested, nestedLoc, arith::CmpIPredicate::eq, x,
        constant(nested, nestedLoc, APInt::getSignedMinValue(width)));
    Value isMinusOne = arith::CmpIOp::create(
        nested, nestedLoc, arith::CmpIPredicate::eq, y,
        constant(nested, nestedLoc, APInt::getAllOnes(width)));
    return arith::AndIOp::create(nested, nestedLoc, isMin, isMinusOne);
  };
  Value anyZero =
      anyOf(b, loc, mapElements(b, loc, lhs, rhs, b.getI1Type(), isZero));
  Value anyOverflow;
  if (isSigned)
    anyOverflow =
        anyOf(b, loc, mapElements(b, loc, lhs, rhs, b.getI1Type(), overflows));

  // Divide by 1 where the division would trap.
  Value safe = mapElements(
      b, loc, lhs, rhs, intType,
      [&](OpBuilder &nested, Location nestedLoc, Value x, Value y) -> Value {
        Value bad = isZero(nested, nestedLoc, x, y);
        if (isSigned)
          bad = arith::OrIOp::create(nested, nestedLoc, bad,
                                     overflows(nested, nestedLoc, x, y));
        return arith::SelectOp::create(
            nested, nestedLoc, bad,
            constant(nested, nestedLoc, APInt(width, 1)), y);
      });
  op->setOperand(1, safe);

  // The status: a zero divisor first, then an overflow.
  b.setInsertionPointAfter(op);
  auto code = [&](RuntimeStatusCode value) -> Value {
    return arith::ConstantIntOp::create(b, loc, static_cast<int64_t>(value),
                                        64);
  };
  Value status = code(RuntimeStatusCode::ok);
  if (anyOverflow)
    status = arith::SelectOp::create(
        b, loc, anyOverflow, code(RuntimeStatusCode::integerDivisionOverflow),
        status);
  status = arith::SelectOp::create(
      b, loc, anyZero, code(RuntimeStatusCode::integerDivisionByZero), status);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value siteValue = arith::ConstantIntOp::create(b, loc, site, 64);
  Value detail = arith::ConstantIntOp::create(b, loc, width, 64);
  auto statusOp = tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({kRuntimeStatusWords}, b.getI64Type()),
      ValueRange{status, siteValue, detail, zero, zero});
  statusOp->setAttr(kRuntimeStatusAttrName, b.getUnitAttr());
}
