//===- ReduceFuseElementwise.cpp - Fuse reductions' neighbours --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Producer fusion, the dependent statistics (Fusion/RowLocal.cpp, a
// softmax in blocks of rows; Fusion/Online.h, the online softmax
// normalizer; Fusion/Fusion.h, the shifted centred sums of squares), then
// sibling fusion, then the normalizations of streamed inputs in blocks of
// rows (RowLocal.cpp), on the generic ops of one function: a reduction and
// the elementwise math around it become one loop nest that reads its
// inputs once, and a normalization reads each block of rows once from
// memory.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Target/ReduceTarget.h"
#include "reduce/Transforms/Passes.h"

#include "Fusion/Fusion.h"
#include "Fusion/Online.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEFUSEELEMENTWISEPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

namespace {
struct ReduceFuseElementwisePass
    : reduce::impl::ReduceFuseElementwisePassBase<ReduceFuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    // The sizes of dynamic results read from the ops' operands: a
    // `tensor.dim` of a producer's result is a use that would keep it apart.
    RewritePatternSet patterns(&getContext());
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    tensor::DimOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(function, std::move(patterns))))
      return signalPassFailure();

    IRRewriter rewriter(&getContext());
    SmallVector<std::pair<Operation *, unsigned>> fused =
        fusion::fuseProducers(rewriter, function);
    if (remarks)
      for (auto [op, count] : fused)
        op->emitRemark() << "fused " << count << " elementwise producer"
                         << (count == 1 ? "" : "s") << ": "
                         << cast<linalg::GenericOp>(op).getNumDpsInputs()
                         << " inputs";
    // The copies of a producer that one consumer reads twice (`d * d`)
    // compute the same values: once in the fused body. (Outside the bodies
    // nothing changes: fills keep their own empty tensors.)
    DominanceInfo dominance(function);
    for (auto [op, count] : fused)
      eliminateCommonSubExpressions(rewriter, dominance, op);
    // Softmaxes of short rows block by block in the cache, the others
    // with the online normalizer. Under strict-fp-order float sums keep the
    // arithmetic of the source.
    FailureOr<ReduceTarget> target = lookupReduceTarget(function);
    if (failed(target))
      return signalPassFailure();
    // Read without lookupFunctionPlan, which would build the default plan:
    // this pass does not load the reduce dialect.
    FunctionPlanAttr plan =
        ReduceDialect::FunctionPlanAttrHelper(&getContext()).getAttr(function);
    bool strictFpOrder = plan && plan.getStrictFpOrder();
    std::optional<int64_t> minParallelBytes;
    if (plan && plan.getThreads() > 1)
      minParallelBytes = target->minParallelBytes;
    for (auto [loop, rows] : fusion::fuseRowLocalSoftmax(
             rewriter, function, target->rowBlockBytes, minParallelBytes))
      if (remarks)
        loop->emitRemark() << "softmax in blocks of " << rows
                           << " rows: one read of the input, one "
                              "exponential an element";
    if (!strictFpOrder)
      for (linalg::GenericOp online :
           fusion::fuseOnlineSoftmax(rewriter, function))
        if (remarks)
          online->emitRemark() << "fused a maximum and a sum of exponentials "
                                  "into an online normalizer";
    if (!strictFpOrder)
      for (linalg::GenericOp sums :
           fusion::shiftCentredSquares(rewriter, function))
        if (remarks)
          sums->emitRemark() << "shifted a centred sum of squares: one pass "
                                "with the reduction of its centre";
    for (SmallVector<linalg::GenericOp> &group :
         fusion::findSiblings(function, strictFpOrder)) {
      linalg::GenericOp merged = fusion::mergeSiblings(rewriter, group);
      if (merged && remarks)
        merged->emitRemark() << "fused " << group.size()
                             << " sibling reductions: "
                             << merged.getNumDpsInputs() << " inputs, "
                             << merged->getNumResults() << " results";
    }
    // Then the normalizations of streamed inputs, in blocks of rows in
    // cache (their statistics read by nothing before their output).
    for (auto [loop, rows] : fusion::fuseRowBlocks(
             rewriter, function, target->rowBlockBytes,
             target->minStreamBytes, minParallelBytes)) {
      // Each slice of a per-row value fused its producers anew: once.
      DominanceInfo loopDominance(loop);
      eliminateCommonSubExpressions(rewriter, loopDominance, loop);
      if (remarks)
        loop->emitRemark() << "normalized in blocks of " << rows
                           << " rows: one read of the input";
    }
  }
};
} // namespace
