//===- ReduceOpsTest.cpp - Unit tests of the reduce ops ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Builds reduce ops from C++ with the result type left out, and checks the
// inferred types, the diagnostics of failed inference, folding through
// createOrFold, and the shared helpers.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::reduce;

namespace {
class ReduceOpsTest : public ::testing::Test {
protected:
  ReduceOpsTest() : builder(&context), loc(builder.getUnknownLoc()) {
    context
        .loadDialect<ReduceDialect, arith::ArithDialect, func::FuncDialect>();
    module = ModuleOp::create(loc);
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// Returns a value of type `type`: the argument of a fresh function, with
  /// the builder positioned in its body.
  Value makeValue(Type type) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(module->getBody());
    auto func = func::FuncOp::create(builder, loc, "f",
                                     builder.getFunctionType({type}, {}));
    Block *body = func.addEntryBlock();
    insertionBlock = body;
    return body->getArgument(0);
  }

  /// Parses `type`, e.g. "tensor<6x?xf32>".
  Type type(StringRef text) { return parseType(text, &context); }

  template <typename OpTy, typename... Args>
  OpTy build(Value input, Args &&...args) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(insertionBlock);
    return OpTy::create(builder, loc, input, std::forward<Args>(args)...);
  }

  MLIRContext context;
  OpBuilder builder;
  Location loc;
  OwningOpRef<ModuleOp> module;
  Block *insertionBlock = nullptr;
};
} // namespace

TEST_F(ReduceOpsTest, InfersStaticShapes) {
  Value x = makeValue(type("tensor<6x12x10x24xf32>"));
  EXPECT_EQ(build<SumOp>(x, ArrayRef<int64_t>{2, 3}, true).getType(),
            type("tensor<6x12x1x1xf32>"));
  EXPECT_EQ(build<SumOp>(x, ArrayRef<int64_t>{2, 3}).getType(),
            type("tensor<6x12xf32>"));
  EXPECT_EQ(build<L1Op>(x, ArrayRef<int64_t>{-2}).getType(),
            type("tensor<6x12x24xf32>"));
  EXPECT_EQ(build<MinOp>(x, ArrayRef<int64_t>{1}, true).getType(),
            type("tensor<6x1x10x24xf32>"));
  EXPECT_EQ(build<MinOp>(x, ArrayRef<int64_t>{0, 1, 2, 3}).getType(),
            type("tensor<f32>"));
  EXPECT_EQ(build<MinOp>(x, ArrayRef<int64_t>{}).getType(),
            type("tensor<6x12x10x24xf32>"));
}

TEST_F(ReduceOpsTest, InfersDynamicUnrankedRank0AndSize0) {
  Value dynamic = makeValue(type("tensor<?x4x?xi32>"));
  EXPECT_EQ(build<SumOp>(dynamic, ArrayRef<int64_t>{1}).getType(),
            type("tensor<?x?xi32>"));
  EXPECT_EQ(build<SumOp>(dynamic, ArrayRef<int64_t>{-1}, true).getType(),
            type("tensor<?x4x1xi32>"));

  Value unranked = makeValue(type("tensor<*xui8>"));
  EXPECT_EQ(build<L1Op>(unranked, ArrayRef<int64_t>{0}).getType(),
            type("tensor<*xui8>"));

  Value scalar = makeValue(type("tensor<bf16>"));
  EXPECT_EQ(build<SumOp>(scalar, ArrayRef<int64_t>{}).getType(),
            type("tensor<bf16>"));

  Value empty = makeValue(type("tensor<0x3xf16>"));
  EXPECT_EQ(build<MinOp>(empty, ArrayRef<int64_t>{0}).getType(),
            type("tensor<3xf16>"));
  EXPECT_EQ(build<MinOp>(empty, ArrayRef<int64_t>{1}, true).getType(),
            type("tensor<0x1xf16>"));
}

TEST_F(ReduceOpsTest, InfersWithAxesOperand) {
  Value x = makeValue(type("tensor<6x6x1xf32>"));
  Value one = makeValue(type("tensor<1xi64>"));
  Value many = makeValue(type("tensor<?xi32>"));
  Value none = makeValue(type("tensor<0xi64>"));
  EXPECT_EQ(build<SumOp>(x, one).getType(), type("tensor<6x?xf32>"));
  EXPECT_EQ(build<SumOp>(x, one, true).getType(), type("tensor<?x?x1xf32>"));
  EXPECT_EQ(build<SumOp>(x, many).getType(), type("tensor<*xf32>"));
  EXPECT_EQ(build<SumOp>(x, many, true).getType(), type("tensor<?x?x1xf32>"));
  EXPECT_EQ(build<SumOp>(x, none).getType(), type("tensor<6x6x1xf32>"));
  EXPECT_EQ(build<SumOp>(x, none, false, EmptyAxesMode::all).getType(),
            type("tensor<f32>"));
}

