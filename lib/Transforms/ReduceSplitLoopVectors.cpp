//===- ReduceSplitLoopVectors.cpp - Power-of-two loop vectors ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Carries the vectors of scf ops whose innermost length is not a power of
// two as parts whose lengths are, which the x86 backend keeps in registers
// across blocks instead of scalarizing them.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCESPLITLOOPVECTORSPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

/// Returns the innermost lengths of the parts of `type`: its innermost
/// length as a sum of powers of two, largest first (80: 64, 16), or an
/// empty list if `type` is kept whole (a power of two, scalable, 0-D).
static SmallVector<int64_t> getPartLengths(VectorType type) {
  if (type.getRank() == 0 || type.isScalable())
    return {};
  int64_t length = type.getShape().back();
  if (llvm::isPowerOf2_64(length))
    return {};
  SmallVector<int64_t> parts;
  for (int64_t bit = llvm::bit_floor(static_cast<uint64_t>(length)); bit > 0;
       bit >>= 1)
    if (length & bit)
      parts.push_back(bit);
  return parts;
}

/// Returns `type` with an innermost length of `length`.
static VectorType withInnermostLength(VectorType type, int64_t length) {
  SmallVector<int64_t> shape(type.getShape());
  shape.back() = length;
  return type.cloneWith(shape, type.getElementType());
}

namespace {
/// The type converter of the pass: a vector with parts becomes its parts,
/// any other type stays.
struct PartsTypeConverter : TypeConverter {
  PartsTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](VectorType type, SmallVectorImpl<Type> &results) {
      SmallVector<int64_t> parts = getPartLengths(type);
      if (parts.empty()) {
        results.push_back(type);
        return success();
      }
      for (int64_t length : parts)
        results.push_back(withInnermostLength(type, length));
      return success();
    });
    // Parts to the whole vector: inserted into a poison vector in order.
    addSourceMaterialization([](OpBuilder &b, VectorType type, ValueRange parts,
                                Location loc) -> Value {
      if (parts.size() < 2)
        return nullptr;
      Value whole = ub::PoisonOp::create(b, loc, type);
      SmallVector<int64_t> offsets(type.getRank(), 0);
      SmallVector<int64_t> strides(type.getRank(), 1);
      for (Value part : parts) {
        whole = vector::InsertStridedSliceOp::create(b, loc, part, whole,
                                                     offsets, strides);
        offsets.back() += cast<VectorType>(part.getType()).getShape().back();
      }
      return whole;
    });
    // The whole vector to its parts.
    addTargetMaterialization([](OpBuilder &b, TypeRange types,
                                ValueRange inputs,
                                Location loc) -> SmallVector<Value> {
      if (inputs.size() != 1 || types.size() < 2)
        return {};
      auto type = dyn_cast<VectorType>(inputs.front().getType());
      if (!type)
        return {};
      SmallVector<Value> parts;
      SmallVector<int64_t> offsets(type.getRank(), 0);
      SmallVector<int64_t> strides(type.getRank(), 1);
      for (Type partType : types) {
        ArrayRef<int64_t> sizes = cast<VectorType>(partType).getShape();
        parts.push_back(vector::ExtractStridedSliceOp::create(
            b, loc, inputs.front(), offsets, sizes, strides));
        offsets.back() += sizes.back();
      }
      return parts;
    });
  }
};

/// The `reduce-split-loop-vectors` pass.
struct ReduceSplitLoopVectorsPass
    : reduce::impl::ReduceSplitLoopVectorsPassBase<ReduceSplitLoopVectorsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    PartsTypeConverter converter;
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
