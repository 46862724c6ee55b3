//===- RaiseToReduce.cpp - The raise-to-reduce pass -------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Applies the TOSA, linalg and keep-dims raising patterns until nothing
// more matches. What does not match is left as it was.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/RaiseToReduce/RaiseToReduce.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_RAISETOREDUCEPASS
#include "reduce/Conversion/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

namespace {

struct RaiseToReducePass
    : public reduce::impl::RaiseToReducePassBase<RaiseToReducePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRaiseTosaPatterns(patterns);
    populateRaiseLinalgPatterns(patterns);
    populateRaiseNanIgnorePatterns(patterns);
    populateRaiseKeepDimsPatterns(patterns);
    // Folding would also rewrite what is not raised; only the patterns run.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
