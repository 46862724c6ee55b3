//===- AxisOps.cpp - Helpers of the ops along one axis ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The axis check, result type and shape split that the normalizations, the
// arg-reductions and the scans share (AxisOps.h).
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/AxisOps.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::reduce;

LogicalResult
mlir::reduce::verifyAxis(llvm::function_ref<InFlightDiagnostic()> emitError,
                         int64_t axis, int64_t rank) {
  if (axis >= -rank && axis < rank)
    return success();
  if (rank == 0)
    return emitError() << "axis " << axis
                       << " is out of range for an input of rank 0 (expected "
                          "an input of rank 1 or more)";
  return emitError() << "axis " << axis << " is out of range [" << -rank
                     << ", " << rank - 1 << "] for an input of rank " << rank;
}

RankedTensorType mlir::reduce::inferArgReductionType(RankedTensorType inputType,
                                                     int64_t axis,
                                                     bool keepDims,
                                                     Type indexType) {
  int64_t rank = inputType.getRank();
  if (axis < 0)
    axis += rank;
  SmallVector<int64_t> shape(inputType.getShape());
  if (keepDims)
    shape[axis] = 1;
  else
    shape.erase(shape.begin() + axis);
  return RankedTensorType::get(shape, indexType);
}

AxisSplit mlir::reduce::splitAtAxis(ArrayRef<int64_t> shape, int64_t axis) {
  auto product = [](ArrayRef<int64_t> sizes) {
    int64_t result = 1;
    for (int64_t size : sizes)
      result *= size;
    return result;
  };
  return {product(shape.take_front(axis)), shape[axis],
          product(shape.drop_front(axis + 1))};
}