TEST_F(ReduceOpsTest, InfersWithConstantAxesOperand) {
  Value x = makeValue(type("tensor<3x4x5xf32>"));
  auto constant = [&](StringRef tensorType, ArrayRef<int64_t> values) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(insertionBlock);
    auto axesType = cast<ShapedType>(type(tensorType));
    SmallVector<APInt> bits;
    for (int64_t value : values)
      bits.push_back(APInt(axesType.getElementTypeBitWidth(), value,
                           /*isSigned=*/true));
    return arith::ConstantOp::create(builder, loc,
                                     DenseIntElementsAttr::get(axesType, bits))
        .getResult();
  };
  // As the static list would: 0-D and 1-D, any width, repeats merged.
  EXPECT_EQ(build<SumOp>(x, constant("tensor<1xi64>", {1})).getType(),
            type("tensor<3x5xf32>"));
  EXPECT_EQ(build<SumOp>(x, constant("tensor<i8>", {-1})).getType(),
            type("tensor<3x4xf32>"));
  EXPECT_EQ(
      build<L1Op>(x, constant("tensor<3xi16>", {1, 1, -2}), true).getType(),
      type("tensor<3x1x5xf32>"));
  EXPECT_EQ(
      build<MinOp>(x, constant("tensor<0xi32>", {}), false, EmptyAxesMode::all)
          .getType(),
      type("tensor<f32>"));
}

TEST_F(ReduceOpsTest, BuiltOpsVerify) {
  Value x = makeValue(type("tensor<?x8xf64>"));
  MinOp min = build<MinOp>(x, ArrayRef<int64_t>{-1}, true);
  min.setNanMode(NanMode::ignore);
  EXPECT_TRUE(succeeded(verify(min)));
  EXPECT_EQ(min.getType(), type("tensor<?x1xf64>"));
}

TEST_F(ReduceOpsTest, FailedInferenceReportsTheAxis) {
  Value x = makeValue(type("tensor<6x12xf32>"));
  SumOp::Properties properties;
  properties.axes = builder.getDenseI64ArrayAttr({2});
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  SmallVector<Type> types;
  EXPECT_TRUE(failed(SumOp::inferReturnTypes(
      &context, loc, ValueRange{x}, /*attributes=*/{},
      OpaqueProperties(&properties), /*regions=*/{}, types)));
  EXPECT_EQ(message,
            "'reduce.sum' op axis 2 is out of range [-2, 1] for input of rank 2");

  // Without a location, inference fails silently.
  message.clear();
  EXPECT_TRUE(failed(SumOp::inferReturnTypes(
      &context, std::nullopt, ValueRange{x}, /*attributes=*/{},
      OpaqueProperties(&properties), /*regions=*/{}, types)));
  EXPECT_TRUE(message.empty());
}

TEST_F(ReduceOpsTest, CreateReductionByKind) {
  Value x = makeValue(type("tensor<3x4xf32>"));
  Value bools = makeValue(type("tensor<3x4xi1>"));
  Value axes = makeValue(type("tensor<?xi64>"));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(insertionBlock);
  for (ReductionKind kind :
       {ReductionKind::sum, ReductionKind::l1, ReductionKind::min,
        ReductionKind::max, ReductionKind::prod, ReductionKind::mean,
        ReductionKind::l2, ReductionKind::sum_square, ReductionKind::log_sum,
        ReductionKind::log_sum_exp, ReductionKind::logical_and,
        ReductionKind::logical_or}) {
    bool logical = kind == ReductionKind::logical_and ||
                   kind == ReductionKind::logical_or;
    FailureOr<Value> result =
        createReduction(builder, loc, kind, logical ? bools : x,
                        ArrayRef<int64_t>{-1}, Value(), /*keepDims=*/true);
    ASSERT_TRUE(succeeded(result)) << stringifyReductionKind(kind).str();
    Operation *op = result->getDefiningOp();
    EXPECT_EQ(op->getName().getStringRef(),
              ("reduce." + stringifyReductionKind(kind)).str());
    EXPECT_EQ(result->getType(),
              type(logical ? "tensor<3x1xi1>" : "tensor<3x1xf32>"));
    EXPECT_TRUE(succeeded(verify(op)));
  }

  // Runtime axes, empty_axes and nan_mode reach the op.
  FailureOr<Value> max = createReduction(
      builder, loc, ReductionKind::max, x, std::nullopt, axes,
      /*keepDims=*/false, EmptyAxesMode::all, NanMode::ignore);
  ASSERT_TRUE(succeeded(max));
  auto maxOp = cast<MaxOp>(max->getDefiningOp());
  EXPECT_EQ(maxOp.getAxesOperand(), axes);
  EXPECT_EQ(maxOp.getEmptyAxes(), EmptyAxesMode::all);
  EXPECT_EQ(maxOp.getNanMode(), NanMode::ignore);
  EXPECT_EQ(max->getType(), type("tensor<*xf32>"));
}

