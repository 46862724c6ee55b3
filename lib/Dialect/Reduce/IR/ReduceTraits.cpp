//===- ReduceTraits.cpp - Checks every op of the dialect makes --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The checks every reduce op's verifier makes (ReduceTraits.h).
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceTraits.h"

#include "reduce/Support/ShapeLimits.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace mlir::reduce;

/// Emits the error for `type`, the type of `what` #`index` of `op`, if its
/// sizes do not multiply in int64_t.
static LogicalResult verifyShapeFits(Operation *op, StringRef what,
                                     unsigned index, Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank() || getPositiveSizeProduct(shaped.getShape()))
    return success();
  return op->emitOpError()
         << what << " #" << index << " has type " << type
         << ", whose sizes multiply past the int64 range: expected element "
            "counts and strides below 2^63";
}

LogicalResult mlir::reduce::verifyShapesFitInt64(Operation *op) {
  for (auto [index, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(verifyShapeFits(op, "operand", index, type)))
      return failure();
  for (auto [index, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(verifyShapeFits(op, "result", index, type)))
      return failure();
  return success();
}

LogicalResult mlir::reduce::verifyNoPropertiesInAttrDict(Operation *op) {
  auto properties =
      dyn_cast_if_present<DictionaryAttr>(op->getPropertiesAsAttribute());
  if (!properties)
    return success();
  for (NamedAttribute attr : op->getDiscardableAttrs())
    if (properties.contains(attr.getName()))
      return op->emitOpError("property '")
             << attr.getName().getValue()
             << "' is written in the attribute dictionary, where it would be "
                "ignored: expected it in the properties, as `<{"
             << attr.getName().getValue() << " = " << attr.getValue() << "}>`";
  return success();
}

LogicalResult mlir::reduce::verifyReduceOp(Operation *op) {
  return success(succeeded(verifyShapesFitInt64(op)) &&
                 succeeded(verifyNoPropertiesInAttrDict(op)));
}
