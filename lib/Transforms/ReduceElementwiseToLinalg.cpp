//===- ReduceElementwiseToLinalg.cpp - Elementwise ops as generics -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The elementwise neighbours of the reductions in one form: arith and math
// ops on ranked tensors become all-parallel linalg.generic ops, and every
// linalg op but fill is generalized; inits that are not read become
// tensor.empty. Then every op left on tensors must have
// a way through bufferization; one that has none is named in an error.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEELEMENTWISETOLINALGPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

/// What the pipeline compiles on tensors, for the error on an op outside it.
static constexpr llvm::StringLiteral kSupported =
    "expected reduce ops, elementwise arith and math ops on ranked tensors "
    "(including conversions such as arith.extf and arith.extui), linalg ops, "
    "tensor.empty, tensor.expand_shape, tensor.collapse_shape and other "
    "tensor ops with a bufferization model, and constants";

static bool hasTensorType(Operation *op) {
  auto isTensor = llvm::IsaPred<TensorType>;
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

/// Returns true if the rest of the pipeline takes `op`, an op with tensor
/// operands or results outside a linalg body, through bufferization.
static bool isCompiledOnTensors(Operation *op) {
  // Lowered by lower-reduce (those that are left verify their own inputs)
  // and by reduce-signless (the bitcasts it brackets unsigned data with).
  if (isa<ReduceDialect>(op->getDialect()) || isa<tensor::BitcastOp>(op))
    return true;
  return isa<bufferization::BufferizableOpInterface>(op);
}

/// Emits an error on each op on tensors that the pipeline cannot compile;
/// fails if there is one.
static LogicalResult checkTensorOps(func::FuncOp function) {
  bool failed = false;
  function.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<linalg::LinalgOp>(op)) {
      // Its body computes on scalars.
      return WalkResult::skip();
    }
    if (!hasTensorType(op) || isCompiledOnTensors(op))
      return WalkResult::advance();
    failed = true;
    if (OpTrait::hasElementwiseMappableTraits(op))
      op->emitOpError("is an elementwise op on unranked tensors, which the "
                      "reduce pipeline does not compile; ")
          << kSupported;
    else
      op->emitOpError("is not supported on tensors by the reduce pipeline; ")
          << kSupported;
    return WalkResult::advance();
  });
  return failure(failed);
}

/// Generalizes every linalg op of `function` but the fills.
static void generalizeLinalgOps(func::FuncOp function) {
  SmallVector<linalg::LinalgOp> named;
  function.walk([&](linalg::LinalgOp op) {
    if (!isa<linalg::GenericOp, linalg::FillOp>(op))
      named.push_back(op);
  });
  IRRewriter rewriter(function.getContext());
  for (linalg::LinalgOp op : named) {
    rewriter.setInsertionPoint(op);
    // An op that does not generalize keeps its form: the strategies and
    // the scalar path take any linalg op.
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
}

/// Gives every init of a generic of `function` that its body does not read
/// a `tensor.empty` of its shape: an elementwise op converted upstream
/// writes into one of its operands (a function argument, a value another op
/// reads), which would keep it from fusing and cost a copy.
static void useEmptyInits(func::FuncOp function) {
  IRRewriter rewriter(function.getContext());
  function.walk([&](linalg::GenericOp op) {
    if (!op.hasPureTensorSemantics())
      return;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (op.payloadUsesValueFromOperand(&init) ||
          init.get().getDefiningOp<tensor::EmptyOp>())
        continue;
      rewriter.setInsertionPoint(op);
      Location loc = op.getLoc();
      auto type = cast<RankedTensorType>(init.get().getType());
      Value empty = tensor::EmptyOp::create(
          rewriter, loc, tensor::getMixedSizes(rewriter, loc, init.get()),
          type.getElementType(), type.getEncoding());
      rewriter.modifyOpInPlace(op, [&] { init.set(empty); });
    }
  });
}

/// Drops the unit dims of the all-parallel generics of `function` (a
/// statistic kept as `Nx1`, as `keep_dims` and the importers write it, and
/// the elementwise math on it), with the reshapes around them folded away:
/// the per-row values of a normalization read through the same maps as
/// those written without unit dims. Reductions keep their dims.
static LogicalResult dropElementwiseUnitDims(func::FuncOp function) {
  linalg::ControlDropUnitDims options;
  options.controlFn = [](Operation *op) -> SmallVector<unsigned> {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic || !generic.hasPureTensorSemantics() ||
        generic.getNumReductionLoops() != 0)
      return {};
    return llvm::to_vector(llvm::seq<unsigned>(0, generic.getNumLoops()));
  };
  RewritePatternSet patterns(function.getContext());
  linalg::populateFoldUnitExtentDimsPatterns(patterns, options);
  linalg::populateFoldUnitExtentDimsCanonicalizationPatterns(patterns,
                                                             options);
  return applyPatternsGreedily(function, std::move(patterns));
}

namespace {
struct ReduceElementwiseToLinalgPass
    : reduce::impl::ReduceElementwiseToLinalgPassBase<
          ReduceElementwiseToLinalgPass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    RewritePatternSet patterns(&getContext());
    linalg::populateElementwiseToLinalgConversionPatterns(patterns);
    if (failed(applyPatternsGreedily(function, std::move(patterns))))
      return signalPassFailure();
    generalizeLinalgOps(function);
    if (failed(dropElementwiseUnitDims(function)))
      return signalPassFailure();
    useEmptyInits(function);
    if (failed(checkTensorOps(function)))
      return signalPassFailure();
  }
};
} // namespace
