//===- ScanOps.cpp - Cumulative sum, product, min, max ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verification and folding of the scans (reduce.cumsum, cumprod, cummin,
// cummax). The folder evaluates constant inputs as the lowering computes
// them: in order along the axis, f16 and bf16 in f32 and f32 products in
// f64, rounded per output, integers wrapping.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/AxisOps.h"

#include "reduce/Dialect/Reduce/IR/FoldLimits.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

using namespace mlir;
using namespace mlir::reduce;

#define GET_OP_CLASSES
#include "reduce/Dialect/Reduce/IR/ScanOps.cpp.inc"

template <typename OpTy>
static LogicalResult verifyScan(OpTy op) {
  return verifyAxis([&] { return op.emitOpError(); }, op.getAxis(),
                    op.getInput().getType().getRank());
}

LogicalResult CumSumOp::verify() { return verifyScan(*this); }
LogicalResult CumProdOp::verify() { return verifyScan(*this); }
LogicalResult CumMinOp::verify() { return verifyScan(*this); }
LogicalResult CumMaxOp::verify() { return verifyScan(*this); }

//===----------------------------------------------------------------------===//
// Folding
//===----------------------------------------------------------------------===//

namespace {
/// The arithmetic of a scan of one kind on floats of the accumulator's
/// semantics or on integers: the kind's combiner, from its identity.
struct ScanArithmetic {
  ReductionKind kind;
  bool isUnsigned;
  bool exclusive;

  /// The start of a running float value: the combiner's identity, which for
  /// an inclusive sum is -0.0, the exact identity of IEEE addition, so that
  /// the first output is the element itself (-0.0 too, as numpy's cumsum
  /// gives it); an exclusive sum starts at +0.0, its first output (ONNX
  /// CumSum).
  APFloat identity(FloatType accType) const {
    APFloat start =
        cast<FloatAttr>(getIdentityAttr(kind, accType, isUnsigned)).getValue();
    if (getKindInfo(kind).combiner == Combiner::add)
      start = APFloat::getZero(accType.getFloatSemantics(),
                               /*Negative=*/!exclusive);
    return start;
  }

  APInt identity(IntegerType accType) const {
    return cast<IntegerAttr>(getIdentityAttr(kind, accType, isUnsigned))
        .getValue();
  }

  APFloat combine(APFloat acc, const APFloat &x) const {
    combineConstants(getKindInfo(kind).combiner, acc, x);
    return acc;
  }

  APInt combine(APInt acc, const APInt &x) const {
    combineConstants(getKindInfo(kind).combiner, acc, x, isUnsigned);
    return acc;
  }
};

/// The order of a scan along its axis.
struct ScanDirection {
  bool exclusive;
  bool reverse;
};
} // namespace

/// Returns the scan of the static `values` of `shape` along `axis`: each
/// output is `fromAcc` of the running value in the accumulator, which starts
/// at `identity` and takes each input through `toAcc` and `combine`.
template <typename T, typename Range, typename ToAcc, typename Combine,
          typename FromAcc, typename Acc>
static SmallVector<T> scanValues(Range values, ArrayRef<int64_t> shape,
                                 int64_t axis, ScanDirection direction,
                                 const Acc &identity, ToAcc toAcc,
                                 Combine combine, FromAcc fromAcc) {
  AxisSplit split = splitAtAxis(shape, axis);
  SmallVector<T> inputs(values.begin(), values.end());
  SmallVector<T> outputs(inputs);
  for (int64_t outer = 0; outer < split.outer; ++outer) {
    for (int64_t inner = 0; inner < split.inner; ++inner) {
      Acc acc = identity;
      for (int64_t step = 0; step < split.size; ++step) {
        int64_t k = direction.reverse ? split.size - 1 - step : step;
        int64_t at = (outer * split.size + k) * split.inner + inner;
        if (direction.exclusive)
          outputs[at] = fromAcc(acc);
        acc = combine(acc, toAcc(inputs[at]));
        if (!direction.exclusive)
          outputs[at] = fromAcc(acc);
      }
    }
  }
  return outputs;
}

