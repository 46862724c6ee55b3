//===- ReduceSignless.cpp - Unsigned tensors to signless --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites the unsigned integer element types of shaped values into signless
// ones of the same width, in every op of a module, so that the
// `tensor.bitcast`s that `lower-reduce` puts around unsigned data vanish
// before bufferization (which does not handle them).
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCESIGNLESSPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

namespace {
/// Maps unsigned integers, and shaped types of them, to signless integers.
class SignlessTypeConverter : public TypeConverter {
public:
  SignlessTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](IntegerType type) -> Type {
      if (!type.isUnsigned())
        return type;
      return IntegerType::get(type.getContext(), type.getWidth());
    });
    addConversion([this](ShapedType type) -> Type {
      return type.clone(convertType(type.getElementType()));
    });
  }
};

/// Drops a `tensor.bitcast` whose source and result become the same type.
struct EraseNoOpBitcast : OpConversionPattern<tensor::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tensor::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value source = adaptor.getSource();
    if (getTypeConverter()->convertType(op.getType()) != source.getType())
      return rewriter.notifyMatchFailure(op, "not a no-op after conversion");
    rewriter.replaceOp(op, source);
    return success();
  }
};

/// Recreates an `arith.constant` of unsigned elements with the same bits as
/// signless ones (its value attribute carries the type too).
struct ConvertConstant : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    Type type = getTypeConverter()->convertType(op.getType());
    if (!value || !type)
      return rewriter.notifyMatchFailure(op, "not a dense constant");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, value.bitcast(cast<ShapedType>(type).getElementType()));
    return success();
  }
};

/// Recreates any other op with converted operand, result and block argument
/// types; its properties, attributes and regions are kept.
struct ConvertOpTypes : ConversionPattern {
  ConvertOpTypes(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<FunctionOpInterface>(op))
      return rewriter.notifyMatchFailure(op, "function signatures apart");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return rewriter.notifyMatchFailure(op, "unconvertible result type");

    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getDiscardableAttrDictionary().getValue(),
                         op->getSuccessors());
    state.propertiesAttr = op->getPropertiesAsAttribute();
    for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
      state.addRegion();
    Operation *newOp = rewriter.create(state);
    for (auto [oldRegion, newRegion] :
         llvm::zip(op->getRegions(), newOp->getRegions())) {
      rewriter.inlineRegionBefore(oldRegion, newRegion, newRegion.end());
      if (failed(rewriter.convertRegionTypes(&newRegion, *typeConverter)))
        return rewriter.notifyMatchFailure(op, "unconvertible block type");
    }
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// The `reduce-signless` pass.
struct ReduceSignlessPass
    : reduce::impl::ReduceSignlessPassBase<ReduceSignlessPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SignlessTypeConverter converter;
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto function = dyn_cast<FunctionOpInterface>(op))
        if (auto type = dyn_cast<FunctionType>(function.getFunctionType()))
          if (!converter.isSignatureLegal(type))
            return false;
      return converter.isLegal(op) &&
             llvm::all_of(op->getRegions(), [&](Region &region) {
               return converter.isLegal(&region);
             });
    });

    RewritePatternSet patterns(context);
    patterns.add<EraseNoOpBitcast, ConvertConstant>(converter, context);
    patterns.add<ConvertOpTypes>(converter, context);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
