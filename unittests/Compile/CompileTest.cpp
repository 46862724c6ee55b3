//===- CompileTest.cpp - Tests of reduce-compile's decisions ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The decisions of ahead-of-time compilation, apart from the rewrites and
// the code (test/Compile runs those): the C interface of a module, the
// pipeline options for a target CPU, the target a CPU name describes, the
// header guard.
//
//===----------------------------------------------------------------------===//

#include "reduce/Compile/CHeader.h"
#include "reduce/Compile/CInterface.h"
#include "reduce/Compile/Compile.h"
#include "reduce/Compile/ObjectEmitter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Target/TargetMachine.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::reduce;

namespace {

class CInterfaceTest : public ::testing::Test {
protected:
  CInterfaceTest() { context.loadDialect<func::FuncDialect>(); }

  llvm::Expected<CInterface> analyze(llvm::StringRef source,
                                     llvm::StringRef prefix = "") {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    return analyzeCInterface(*module, prefix);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

/// Static tensors are plain pointers and the results out-params; a dynamic
/// result makes the function return its results; private functions are not
/// exported.
TEST_F(CInterfaceTest, StaticAndDynamicFunctions) {
  llvm::Expected<CInterface> interface = analyze(R"mlir(
    func.func @plain(%x: tensor<6x12xf32>) -> tensor<6x12xf32> {
      return %x : tensor<6x12xf32>
    }
    func.func @dynamic(%x: tensor<?x8xi32>, %y: tensor<ui8>) -> (tensor<?x8xi32>, tensor<ui8>) {
      return %x, %y : tensor<?x8xi32>, tensor<ui8>
    }
    func.func private @hidden(%x: tensor<4xf32>) -> tensor<4xf32> {
      return %x : tensor<4xf32>
    }
  )mlir", "k_");
  ASSERT_TRUE(bool(interface)) << llvm::toString(interface.takeError());
  ASSERT_EQ(interface->functions.size(), 2u);

  const CFunction &plain = interface->functions[0];
  EXPECT_EQ(plain.mlirName, "plain");
  EXPECT_EQ(plain.cName, "k_plain");
  EXPECT_TRUE(plain.hasOutParams());
  EXPECT_FALSE(plain.hasRuntimeStatus);
  ASSERT_EQ(plain.arguments.size(), 1u);
  EXPECT_TRUE(plain.arguments[0].isStatic());
  EXPECT_EQ(plain.arguments[0].getNumElements(), 72);
  EXPECT_EQ(plain.arguments[0].elementType, ElementType::f32);

  const CFunction &dynamic = interface->functions[1];
  EXPECT_FALSE(dynamic.hasOutParams());
  EXPECT_FALSE(dynamic.arguments[0].isStatic());
  EXPECT_EQ(dynamic.arguments[0].getRank(), 2);
  EXPECT_TRUE(dynamic.results[1].isStatic());
  EXPECT_EQ(dynamic.results[1].getRank(), 0);
  EXPECT_EQ(dynamic.results[1].getNumElements(), 1);
  EXPECT_EQ(dynamic.results[1].elementType, ElementType::u8);
}

TEST_F(CInterfaceTest, RejectsUnrankedResults) {
  llvm::Expected<CInterface> interface = analyze(R"mlir(
    func.func @g(%x: tensor<*xf32>) -> tensor<*xf32> {
      return %x : tensor<*xf32>
    }
  )mlir");
  ASSERT_FALSE(bool(interface));
  EXPECT_EQ(llvm::toString(interface.takeError()),
            "function 'g': argument #0 has type 'tensor<*xf32>': unranked "
            "tensors are not supported by reduce-compile (their rank is "
            "known only at run time; expected a ranked tensor, e.g. with "
            "keep_dims or static axes)");
}

TEST_F(CInterfaceTest, MainNeedsAPrefix) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      return %x : tensor<4xf32>
    }
  )mlir";
  llvm::Expected<CInterface> unprefixed = analyze(source);
  ASSERT_FALSE(bool(unprefixed));
  EXPECT_NE(llvm::toString(unprefixed.takeError()).find("give --prefix"),
            std::string::npos);
  llvm::Expected<CInterface> prefixed = analyze(source, "model_");
  ASSERT_TRUE(bool(prefixed)) << llvm::toString(prefixed.takeError());
  EXPECT_EQ(prefixed->functions[0].cName, "model_main");
}

TEST(CTypeTest, StorageTypes) {
  EXPECT_EQ(getCTypeName(ElementType::f32), "float");
  EXPECT_EQ(getCTypeName(ElementType::f64), "double");
  EXPECT_EQ(getCTypeName(ElementType::f16), "uint16_t");
  EXPECT_EQ(getCTypeName(ElementType::bf16), "uint16_t");
  EXPECT_EQ(getCTypeName(ElementType::i1), "uint8_t");
  EXPECT_EQ(getCTypeName(ElementType::i8), "int8_t");
  EXPECT_EQ(getCTypeName(ElementType::i64), "int64_t");
  EXPECT_EQ(getCTypeName(ElementType::u16), "uint16_t");
  EXPECT_EQ(getCTypeName(ElementType::u32), "uint32_t");
}

