//===- ReductionKindsTest.cpp - Tests of the reduction kind table -*- C++ -*-=//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The identities, combiners and derived rules of ReductionKinds.def, checked
// against values written out here (not read back from the table).
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReductionKinds.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::reduce;

namespace {

class ReductionKindsTest : public ::testing::Test {
protected:
  ReductionKindsTest() : builder(&context) {
    context.loadDialect<ReduceDialect, arith::ArithDialect>();
  }

  APFloat floatIdentity(ReductionKind kind, FloatType type) {
    return cast<FloatAttr>(getIdentityAttr(kind, type, /*isUnsigned=*/false))
        .getValue();
  }
  APInt intIdentity(ReductionKind kind, unsigned width, bool isUnsigned) {
    return cast<IntegerAttr>(getIdentityAttr(
                                 kind, builder.getIntegerType(width),
                                 isUnsigned))
        .getValue();
  }

  MLIRContext context;
  OpBuilder builder;
};

TEST_F(ReductionKindsTest, FloatIdentities) {
  FloatType f32 = builder.getF32Type();
  EXPECT_TRUE(floatIdentity(ReductionKind::sum, f32).isPosZero());
  EXPECT_TRUE(floatIdentity(ReductionKind::l1, f32).isPosZero());
  EXPECT_TRUE(floatIdentity(ReductionKind::mean, f32).isPosZero());
  EXPECT_TRUE(floatIdentity(ReductionKind::log_sum_exp, f32).isPosZero());
  EXPECT_TRUE(floatIdentity(ReductionKind::prod, f32).isExactlyValue(1.0));
  APFloat min = floatIdentity(ReductionKind::min, f32);
  EXPECT_TRUE(min.isInfinity() && !min.isNegative());
  APFloat max = floatIdentity(ReductionKind::max, builder.getF64Type());
  EXPECT_TRUE(max.isInfinity() && max.isNegative());
}

TEST_F(ReductionKindsTest, IntegerIdentities) {
  EXPECT_TRUE(intIdentity(ReductionKind::sum, 32, false).isZero());
  EXPECT_TRUE(intIdentity(ReductionKind::prod, 8, false).isOne());
  EXPECT_TRUE(intIdentity(ReductionKind::min, 16, false).isMaxSignedValue());
  EXPECT_TRUE(intIdentity(ReductionKind::min, 16, true).isMaxValue());
  EXPECT_TRUE(intIdentity(ReductionKind::max, 64, false).isMinSignedValue());
  EXPECT_TRUE(intIdentity(ReductionKind::max, 64, true).isZero());
  EXPECT_TRUE(intIdentity(ReductionKind::logical_and, 1, false).isAllOnes());
  EXPECT_TRUE(intIdentity(ReductionKind::logical_or, 1, false).isZero());
}

TEST_F(ReductionKindsTest, CombinersAreUpstreamArithOps) {
  Location loc = builder.getUnknownLoc();
  auto module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module.getBody());
  Value f = arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(1));
  Value i = arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(1));
  auto combine = [&](ReductionKind kind, Value v, bool isUnsigned) {
    return createCombiner(builder, loc, kind, isUnsigned, v, v)
        .getDefiningOp();
  };
  EXPECT_TRUE(isa<arith::AddFOp>(combine(ReductionKind::l2, f, false)));
  EXPECT_TRUE(isa<arith::MulIOp>(combine(ReductionKind::prod, i, false)));
  EXPECT_TRUE(isa<arith::MinimumFOp>(combine(ReductionKind::min, f, false)));
  EXPECT_TRUE(isa<arith::MinSIOp>(combine(ReductionKind::min, i, false)));
  EXPECT_TRUE(isa<arith::MaxUIOp>(combine(ReductionKind::max, i, true)));
  EXPECT_TRUE(isa<arith::AddIOp>(combine(ReductionKind::mean, i, true)));
  module->erase();
}

TEST_F(ReductionKindsTest, DerivedRules) {
  // The partials of a split reduction.
  EXPECT_EQ(getKindInfo(ReductionKind::mean).partialKind, ReductionKind::sum);
  EXPECT_EQ(getKindInfo(ReductionKind::log_sum).partialKind,
            ReductionKind::sum);
  EXPECT_EQ(getKindInfo(ReductionKind::l2).partialKind,
            ReductionKind::sum_square);
  EXPECT_EQ(getKindInfo(ReductionKind::l1).partialKind, ReductionKind::l1);
  // f64-accumulation widens the plain sums only.
  EXPECT_TRUE(isAdditive(ReductionKind::l1));
  EXPECT_TRUE(isAdditive(ReductionKind::log_sum));
  EXPECT_FALSE(isAdditive(ReductionKind::log_sum_exp));
  EXPECT_FALSE(isAdditive(ReductionKind::prod));
  // Two steps give one reduction.
  EXPECT_TRUE(reducesInSteps(ReductionKind::logical_or));
  EXPECT_TRUE(reducesInSteps(ReductionKind::prod));
  EXPECT_FALSE(reducesInSteps(ReductionKind::mean));
  EXPECT_FALSE(reducesInSteps(ReductionKind::l1));
  // One element reduced alone.
  Type i8 = builder.getI8Type();
  Type ui8 = builder.getIntegerType(8, /*isSigned=*/false);
  EXPECT_TRUE(isIdentityOnOneElement(ReductionKind::mean, i8));
  EXPECT_TRUE(isIdentityOnOneElement(ReductionKind::log_sum_exp,
                                     builder.getF32Type()));
  EXPECT_TRUE(isIdentityOnOneElement(ReductionKind::l1, ui8));
  EXPECT_FALSE(isIdentityOnOneElement(ReductionKind::l1, i8));
  EXPECT_FALSE(isIdentityOnOneElement(ReductionKind::sum_square, ui8));
  EXPECT_FALSE(isIdentityOnOneElement(ReductionKind::log_sum,
                                      builder.getF32Type()));
  // The ODS hooks.
  static_assert(hasNanMode(ReductionKind::min) && hasRounding(ReductionKind::l2));
  static_assert(!hasNanMode(ReductionKind::sum) &&
                computesIntegersInF64(ReductionKind::log_sum_exp));
}

} // namespace