/// Evaluates the scan `op` of the constant static `input`.
template <typename OpTy>
static DenseElementsAttr evaluateScan(OpTy op, DenseElementsAttr input) {
  RankedTensorType type = op.getInput().getType();
  Type elementType = type.getElementType();
  ScanArithmetic arithmetic{OpTy::kKind, elementType.isUnsignedInteger(),
                              op.getExclusive()};
  ScanDirection direction{op.getExclusive(), op.getReverse()};
  int64_t axis = op.getNormalizedAxis();
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    // f16 and bf16 accumulate in f32, f32 products in f64.
    MLIRContext *context = floatType.getContext();
    FloatType accType =
        floatType.getWidth() == 16 ? Float32Type::get(context)
        : floatType.isF32() && OpTy::kKind == ReductionKind::prod
            ? Float64Type::get(context)
            : floatType;
    const llvm::fltSemantics &accSemantics = accType.getFloatSemantics();
    auto convert = [](APFloat value, const llvm::fltSemantics &to) {
      bool losesInfo = false;
      value.convert(to, APFloat::rmNearestTiesToEven, &losesInfo);
      return value;
    };
    SmallVector<APFloat> outputs = scanValues<APFloat>(
        input.getValues<APFloat>(), type.getShape(), axis, direction,
        arithmetic.identity(accType),
        [&](const APFloat &x) { return convert(x, accSemantics); },
        [&](const APFloat &acc, const APFloat &x) {
          return arithmetic.combine(acc, x);
        },
        [&](const APFloat &acc) { return convert(acc, semantics); });
    return DenseElementsAttr::get(type, outputs);
  }
  SmallVector<APInt> outputs = scanValues<APInt>(
      input.getValues<APInt>(), type.getShape(), axis, direction,
      arithmetic.identity(IntegerType::get(op.getContext(), elementType.getIntOrFloatBitWidth())),
      [](const APInt &x) { return x; },
      [&](const APInt &acc, const APInt &x) {
        return arithmetic.combine(acc, x);
      },
      [](const APInt &acc) { return acc; });
  return DenseElementsAttr::get(type, outputs);
}

template <typename OpTy>
static OpFoldResult foldScan(OpTy op, Attribute inputAttr) {
  RankedTensorType type = op.getInput().getType();
  int64_t axis = op.getNormalizedAxis();
  // An empty tensor, and the inclusive scan of one element, is the input.
  if (llvm::is_contained(type.getShape(), 0) ||
      (type.getDimSize(axis) == 1 && !op.getExclusive()))
    return op.getInput();

  // The exclusive scan of one element is the identity.
  if (type.getDimSize(axis) == 1 && type.hasStaticShape()) {
    Type elementType = type.getElementType();
    ScanArithmetic arithmetic{OpTy::kKind, elementType.isUnsignedInteger(),
                              op.getExclusive()};
    if (auto floatType = dyn_cast<FloatType>(elementType))
      return DenseElementsAttr::get(type, arithmetic.identity(floatType));
    return DenseElementsAttr::get(
        type, arithmetic.identity(IntegerType::get(op.getContext(), elementType.getIntOrFloatBitWidth())));
  }

  auto input = dyn_cast_if_present<DenseElementsAttr>(inputAttr);
  if (input && type.hasStaticShape() &&
      type.getNumElements() <= kMaxFoldedElements)
    return evaluateScan(op, input);

  if (op.getAxis() != axis) {
    op.setAxis(axis);
    return op.getResult();
  }
  return {};
}

OpFoldResult CumSumOp::fold(FoldAdaptor adaptor) {
  return foldScan(*this, adaptor.getInput());
}
OpFoldResult CumProdOp::fold(FoldAdaptor adaptor) {
  return foldScan(*this, adaptor.getInput());
}
OpFoldResult CumMinOp::fold(FoldAdaptor adaptor) {
  return foldScan(*this, adaptor.getInput());
}
OpFoldResult CumMaxOp::fold(FoldAdaptor adaptor) {
  return foldScan(*this, adaptor.getInput());
}