/// The codes are listed in order: the header indexes them by value.
TEST(CReturnCodeTest, InOrder) {
  for (auto [index, info] : llvm::enumerate(getCReturnCodes()))
    EXPECT_EQ(static_cast<size_t>(info.code), index);
}

TEST(HeaderGuardTest, FileNameInUpperCase) {
  EXPECT_EQ(getHeaderGuard("out/kernels.h"), "REDUCE_AOT_KERNELS_H");
  EXPECT_EQ(getHeaderGuard("my-model.v2.h"), "REDUCE_AOT_MY_MODEL_V2_H");
}

//===----------------------------------------------------------------------===//
// Targets and pipeline options
//===----------------------------------------------------------------------===//

TEST(CompileTargetTest, NamedLevels) {
  auto v3 = createTargetMachine("x86-64-v3", 3);
  ASSERT_TRUE(bool(v3)) << llvm::toString(v3.takeError());
  CompileTarget target = describeTarget(**v3, /*isNative=*/false);
  EXPECT_EQ(target.cpu, "x86-64-v3");
  EXPECT_EQ(target.vectorWidth, 256u);
  EXPECT_FALSE(target.hasRange);
  EXPECT_EQ(target.vectorRegisters, 16);

  auto v4 = createTargetMachine("x86-64-v4", 3);
  ASSERT_TRUE(bool(v4)) << llvm::toString(v4.takeError());
  target = describeTarget(**v4, /*isNative=*/false);
  EXPECT_EQ(target.vectorWidth, 512u);
  EXPECT_TRUE(target.hasRange);
  EXPECT_EQ(target.vectorRegisters, 32);
}

TEST(CompileTargetTest, RejectsUnknownCpusAndLevels) {
  auto unknown = createTargetMachine("pentium9", 3);
  ASSERT_FALSE(bool(unknown));
  EXPECT_NE(llvm::toString(unknown.takeError()).find("unknown CPU 'pentium9'"),
            std::string::npos);
  auto level = createTargetMachine("native", 4);
  ASSERT_FALSE(bool(level));
  llvm::consumeError(level.takeError());
}

/// Another CPU than the host's: the static default with that CPU's width
/// and minimum lowering, always out-params; what the user sets wins.
TEST(ConfigurePipelineTest, OtherCpu) {
  CompileTarget v3{/*isNative=*/false, "x86-64-v3", 256, false};
  ReduceToLLVMOptions options;
  ASSERT_FALSE(bool(configurePipeline(options, "", v3)));
  EXPECT_FALSE(options.hostProfile);
  EXPECT_TRUE(options.outParams);
  EXPECT_EQ(options.vectorWidth, 256u);
  EXPECT_EQ(options.streamVectorWidth, 256u);
  EXPECT_EQ(options.minimumLowering, MinimumLowering::Or);
  EXPECT_EQ(options.vectorRegisters, 16);

  ReduceToLLVMOptions set;
  ASSERT_FALSE(bool(configurePipeline(set, "vector-width=128 threads=2", v3)));
  EXPECT_EQ(set.vectorWidth, 128u);
  EXPECT_EQ(set.streamVectorWidth, 128u);
  EXPECT_EQ(set.threads, 2u);

  CompileTarget v4{/*isNative=*/false, "x86-64-v4", 512, true, 32};
  ReduceToLLVMOptions wide;
  ASSERT_FALSE(bool(configurePipeline(wide, "", v4)));
  EXPECT_EQ(wide.vectorWidth, 512u);
  EXPECT_EQ(wide.streamVectorWidth, 256u);
  EXPECT_EQ(wide.minimumLowering, MinimumLowering::Range);
  EXPECT_EQ(wide.vectorRegisters, 32);
  ReduceToLLVMOptions fewer;
  ASSERT_FALSE(bool(configurePipeline(fewer, "vector-registers=16", v4)));
  EXPECT_EQ(fewer.vectorRegisters, 16);
}

TEST(ConfigurePipelineTest, NativeKeepsTheHostProfile) {
  CompileTarget native{/*isNative=*/true, "host", 256, false};
  ReduceToLLVMOptions options;
  ASSERT_FALSE(bool(configurePipeline(options, "", native)));
  EXPECT_TRUE(options.hostProfile);
  EXPECT_TRUE(options.outParams);
  EXPECT_EQ(options.vectorWidth, 0u);
  EXPECT_EQ(options.minimumLowering, MinimumLowering::Auto);
  EXPECT_FALSE(options.vectorRegisters.hasValue());
}

TEST(ConfigurePipelineTest, Errors) {
  CompileTarget v3{/*isNative=*/false, "x86-64-v3", 256, false};
  ReduceToLLVMOptions range;
  llvm::Error err = configurePipeline(range, "minimum-lowering=range", v3);
  ASSERT_TRUE(bool(err));
  EXPECT_EQ(llvm::toString(std::move(err)),
            "pipeline option minimum-lowering=range needs AVX-512DQ and "
            "AVX-512VL, which CPU 'x86-64-v3' does not have");
  ReduceToLLVMOptions bogus;
  err = configurePipeline(bogus, "bogus=1", v3);
  ASSERT_TRUE(bool(err));
  EXPECT_EQ(llvm::toString(std::move(err)),
            "invalid pipeline options 'bogus=1': no such option bogus");
}

} // namespace