TEST_F(ReduceOpsTest, CreateReductionRejectsInvalidOps) {
  Value ints = makeValue(type("tensor<3x4xi32>"));
  Value bools = makeValue(type("tensor<3x4xi1>"));
  Value floats = makeValue(type("tensor<3x4xf32>"));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(insertionBlock);
  std::vector<std::string> messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages.push_back(diag.str());
    return success();
  });
  size_t opsBefore = insertionBlock->getOperations().size();
  EXPECT_TRUE(failed(createReduction(builder, loc, ReductionKind::l2, bools,
                                     ArrayRef<int64_t>{0}, Value(), false)));
  EXPECT_TRUE(failed(createReduction(
      builder, loc, ReductionKind::l2, floats, ArrayRef<int64_t>{0}, Value(),
      false, EmptyAxesMode::noop, NanMode::propagate,
      IntRounding::nearest_even)));
  EXPECT_TRUE(failed(createReduction(builder, loc, ReductionKind::sum, ints,
                                     ArrayRef<int64_t>{1, -1}, Value(),
                                     false)));
  EXPECT_TRUE(failed(createReduction(builder, loc, ReductionKind::sum, ints,
                                     ArrayRef<int64_t>{}, Value(), false,
                                     EmptyAxesMode::all)));
  // Nothing was created.
  EXPECT_EQ(insertionBlock->getOperations().size(), opsBefore);
  ASSERT_EQ(messages.size(), 4u);
  EXPECT_EQ(messages[0], "'reduce.l2' op input element type 'i1' is not "
                         "supported: expected f16, bf16, f32, f64, "
                         "i8/i16/i32/i64 or ui8/ui16/ui32/ui64");
  EXPECT_EQ(messages[1], "'reduce.l2' op rounding 'nearest_even' applies to "
                         "integer element types only, found 'f32'");
  EXPECT_EQ(messages[2], "'reduce.sum' op axis -1 (at position 1) duplicates "
                         "axis 1 (at position 0): both name dimension 1");
  EXPECT_EQ(messages[3], "'reduce.sum' op 'empty_axes all' requires an axes "
                         "operand, but the axes are static");
}

TEST_F(ReduceOpsTest, CreateOrFoldEmptyAxes) {
  Value x = makeValue(type("tensor<4x5xf32>"));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(insertionBlock);
  Value folded =
      builder.createOrFold<SumOp>(loc, x, ArrayRef<int64_t>{}, false);
  EXPECT_EQ(folded, x);
  Value reduced =
      builder.createOrFold<SumOp>(loc, x, ArrayRef<int64_t>{1}, false);
  EXPECT_NE(reduced, x);
  EXPECT_TRUE(isa_and_present<SumOp>(reduced.getDefiningOp()));
}

TEST_F(ReduceOpsTest, ParsedModuleVerifies) {
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(
      R"mlir(
        func.func @g(%x: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
          %r = reduce.sum %x axes [2, 3] keep_dims
              : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
          return %r : tensor<6x12x1x1xf32>
        })mlir",
      &context);
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(succeeded(verify(*parsed)));
}

TEST(ReduceHelpersTest, NormalizeAxes) {
  EXPECT_EQ(*normalizeAxes({-1, 0, 3}, 4), (SmallVector<int64_t>{0, 3}));
  EXPECT_EQ(*normalizeAxes({}, 0), SmallVector<int64_t>{});
  EXPECT_TRUE(failed(normalizeAxes({4}, 4)));
  EXPECT_TRUE(failed(normalizeAxes({-5}, 4)));
  EXPECT_TRUE(failed(normalizeAxes({0}, 0)));
}

TEST(ReduceHelpersTest, SupportedElementTypes) {
  MLIRContext context;
  Builder b(&context);
  for (Type t : {Type(b.getF16Type()), Type(b.getBF16Type()),
                 Type(b.getF32Type()), Type(b.getF64Type()),
                 Type(b.getI8Type()), Type(b.getI64Type()),
                 Type(b.getIntegerType(16, /*isSigned=*/false))})
    EXPECT_TRUE(isSupportedElementType(ReductionKind::sum, t));
  for (Type t : {Type(b.getI1Type()), Type(b.getIndexType()),
                 Type(b.getIntegerType(32, /*isSigned=*/true)),
                 Type(b.getIntegerType(7)), Type(b.getType<Float8E4M3FNType>())})
    EXPECT_FALSE(isSupportedElementType(ReductionKind::max, t));
  // l2 and the logs take integers too; the logical ops take i1 only.
  EXPECT_TRUE(isSupportedElementType(ReductionKind::l2, b.getBF16Type()));
  EXPECT_TRUE(isSupportedElementType(ReductionKind::log_sum, b.getI32Type()));
  EXPECT_TRUE(isSupportedElementType(
      ReductionKind::log_sum_exp, b.getIntegerType(64, /*isSigned=*/false)));
  EXPECT_FALSE(isSupportedElementType(ReductionKind::l2, b.getI1Type()));
  EXPECT_TRUE(isSupportedElementType(ReductionKind::logical_or, b.getI1Type()));
  EXPECT_FALSE(
      isSupportedElementType(ReductionKind::logical_and, b.getI8Type()));
  EXPECT_FALSE(
      isSupportedElementType(ReductionKind::logical_and, b.getF32Type()));
}
