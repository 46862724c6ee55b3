//===- ReduceMathToLibm.cpp - libm calls for the rest of math ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The math ops that neither reduce-approximate-math nor convert-math-to-llvm
// lowers (erf, tanh, cbrt, the inverse and hyperbolic trigonometry) become
// calls of libm, one per element (upstream's math-to-libm patterns, applied
// to those ops only: the others keep their LLVM intrinsics).
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEMATHTOLIBMPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

/// Returns true for the math ops with no LLVM intrinsic: libm computes them.
static bool needsLibm(Operation *op) {
  return isa<math::AcosOp, math::AcoshOp, math::AsinOp, math::AsinhOp,
             math::AtanOp, math::Atan2Op, math::AtanhOp, math::CbrtOp,
             math::CoshOp, math::ErfOp, math::ErfcOp, math::SinhOp,
             math::TanOp, math::TanhOp>(op);
}

namespace {
struct ReduceMathToLibmPass
    : reduce::impl::ReduceMathToLibmPassBase<ReduceMathToLibmPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (needsLibm(op))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    // The scalar ops a vector op is split into are converted too.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
      return signalPassFailure();
  }
};
} // namespace
