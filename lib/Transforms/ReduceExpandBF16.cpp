//===- ReduceExpandBF16.cpp - bf16 conversions as integer ops ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Expands the bf16 <-> f32 conversions into integer ops, so that no bf16
// floating-point operation reaches the x86 backend.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEEXPANDBF16PASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

namespace {
/// The `reduce-expand-bf16` pass.
struct ReduceExpandBF16Pass
    : reduce::impl::ReduceExpandBF16PassBase<ReduceExpandBF16Pass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
