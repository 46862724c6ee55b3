//===- Scans.cpp - Lowering of the scans ------------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers reduce.cumsum, cumprod, cummin and cummax to a loop along the axis
// that carries the running values of every other position (a slice of the
// input without the axis, in the accumulator type) and the result:
//
//   scf.for %t = 0 to n iter_args(%acc = identity, %res = empty) {
//     %x = tensor.extract_slice %input[.., k, ..]      (k = t, or n-1-t)
//     %acc', %out = linalg.generic ins(%x) outs(%acc, empty)
//         { acc' = combine(acc, x); out = round(exclusive ? acc : acc') }
//     %res' = tensor.insert_slice %out into %res[.., k, ..]
//   }
//
// Each step is one elementwise generic over a slice: over an outer axis the
// slices are contiguous rows, accumulated row by row.
//
//===----------------------------------------------------------------------===//

#include "LowerReduction.h"
#include "reduce/Dialect/Reduce/IR/AxisOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::reduce;

/// Returns the accumulator `acc` as an element of type `elementType`: a
/// float rounded once, an integer as it is.
static Value roundToElement(OpBuilder &b, Location loc, Value acc,
                            Type elementType) {
  if (acc.getType() == elementType)
    return acc;
  return arith::TruncFOp::create(b, loc, elementType, acc);
}

/// Returns the scan of `input` (signless) along `axis` with the combiner of
/// `info`.
static Value createScan(OpBuilder &b, Location loc, const ReductionInfo &info,
                        Value input, int64_t axis, bool exclusive,
                        bool reverse) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  Type elementType = info.elementType;
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, input);
  SmallVector<OpFoldResult> sliceSizes = dropDimSizes(sizes, {axis});
  // An inclusive float sum starts at -0.0, the exact identity of IEEE
  // addition, so that each output is numpy's (the first is the element,
  // -0.0 too); an exclusive one at +0.0, its first output.
  TypedAttr start = getIdentityAttr(info);
  if (info.kind == ReductionKind::sum && info.isFloat() && !exclusive)
    start = b.getFloatAttr(
        info.accType,
        APFloat::getZero(cast<FloatType>(info.accType).getFloatSemantics(),
                         /*Negative=*/true));
  Value accInit = createFilledTensor(b, loc, sliceSizes,
                                     arith::ConstantOp::create(b, loc, start));
  Value resultInit = tensor::EmptyOp::create(b, loc, sizes, elementType);
  // The slice at one position drops the axis (not another unit dim).
  SmallVector<int64_t> sliceShape(inputType.getShape());
  sliceShape.erase(sliceShape.begin() + axis);
  auto sliceType = RankedTensorType::get(sliceShape, elementType);

  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value count = tensor::DimOp::create(b, loc, input, axis);
  Value last =
      reverse ? arith::SubIOp::create(b, loc, count, one).getResult() : Value();
  auto loop = scf::ForOp::create(
      b, loc, zero, count, one, ValueRange{accInit, resultInit},
      [&](OpBuilder &nested, Location nestedLoc, Value step,
          ValueRange iterArgs) {
        Value position =
            reverse ? arith::SubIOp::create(nested, nestedLoc, last, step)
                          .getResult()
                    : step;
        SmallVector<OpFoldResult> offsets(rank, nested.getIndexAttr(0));
        offsets[axis] = position;
        SmallVector<OpFoldResult> slabSizes(sizes);
        slabSizes[axis] = nested.getIndexAttr(1);
        SmallVector<OpFoldResult> strides(rank, nested.getIndexAttr(1));
        Value slice = tensor::ExtractSliceOp::create(
            nested, nestedLoc, sliceType, input, offsets, slabSizes, strides);
        Value outInit = tensor::EmptyOp::create(nested, nestedLoc, sliceSizes,
                                                elementType);

        SmallVector<AffineMap> maps(3,
                                    nested.getMultiDimIdentityMap(rank - 1));
        SmallVector<utils::IteratorType> iterators(
            rank - 1, utils::IteratorType::parallel);
        auto genericOp = linalg::GenericOp::create(
            nested, nestedLoc,
            TypeRange{iterArgs[0].getType(), outInit.getType()},
            ValueRange{slice}, ValueRange{iterArgs[0], outInit}, maps,
            iterators,
            [&](OpBuilder &body, Location bodyLoc, ValueRange args) {
              Value acc = createAccumulation(body, bodyLoc, info, args[0], args[1]);
              Value out = roundToElement(body, bodyLoc,
                                         exclusive ? args[1] : acc,
                                         elementType);
              linalg::YieldOp::create(body, bodyLoc, ValueRange{acc, out});
            });
        Value result = tensor::InsertSliceOp::create(
            nested, nestedLoc, genericOp->getResult(1), iterArgs[1], offsets,
            slabSizes, strides);
        scf::YieldOp::create(nested, nestedLoc,
                             ValueRange{genericOp->getResult(0), result});
      });
  return loop.getResult(1);
}

namespace {
template <typename OpTy>
struct ScanLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Type originalType = cast<RankedTensorType>(input.getType()).getElementType();
    ReductionInfo info =
        getReductionInfo(OpTy::kKind, originalType, NanMode::propagate,
                         IntRounding::toward_zero, /*f64Accumulation=*/false);
    input = bitcastElements(rewriter, loc, input, info.elementType);
    Value result = createScan(rewriter, loc, info, input,
                              op.getNormalizedAxis(), op.getExclusive(),
                              op.getReverse());
    rewriter.replaceOp(op, bitcastElements(rewriter, loc, result, originalType));
    return success();
  }
};
} // namespace

void mlir::reduce::populateScanLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<ScanLowering<CumSumOp>, ScanLowering<CumProdOp>,
               ScanLowering<CumMinOp>, ScanLowering<CumMaxOp>>(
      patterns.getContext());
}
