//===- ReduceVerifyInput.cpp - Input the passes can compile -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rejects, before any other pass of the pipeline runs, the IR that verifies
// but that upstream passes (or ours) assume away: shapes whose sizes
// multiply past int64, and dims of a constant index outside the rank.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/Passes.h"
#include "reduce/Dialect/Reduce/IR/ReduceTraits.h"
#include "reduce/Support/ShapeLimits.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEVERIFYINPUTPASS
#include "reduce/Conversion/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

/// Checks that the constant index of the dim op `op` (tensor.dim or
/// memref.dim), if any, names a dim of its ranked source.
static LogicalResult verifyDimIndex(Operation *op, Value source, Value index) {
  auto type = dyn_cast<ShapedType>(source.getType());
  APInt value;
  if (!type || !type.hasRank() || !matchPattern(index, m_ConstantInt(&value)))
    return success();
  int64_t dim = value.getSExtValue();
  if (dim >= 0 && dim < type.getRank())
    return success();
  return op->emitOpError("index ")
         << dim << " is out of range [0, " << type.getRank()
         << ") for a source of type " << type;
}

/// Checks the types of the block arguments of the regions of `op`.
static LogicalResult verifyBlockArguments(Operation *op) {
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument argument : block.getArguments()) {
        auto type = dyn_cast<ShapedType>(argument.getType());
        if (!type || !type.hasRank() || getPositiveSizeProduct(type.getShape()))
          continue;
        return op->emitOpError("block argument #")
               << argument.getArgNumber() << " has type " << type
               << ", whose sizes multiply past the int64 range: expected "
                  "element counts and strides below 2^63";
      }
  return success();
}

/// Returns true for the float types the pipeline computes with.
static bool isSupportedFloat(FloatType type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// Checks that no operand or result of `op` holds floats of a type the
/// pipeline cannot compute with (f8 and smaller, tf32, f80, f128).
static LogicalResult verifyFloatTypes(Operation *op) {
  auto check = [&](Type type, StringRef what,
                   unsigned index) -> LogicalResult {
    auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    if (!floatType || isSupportedFloat(floatType))
      return success();
    return op->emitOpError()
           << what << " #" << index << " has element type " << floatType
           << ", which the reduce pipeline does not compile: expected f16, "
              "bf16, f32 or f64 floats (convert the data first)";
  };
  for (auto [index, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(check(type, "operand", index)))
      return failure();
  for (auto [index, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(check(type, "result", index)))
      return failure();
  return success();
}

namespace {
struct ReduceVerifyInputPass
    : reduce::impl::ReduceVerifyInputPassBase<ReduceVerifyInputPass> {
  void runOnOperation() override {
    WalkResult result = getOperation()->walk([](Operation *op) {
      if (failed(verifyShapesFitInt64(op)) ||
          failed(verifyBlockArguments(op)) || failed(verifyFloatTypes(op)))
        return WalkResult::interrupt();
      LogicalResult dims = success();
      if (auto dim = dyn_cast<tensor::DimOp>(op))
        dims = verifyDimIndex(op, dim.getSource(), dim.getIndex());
      else if (auto dim = dyn_cast<memref::DimOp>(op))
        dims = verifyDimIndex(op, dim.getSource(), dim.getIndex());
      return failed(dims) ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
