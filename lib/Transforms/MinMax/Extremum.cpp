//===- Extremum.cpp - Shared pieces of the min/max expansion ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Extremum.h"

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::reduce::minmax {

/// Returns true for the element types the expansion handles: f32 and f64,
/// whose plain min is one x86 instruction.
bool isExpandedElementType(Type type) {
  return isa<Float32Type, Float64Type>(getElementTypeOrSelf(type));
}

/// Returns `type` (a float or a vector of floats) with its elements
/// replaced by signless integers of the same width.
static Type getBitsType(Type type) {
  Type elementType = getElementTypeOrSelf(type);
  auto intType =
      IntegerType::get(type.getContext(), elementType.getIntOrFloatBitWidth());
  if (auto vectorType = dyn_cast<VectorType>(type))
    return vectorType.clone(intType);
  return intType;
}

/// Builds the NaN-propagating minimum of `lhs` and `rhs` (f32 or f64,
/// scalars or vectors) as `or(select(lhs < rhs, lhs, rhs),
/// select(rhs < lhs, rhs, lhs))` on their bits: see the pass description.
Value createMinimum(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  auto plainMin = [&](Value x, Value y) -> Value {
    Value less = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
    Value min = arith::SelectOp::create(b, loc, less, x, y);
    return arith::BitcastOp::create(b, loc, getBitsType(x.getType()), min);
  };
  // Named first: the order of a call's arguments is unspecified.
  Value lhsFirst = plainMin(lhs, rhs);
  Value rhsFirst = plainMin(rhs, lhs);
  Value bits = arith::OrIOp::create(b, loc, lhsFirst, rhsFirst);
  return arith::BitcastOp::create(b, loc, lhs.getType(), bits);
}

/// Returns `-value`, folding a negation of a negation: a sign flip, exact
/// for every value (a NaN stays a NaN).
Value createNegation(OpBuilder &b, Location loc, Value value) {
  if (auto negation = value.getDefiningOp<arith::NegFOp>())
    return negation.getOperand();
  return arith::NegFOp::create(b, loc, value);
}

/// Returns the size in bits of `type` if it is a fixed 1-D vector of f32 or
/// f64, else 0.
int64_t getVectorBits(Type type) {
  auto vectorType = dyn_cast<VectorType>(type);
  if (!vectorType || vectorType.getRank() != 1 || vectorType.isScalable() ||
      !isExpandedElementType(vectorType))
    return 0;
  return vectorType.getNumElements() * vectorType.getElementTypeBitWidth();
}

/// Returns the widest register, in bits, that the code of the function
/// holding `op` may use: the `vector_bits` of its plan, else 512.
int64_t getMaxRegisterBits(Operation *op) {
  // Read without lookupFunctionPlan, which would build the default plan:
  // this pass does not load the reduce dialect.
  auto function = op->getParentOfType<FunctionOpInterface>();
  reduce::FunctionPlanAttr plan =
      function ? reduce::ReduceDialect::FunctionPlanAttrHelper(
                     op->getContext())
                     .getAttr(function)
               : reduce::FunctionPlanAttr();
  return plan && plan.getVectorBits() ? plan.getVectorBits() : 512;
}

/// Returns the width in bits of the widest register (512, 256 or 128, at
/// most `maxBits`) that each innermost row of `type`, a fixed f32/f64
/// vector of any rank (a 1-D vector is one row), is a whole number of; 0 if
/// none.
int64_t getChunkBits(Type type, int64_t maxBits) {
  auto vectorType = dyn_cast<VectorType>(type);
  if (!vectorType || vectorType.getRank() == 0 || vectorType.isScalable() ||
      !isExpandedElementType(vectorType))
    return 0;
  int64_t rowBits =
      vectorType.getShape().back() * vectorType.getElementTypeBitWidth();
  for (int64_t chunk : {512, 256, 128})
    if (chunk <= maxBits && rowBits % chunk == 0)
      return chunk;
  return 0;
}

/// Returns the lanes of one register (getChunkBits) of `type`.
int64_t getChunkLanes(VectorType type, int64_t maxBits) {
  return getChunkBits(type, maxBits) / type.getElementTypeBitWidth();
}

/// Returns lanes [offset, offset + lanes) of `vector` in row-major order,
/// which lie in one innermost row of it.
Value createSlice(OpBuilder &b, Location loc, Value vector, int64_t offset,
                  int64_t lanes) {
  auto type = cast<VectorType>(vector.getType());
  int64_t rowLength = type.getShape().back();
  if (type.getRank() > 1) {
    SmallVector<int64_t> position = delinearize(
        offset / rowLength, computeStrides(type.getShape().drop_back()));
    vector = b.createOrFold<vector::ExtractOp>(loc, vector, position);
    offset %= rowLength;
  }
  if (lanes == rowLength)
    return vector;
  // Folded on constants (a splat init is a splat register).
  return b.createOrFold<vector::ExtractStridedSliceOp>(
      loc, vector, /*offsets=*/ArrayRef<int64_t>{offset},
      /*sizes=*/ArrayRef<int64_t>{lanes}, /*strides=*/ArrayRef<int64_t>{1});
}

/// Builds a vector of `type`, whose innermost rows are a whole number of
/// registers of `chunkLanes` lanes, from one value per register:
/// `build(offset)` gives the register of lanes [offset, offset + chunkLanes)
/// in row-major order.
Value concatChunks(OpBuilder &b, Location loc, VectorType type,
                   int64_t chunkLanes, function_ref<Value(int64_t)> build) {
  int64_t rowLength = type.getShape().back();
  auto buildRow = [&](int64_t rowOffset) -> Value {
    if (chunkLanes == rowLength)
      return build(rowOffset);
    Value row = ub::PoisonOp::create(
        b, loc, VectorType::get({rowLength}, type.getElementType()));
    for (int64_t offset = 0; offset < rowLength; offset += chunkLanes)
      row = vector::InsertStridedSliceOp::create(b, loc,
                                                 build(rowOffset + offset), row,
                                                 /*offsets=*/{offset},
                                                 /*strides=*/{1});
    return row;
  };
  if (type.getRank() == 1)
    return buildRow(0);
  SmallVector<int64_t> strides = computeStrides(type.getShape().drop_back());
  Value result = ub::PoisonOp::create(b, loc, type);
  for (int64_t row = 0, rows = type.getNumElements() / rowLength; row < rows;
       ++row)
    result = vector::InsertOp::create(b, loc, buildRow(row * rowLength), result,
                                      delinearize(row, strides));
  return result;
}

/// Returns a vector of quiet NaNs of `type`.
Value createNaN(OpBuilder &b, Location loc, VectorType type) {
  auto elementType = cast<FloatType>(type.getElementType());
  return arith::ConstantOp::create(
      b, loc, type,
      DenseElementsAttr::get(
          type, APFloat::getQNaN(elementType.getFloatSemantics())));
}

} // namespace mlir::reduce::minmax
