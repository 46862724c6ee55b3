//===- ReduceApproximateMath.cpp - Vector exp and log -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites f32 `math.exp` into this project's polynomial approximation and
// f32 `math.log` into upstream's, so that vectors of them stay vector
// arithmetic instead of one libm call per lane.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEAPPROXIMATEMATHPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

namespace {
/// f32 `exp(x)` as `p(r) * 2^k`: `k = floor(x * log2(e))`, `r = x - k ln 2`
/// in [0, ln 2) (two FMAs, ln 2 split into a 9-bit head and a tail), `p` a
/// degree-6 polynomial fitted to `exp` on [0, ln 2) for relative error
/// (1.9e-9; the whole sequence within 2 ulp), and `2^k` built in the
/// exponent field. `x` is first clamped to [-88, 88.75], which keeps `k`
/// in [-127, 128]: `k = -127` (results below 2^-126) gives the bits of
/// +0.0, `k = 128` (results of 2^128 and more) those of +inf, so results
/// below the smallest normal flush to 0 and overflows are +inf. The clamps
/// are `x < c ? c : x` selects, which keep a NaN (the polynomial of a NaN is
/// NaN); -inf is 0, +inf is +inf.
struct ExpApproximation : OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    Type i32Type = rewriter.getI32Type();
    if (auto vectorType = dyn_cast<VectorType>(type))
      i32Type = vectorType.clone(i32Type);
    auto constant = [&](Type constantType, Attribute value) -> Value {
      if (auto shaped = dyn_cast<ShapedType>(constantType))
        value = SplatElementsAttr::get(shaped, value);
      return arith::ConstantOp::create(rewriter, loc, cast<TypedAttr>(value));
    };
    auto f32 = [&](float value) {
      return constant(type, rewriter.getF32FloatAttr(value));
    };
    auto i32 = [&](int32_t value) {
      return constant(i32Type, rewriter.getI32IntegerAttr(value));
    };
    auto clamp = [&](Value x, arith::CmpFPredicate beyond, float bound) {
      Value limit = f32(bound);
      Value outside = arith::CmpFOp::create(rewriter, loc, beyond, x, limit);
      return arith::SelectOp::create(rewriter, loc, outside, limit, x)
          .getResult();
    };
    Value x = clamp(op.getOperand(), arith::CmpFPredicate::OLT, -88.0f);
    x = clamp(x, arith::CmpFPredicate::OGT, 88.75f);
    Value k = math::FloorOp::create(
        rewriter, loc,
        arith::MulFOp::create(rewriter, loc, x, f32(1.44269504f)));
    Value r = math::FmaOp::create(rewriter, loc, k, f32(-0.693359375f), x);
    r = math::FmaOp::create(rewriter, loc, k, f32(2.12194440e-4f), r);
    // Coefficients of r^6 down to r^0.
    static constexpr float kCoefficients[] = {
        1.95682305e-3f, 7.77467759e-3f, 4.19296734e-2f, 1.66604310e-1f,
        5.00006914e-1f, 9.99999702e-1f, 1.0f};
    Value p = f32(kCoefficients[0]);
    for (float coefficient : ArrayRef(kCoefficients).drop_front())
      p = math::FmaOp::create(rewriter, loc, p, r, f32(coefficient));
    Value exponent = arith::AddIOp::create(
        rewriter, loc, arith::FPToSIOp::create(rewriter, loc, i32Type, k),
        i32(127));
    Value scale = arith::BitcastOp::create(
        rewriter, loc, type,
        arith::ShLIOp::create(rewriter, loc, exponent, i32(23)));
    rewriter.replaceOpWithNewOp<arith::MulFOp>(op, p, scale);
    return success();
  }
};

/// The `reduce-approximate-math` pass.
struct ReduceApproximateMathPass
    : reduce::impl::ReduceApproximateMathPassBase<ReduceApproximateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // The approximations apply to f32 only; f16 and bf16 are computed in
    // f32 by lower-reduce, f64 keeps libm.
    patterns.add<ExpApproximation>(&getContext());
    populateMathPolynomialApproximationPatterns(
        patterns, [](StringRef name) {
          return name == math::LogOp::getOperationName();
        });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
