//===- RaiseLinalg.cpp - Linalg reductions to reduce ops --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Carries out a LinalgReductionPlan: an all-parallel generic for the term
// when it is not an input as it is, the reduce op, and for min/max with a
// constant init that is not the identity a generic that combines the init
// into the result.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/RaiseToReduce/RaiseToReduce.h"

#include "LinalgRaising.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::reduce;

namespace {

/// The all-parallel generic that computes `plan.term` over the loops of
/// `op`, reading the inputs the term reads.
Value buildTermGeneric(PatternRewriter &rewriter, linalg::LinalgOp op,
                       const LinalgReductionPlan &plan) {
  Location loc = op.getLoc();
  Block *body = op.getBlock();
  // The body ops the term depends on, in block order.
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.filter = [&](Operation *candidate) {
    return candidate->getBlock() == body;
  };
  options.omitBlockArguments = false;
  options.inclusive = true;
  if (Operation *def = plan.term.getDefiningOp();
      def && def->getBlock() == body)
    (void)getBackwardSlice(def, &slice, options);
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  // The inputs it reads (all with the identity map).
  SmallVector<Value> inputs;
  SmallVector<BlockArgument> inputArgs;
  auto useArg = [&](Value value) {
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || arg.getOwner() != body || llvm::is_contained(inputArgs, arg))
      return;
    inputArgs.push_back(arg);
    inputs.push_back(op.getMatchingOpOperand(arg)->get());
  };
  useArg(plan.term);
  for (Operation *sliced : ordered)
    llvm::for_each(sliced->getOperands(), useArg);

  SmallVector<OpFoldResult> sizes;
  for (Range range : op.createLoopRanges(rewriter, loc))
    sizes.push_back(range.size);
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, sizes, plan.term.getType());
  unsigned numLoops = op.getNumLoops();
  SmallVector<AffineMap> maps(inputs.size() + 1,
                              rewriter.getMultiDimIdentityMap(numLoops));
  SmallVector<utils::IteratorType> iterators(numLoops,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, empty.getType(), inputs, ValueRange{empty}, maps,
      iterators, [&](OpBuilder &builder, Location, ValueRange args) {
        IRMapping mapping;
        for (auto [arg, newArg] : llvm::zip(inputArgs, args))
          mapping.map(arg, newArg);
        for (Operation *sliced : ordered)
          builder.clone(*sliced, mapping);
        linalg::YieldOp::create(builder, loc,
                                mapping.lookupOrDefault(plan.term));
      });
  return generic.getResult(0);
}

struct RaiseLinalgReduction
    : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<LinalgReductionPlan> plan = planLinalgReduction(op);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, "not a reduction of ours");
    Location loc = op.getLoc();
    Value input = plan->directInput ? plan->directInput
                                    : buildTermGeneric(rewriter, op, *plan);
    FailureOr<Value> reduced =
        createReduction(rewriter, loc, plan->kind, input,
                        ArrayRef<int64_t>(plan->axes), Value(),
                        /*keepDims=*/false, EmptyAxesMode::noop,
                        plan->nanMode);
    if (failed(reduced))
      return failure();
    Type resultType = op->getResult(0).getType();
    Value result = *reduced;
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    if (plan->combineInit)
      result = combineWithInit(
          rewriter, loc, result, op.getDpsInitOperand(0)->get(),
          plan->combiner, plan->term,
          op.getMatchingBlockArgument(op.getDpsInitOperand(0)));
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

Value mlir::reduce::combineWithInit(OpBuilder &builder, Location loc,
                                    Value reduced, Value init,
                                    Operation *combiner, Value term,
                                    Value acc) {
  auto type = cast<RankedTensorType>(init.getType());
  SmallVector<AffineMap> maps(2,
                              builder.getMultiDimIdentityMap(type.getRank()));
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, type, ValueRange{reduced}, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nested, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(term, args[0]);
        mapping.map(acc, args[1]);
        Operation *combined = nested.clone(*combiner, mapping);
        linalg::YieldOp::create(nested, loc, combined->getResult(0));
      });
  return generic.getResult(0);
}

void mlir::reduce::populateRaiseLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<RaiseLinalgReduction>(patterns.getContext());
}
