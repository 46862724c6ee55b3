//===- ReduceExpandBF16.cpp - bf16 conversions as integer ops ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Expands the bf16 <-> f32 conversions into integer ops, so that no bf16
// floating-point operation reaches the x86 backend; every conversion is
// kept (each bf16 op rounds its result).
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
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
    // Every bf16 op rounds its result, in the vector code as in the scalar
    // loops: arith-emulate-unsupported-floats marks its conversions
    // `contract`, which lets extf(truncf(x)) fold to x and skip a rounding.
    getOperation()->walk([](Operation *op) {
      if (auto ext = dyn_cast<arith::ExtFOp>(op)) {
        if (getElementTypeOrSelf(ext.getIn()).isBF16())
          ext.setFastmath(arith::FastMathFlags::none);
      } else if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
        if (getElementTypeOrSelf(trunc.getType()).isBF16())
          trunc.setFastmath(arith::FastMathFlags::none);
      }
    });
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
