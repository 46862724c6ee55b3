//===- ReduceUnrankedResults.cpp - Unranked results -------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Replaces each unranked tensor result of an entry function by two ranked
// ones, its row-major data (1-D) and its shape (1-D i64), so that callers
// and bufferization only see ranked tensors.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEUNRANKEDRESULTSPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

/// Returns the ranked tensor `source` as a 1-D tensor of the same data.
static Value flatten(OpBuilder &b, Location loc, Value source) {
  auto type = cast<RankedTensorType>(source.getType());
  auto flatType =
      RankedTensorType::get({ShapedType::kDynamic}, type.getElementType());
  if (type.getRank() == 0) {
    auto unitType = RankedTensorType::get({1}, type.getElementType());
    Value unit = tensor::ExpandShapeOp::create(
        b, loc, unitType, source, ArrayRef<ReassociationIndices>{});
    return tensor::CastOp::create(b, loc, flatType, unit);
  }
  ReassociationIndices all =
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  Value flat = tensor::CollapseShapeOp::create(
      b, loc, source, ArrayRef<ReassociationIndices>{all});
  return flat.getType() == flatType
             ? flat
             : tensor::CastOp::create(b, loc, flatType, flat).getResult();
}

/// Returns the data and shape of the unranked `value`, or fails when its
/// producer is not one this pass knows.
static LogicalResult splitUnranked(OpBuilder &b, Location loc, Value value,
                                   Value &data, Value &shape) {
  auto shapeType =
      RankedTensorType::get({ShapedType::kDynamic}, b.getI64Type());
  if (auto reshape = value.getDefiningOp<tensor::ReshapeOp>()) {
    auto sourceType = dyn_cast<RankedTensorType>(reshape.getSource().getType());
    auto givenShapeType = reshape.getShape().getType();
    if (!sourceType || !givenShapeType.getElementType().isInteger(64))
      return failure();
    data = flatten(b, loc, reshape.getSource());
    shape = givenShapeType == shapeType
                ? reshape.getShape()
                : tensor::CastOp::create(b, loc, shapeType, reshape.getShape())
                      .getResult();
    return success();
  }
  if (auto castOp = value.getDefiningOp<tensor::CastOp>()) {
    auto sourceType = dyn_cast<RankedTensorType>(castOp.getSource().getType());
    if (!sourceType)
      return failure();
    Value source = castOp.getSource();
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < sourceType.getRank(); ++dim)
      sizes.push_back(arith::IndexCastOp::create(
          b, loc, b.getI64Type(), tensor::DimOp::create(b, loc, source, dim)));
    auto staticShapeType =
        RankedTensorType::get({sourceType.getRank()}, b.getI64Type());
    Value staticShape =
        sizes.empty()
            ? arith::ConstantOp::create(
                  b, loc,
                  DenseIntElementsAttr::get(staticShapeType,
                                            ArrayRef<int64_t>{}))
                  .getResult()
            : tensor::FromElementsOp::create(b, loc, staticShapeType, sizes)
                  .getResult();
    data = flatten(b, loc, source);
    shape = tensor::CastOp::create(b, loc, shapeType, staticShape);
    return success();
  }
  return failure();
}

namespace {
/// The `reduce-unranked-results` pass.
struct ReduceUnrankedResultsPass
    : reduce::impl::ReduceUnrankedResultsPassBase<ReduceUnrankedResultsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isDeclaration() ||
          !llvm::any_of(func.getResultTypes(),
                        llvm::IsaPred<UnrankedTensorType>))
        continue;
      if (!SymbolTable::symbolKnownUseEmpty(func, module))
        continue;
      if (failed(rewrite(func)))
        return signalPassFailure();
    }
  }

  static LogicalResult rewrite(func::FuncOp func) {
    SmallVector<func::ReturnOp> returns;
    func.walk([&](func::ReturnOp op) { returns.push_back(op); });
    SmallVector<Type> resultTypes;
    for (func::ReturnOp returnOp : returns) {
      OpBuilder b(returnOp);
      SmallVector<Value> operands;
      resultTypes.clear();
      for (auto [index, value] : llvm::enumerate(returnOp.getOperands())) {
        if (!isa<UnrankedTensorType>(value.getType())) {
          operands.push_back(value);
          resultTypes.push_back(value.getType());
          continue;
        }
        Value data, shape;
        if (failed(splitUnranked(b, returnOp.getLoc(), value, data, shape)))
          return returnOp.emitOpError("cannot return result #")
                 << index << " of type " << value.getType()
                 << ": expected a tensor.reshape (by an i64 shape) or a "
                    "tensor.cast of a ranked tensor";
        operands.append({data, shape});
        resultTypes.append({data.getType(), shape.getType()});
      }
      returnOp->setOperands(operands);
    }
    func.setFunctionType(FunctionType::get(
        func.getContext(), func.getArgumentTypes(), resultTypes));
    // Result attributes no longer line up with the results.
    func.setAllResultAttrs(ArrayRef<DictionaryAttr>{});
    return success();
  }
};
} // namespace
