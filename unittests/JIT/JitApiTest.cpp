//===- JitApiTest.cpp - The JIT C++ API -------------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Compile once, call many times, results as owned buffers; and every error
// path returns an llvm::Error with a useful message instead of aborting.
//
//===----------------------------------------------------------------------===//

#include "reduce/JIT/JIT.h"
#include "reduce/Pipelines/Pipelines.h"

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>

using namespace mlir;
using namespace mlir::reduce;

namespace {

std::unique_ptr<JitModule> compileOrFail(llvm::StringRef source,
                                         JitOptions options = {}) {
  auto module = JitModule::compile(source, options);
  if (!module) {
    ADD_FAILURE() << llvm::toString(module.takeError());
    return nullptr;
  }
  return std::move(*module);
}

std::string errorOf(llvm::Error error) {
  return llvm::toString(std::move(error));
}

template <typename T>
std::string errorOf(llvm::Expected<T> value) {
  if (value)
    return "<no error>";
  return llvm::toString(value.takeError());
}

constexpr llvm::StringLiteral kSumRows = R"mlir(
  func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {
    %r = reduce.sum %x axes [1] : tensor<2x3xf32> -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
  func.func @dynamic(%x: tensor<?x?xi32>) -> (tensor<?xi32>, tensor<1x?xi32>) {
    %r = reduce.min %x axes [-1] : tensor<?x?xi32> -> tensor<?xi32>
    %k = reduce.l1 %x axes [0] keep_dims : tensor<?x?xi32> -> tensor<1x?xi32>
    return %r, %k : tensor<?xi32>, tensor<1x?xi32>
  }
  func.func @identity(%x: tensor<4xf32>) -> tensor<4xf32> {
    %r = reduce.sum %x axes [] : tensor<4xf32> -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func @constant() -> tensor<2xi8> {
    %c = arith.constant dense<[[100, 100], [-128, 0]]> : tensor<2x2xi8>
    %r = reduce.sum %c axes [1] : tensor<2x2xi8> -> tensor<2xi8>
    return %r : tensor<2xi8>
  }
  func.func @memref_arg(%m: memref<4xf32>) {
    return
  }
  func.func private @hidden(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
)mlir";

TEST(JitApiTest, CompileOnceCallMany) {
  std::unique_ptr<JitModule> module = compileOrFail(kSumRows);
  ASSERT_TRUE(module);
  EXPECT_GT(module->getCompileMillis(), 0.0);
  auto main = module->lookup("main");
  ASSERT_TRUE(bool(main)) << errorOf(main.takeError());
  EXPECT_EQ(main->getArguments()[0].str(), "tensor<2x3xf32>");
  EXPECT_EQ(main->getResults()[0].str(), "tensor<2xf32>");
  for (int round = 0; round < 3; ++round) {
    float data[] = {1, 2, 3, 4, 5, float(round)};
    int64_t shape[] = {2, 3};
    auto results = main->call({BufferView{ElementType::f32, shape, data}});
    ASSERT_TRUE(bool(results)) << errorOf(results.takeError());
    ASSERT_EQ(results->size(), 1u);
    auto values = (*results)[0].getElements<float>();
    EXPECT_EQ(values[0], 6.0f);
    EXPECT_EQ(values[1], 9.0f + round);
  }
}

TEST(JitApiTest, DynamicShapesAndSeveralResults) {
  std::unique_ptr<JitModule> module = compileOrFail(kSumRows);
  ASSERT_TRUE(module);
  auto fn = module->lookup("dynamic");
  ASSERT_TRUE(bool(fn)) << errorOf(fn.takeError());
  int32_t data[] = {3, -7, 5, -2147483648, 1, 2};
  int64_t shape[] = {3, 2};
  auto results = fn->call({BufferView{ElementType::i32, shape, data}});
  ASSERT_TRUE(bool(results)) << errorOf(results.takeError());
  ASSERT_EQ(results->size(), 2u);
  EXPECT_EQ((*results)[0].getShape(), (llvm::ArrayRef<int64_t>{3}));
  EXPECT_EQ((*results)[0].getElements<int32_t>(),
            (llvm::ArrayRef<int32_t>{-7, -2147483648, 1}));
  // |3| + |5| + |1| = 9; |-7| + |INT_MIN| + |2| wraps.
  EXPECT_EQ((*results)[1].getShape(), (llvm::ArrayRef<int64_t>{1, 2}));
  EXPECT_EQ((*results)[1].getElements<int32_t>()[0], 9);
  EXPECT_EQ((*results)[1].getElements<int32_t>()[1],
            static_cast<int32_t>(7u + 2147483648u + 2u));
}

TEST(JitApiTest, ResultAliasingTheInputIsCopiedAndInputUntouched) {
  std::unique_ptr<JitModule> module = compileOrFail(kSumRows);
  ASSERT_TRUE(module);
  auto fn = module->lookup("identity");
  ASSERT_TRUE(bool(fn)) << errorOf(fn.takeError());
  float data[] = {1.5f, -2.0f, 0.0f, 4.0f};
  int64_t shape[] = {4};
  auto results = fn->call({BufferView{ElementType::f32, shape, data}});
  ASSERT_TRUE(bool(results)) << errorOf(results.takeError());
  EXPECT_NE((*results)[0].getData(), static_cast<void *>(data));
  EXPECT_EQ((*results)[0].getElements<float>(),
            (llvm::ArrayRef<float>{1.5f, -2.0f, 0.0f, 4.0f}));
  EXPECT_EQ(data[1], -2.0f);
}

TEST(JitApiTest, ConstantResult) {
  std::unique_ptr<JitModule> module = compileOrFail(kSumRows);
  ASSERT_TRUE(module);
  auto fn = module->lookup("constant");
  ASSERT_TRUE(bool(fn)) << errorOf(fn.takeError());
  for (int i = 0; i < 2; ++i) {
    auto results = fn->call({});
    ASSERT_TRUE(bool(results)) << errorOf(results.takeError());
    EXPECT_EQ((*results)[0].getElements<int8_t>(),
              (llvm::ArrayRef<int8_t>{-56, -128}));
  }
}

TEST(JitApiTest, CompileFromModuleOp) {
  MLIRContext context;
  context.loadDialect<ReduceDialect, func::FuncDialect>();
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  auto inputType = RankedTensorType::get({4, 8}, builder.getF64Type());
  auto func = func::FuncOp::create(
      builder, loc, "main",
      builder.getFunctionType({inputType},
                              {RankedTensorType::get({8}, builder.getF64Type())}));
  builder.setInsertionPointToEnd(func.addEntryBlock());
  auto min = MinOp::create(builder, loc, func.getArgument(0),
                           llvm::ArrayRef<int64_t>{0});
  func::ReturnOp::create(builder, loc, min.getResult());

  auto jit = JitModule::compile(*module, JitOptions());
  ASSERT_TRUE(bool(jit)) << errorOf(jit.takeError());
  // The caller's module is not lowered in place.
  EXPECT_FALSE(module->getOps<func::FuncOp>().empty());
  auto fn = (*jit)->lookup("main");
  ASSERT_TRUE(bool(fn)) << errorOf(fn.takeError());
  std::vector<double> data(32);
  for (int i = 0; i < 32; ++i)
    data[i] = 100 - i;
  int64_t shape[] = {4, 8};
  auto results = fn->call({BufferView{ElementType::f64, shape, data.data()}});
  ASSERT_TRUE(bool(results)) << errorOf(results.takeError());
  EXPECT_EQ((*results)[0].getElements<double>()[0], 76.0);
}

TEST(JitApiTest, ArgumentErrors) {
  std::unique_ptr<JitModule> module = compileOrFail(kSumRows);
  ASSERT_TRUE(module);
  auto main = module->lookup("main");
  ASSERT_TRUE(bool(main));
  float data[6] = {};
  int64_t good[] = {2, 3}, badSize[] = {2, 4}, badRank[] = {6};
  EXPECT_EQ(errorOf(main->call({})),
            "'main' takes 1 argument(s), but 0 were given");
  EXPECT_EQ(errorOf(main->call({BufferView{ElementType::f32, good, data},
                                BufferView{ElementType::f32, good, data}})),
            "'main' takes 1 argument(s), but 2 were given");
  EXPECT_EQ(errorOf(main->call({BufferView{ElementType::f64, good, data}})),
            "argument #0 of 'main': element type mismatch: expected "
            "tensor<2x3xf32>, got 2x3 of f64");
  EXPECT_EQ(errorOf(main->call({BufferView{ElementType::f32, badRank, data}})),
            "argument #0 of 'main': rank mismatch: expected tensor<2x3xf32>, "
            "got 6 of f32");
  EXPECT_EQ(errorOf(main->call({BufferView{ElementType::f32, badSize, data}})),
            "argument #0 of 'main': size mismatch: expected tensor<2x3xf32>, "
            "got 2x4 of f32");
  EXPECT_EQ(errorOf(main->call({BufferView{ElementType::f32, good, nullptr}})),
            "argument #0 of 'main': null data pointer: expected "
            "tensor<2x3xf32>, got 2x3 of f32");
}

TEST(JitApiTest, CallIntoWritesCallerBuffers) {
  std::unique_ptr<JitModule> module = compileOrFail(kSumRows);
  ASSERT_TRUE(module);
  auto main = module->lookup("main");
  ASSERT_TRUE(bool(main)) << errorOf(main.takeError());
  EXPECT_TRUE(main->hasOutParams());
  float data[] = {1, 2, 3, 4, 5, 6};
  int64_t shape[] = {2, 3}, resultShape[] = {2};
  float out[3] = {-1, -1, -1};
  for (int round = 0; round < 3; ++round) {
    data[5] = float(round);
    EXPECT_EQ(errorOf(main->callInto(
                  {BufferView{ElementType::f32, shape, data}},
                  {MutableBufferView{ElementType::f32, resultShape, out}})),
              "");
    EXPECT_EQ(out[0], 6.0f);
    EXPECT_EQ(out[1], 9.0f + round);
    EXPECT_EQ(out[2], -1.0f) << "written past the result";
  }
  // A result that is the input, or a constant, is copied in.
  auto identity = module->lookup("identity");
  ASSERT_TRUE(bool(identity));
  float in[] = {1.5f, -2.0f, 0.0f, 4.0f}, copy[4] = {};
  int64_t four[] = {4};
  EXPECT_EQ(errorOf(identity->callInto(
                {BufferView{ElementType::f32, four, in}},
                {MutableBufferView{ElementType::f32, four, copy}})),
            "");
  EXPECT_EQ(llvm::ArrayRef<float>(copy), llvm::ArrayRef<float>(in));
  auto constant = module->lookup("constant");
  ASSERT_TRUE(bool(constant));
  int8_t sums[2] = {};
  int64_t two[] = {2};
  EXPECT_EQ(errorOf(constant->callInto(
                {}, {MutableBufferView{ElementType::i8, two, sums}})),
            "");
  EXPECT_EQ(llvm::ArrayRef<int8_t>(sums), (llvm::ArrayRef<int8_t>{-56, -128}));
}

TEST(JitApiTest, CallIntoDynamicShapes) {
  std::unique_ptr<JitModule> module = compileOrFail(kSumRows);
  ASSERT_TRUE(module);
  auto fn = module->lookup("dynamic");
  ASSERT_TRUE(bool(fn)) << errorOf(fn.takeError());
  // Dynamic result shapes: the kernel allocates, callInto copies.
  EXPECT_FALSE(fn->hasOutParams());
  int32_t data[] = {3, -7, 5, 0, 1, 2};
  int64_t shape[] = {3, 2}, minShape[] = {3}, l1Shape[] = {1, 2};
  int32_t mins[3] = {}, norms[2] = {};
  EXPECT_EQ(errorOf(fn->callInto(
                {BufferView{ElementType::i32, shape, data}},
                {MutableBufferView{ElementType::i32, minShape, mins},
                 MutableBufferView{ElementType::i32, l1Shape, norms}})),
            "");
  EXPECT_EQ(llvm::ArrayRef<int32_t>(mins), (llvm::ArrayRef<int32_t>{-7, 0, 1}));
  EXPECT_EQ(llvm::ArrayRef<int32_t>(norms), (llvm::ArrayRef<int32_t>{9, 9}));
  // A dynamic size other than the computed one: an error, nothing written.
  int64_t wrongShape[] = {1, 3};
  int32_t wide[3] = {-1, -1, -1};
  mins[0] = 42;
  EXPECT_EQ(errorOf(fn->callInto(
                {BufferView{ElementType::i32, shape, data}},
                {MutableBufferView{ElementType::i32, minShape, mins},
                 MutableBufferView{ElementType::i32, wrongShape, wide}})),
            "result #1 of 'dynamic': size mismatch: the call computed 1x2, "
            "got 1x3");
  EXPECT_EQ(mins[0], 42);
  EXPECT_EQ(wide[0], -1);
}

TEST(JitApiTest, CallIntoErrors) {
  std::unique_ptr<JitModule> module = compileOrFail(kSumRows);
  ASSERT_TRUE(module);
  auto main = module->lookup("main");
  ASSERT_TRUE(bool(main));
  float data[6] = {}, out[3] = {};
  int64_t shape[] = {2, 3}, resultShape[] = {2}, badShape[] = {3};
  BufferView input{ElementType::f32, shape, data};
  EXPECT_EQ(errorOf(main->callInto({input}, {})),
            "'main' takes 1 result buffer(s), but 0 were given");
  EXPECT_EQ(errorOf(main->callInto(
                {}, {MutableBufferView{ElementType::f32, resultShape, out}})),
            "'main' takes 1 argument(s), but 0 were given");
  EXPECT_EQ(errorOf(main->callInto(
                {input}, {MutableBufferView{ElementType::f32, badShape, out}})),
            "result #0 of 'main': size mismatch: expected tensor<2xf32>, got "
            "3 of f32");
  EXPECT_EQ(
      errorOf(main->callInto(
          {input}, {MutableBufferView{ElementType::i32, resultShape, out}})),
      "result #0 of 'main': element type mismatch: expected "
      "tensor<2xf32>, got 2 of i32");
  EXPECT_EQ(
      errorOf(main->callInto(
          {input},
          {MutableBufferView{ElementType::f32, resultShape, nullptr}})),
      "result #0 of 'main': null data pointer: expected tensor<2xf32>, got 2 "
      "of f32");
  // The kernel reads the input while it writes the result.
  EXPECT_EQ(errorOf(main->callInto(
                {input},
                {MutableBufferView{ElementType::f32, resultShape, data + 4}})),
            "result #0 of 'main' overlaps argument #0");
  // Adjacent is not overlapping.
  float adjacent[8] = {};
  EXPECT_EQ(
      errorOf(main->callInto(
          {BufferView{ElementType::f32, shape, adjacent}},
          {MutableBufferView{ElementType::f32, resultShape, adjacent + 6}})),
      "");
  auto dynamic = module->lookup("dynamic");
  ASSERT_TRUE(bool(dynamic));
  int32_t ints[6] = {}, both[3] = {};
  int64_t minShape[] = {3}, l1Shape[] = {1, 2};
  EXPECT_EQ(errorOf(dynamic->callInto(
                {BufferView{ElementType::i32, shape, ints}},
                {MutableBufferView{ElementType::i32, minShape, both},
                 MutableBufferView{ElementType::i32, l1Shape, both + 2}})),
            "result #1 of 'dynamic' overlaps result #0");
}

TEST(JitApiTest, LookupErrors) {
  std::unique_ptr<JitModule> module = compileOrFail(kSumRows);
  ASSERT_TRUE(module);
  EXPECT_EQ(errorOf(module->lookup("nope")),
            "no entry function 'nope' in the module (entries: 'main', "
            "'dynamic', 'identity', 'constant')");
  EXPECT_EQ(errorOf(module->lookup("memref_arg")),
            "function 'memref_arg' cannot be called: argument #0 has type "
            "'memref<4xf32>'; expected a ranked tensor of f16, bf16, f32, "
            "f64, i1, i8..i64 or ui8..ui64");
  EXPECT_EQ(errorOf(module->lookup("hidden")),
            "no entry function 'hidden' in the module (entries: 'main', "
            "'dynamic', 'identity', 'constant')");
}

TEST(JitApiTest, CompileErrors) {
  std::string parse = errorOf(JitModule::compile("func.func @f(", {}, "bad.mlir"));
  // One line, "file:line:col: message", as reduce-compile reports it.
  EXPECT_EQ(parse.rfind("bad.mlir:1:", 0), 0u) << parse;
  EXPECT_EQ(parse.find('\n'), std::string::npos) << parse;

  std::string verify = errorOf(JitModule::compile(R"mlir(
    func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
      %r = reduce.sum %x axes [1] : tensor<4xf32> -> tensor<4xf32>
      return %r : tensor<4xf32>
    })mlir", {}, "verify.mlir"));
  EXPECT_EQ(verify, "verify.mlir:3:12: 'reduce.sum' op axis 1 is out of "
                    "range [-1, 0] for input of rank 1");

  std::string lower = errorOf(JitModule::compile(R"mlir(
    func.func @f(%x: tensor<*xf32>) -> tensor<*xf32> {
      %r = reduce.sum %x axes [0] : tensor<*xf32> -> tensor<*xf32>
      return %r : tensor<*xf32>
    })mlir", {}, "lower.mlir"));
  EXPECT_NE(lower.find("lower.mlir:3:"), std::string::npos) << lower;

  JitOptions badOptions;
  badOptions.pipelineOptions = "no-such-option=1";
  EXPECT_EQ(errorOf(JitModule::compile(kSumRows, badOptions)),
            "invalid pipeline options 'no-such-option=1'");
  JitOptions badLevel;
  badLevel.optLevel = 4;
  EXPECT_EQ(errorOf(JitModule::compile(kSumRows, badLevel)),
            "optimization level 4 is out of range [0, 3]");
}

// minimum-lowering=range compiles on a CPU with AVX-512DQ and AVX-512VL,
// and is refused with an error elsewhere (the backend would stop the
// process). Only the branch of this machine's CPU runs.
TEST(JitApiTest, RangeMinimumNeedsAVX512DQ) {
  JitOptions range;
  range.pipelineOptions = "minimum-lowering=range";
  auto module = JitModule::compile(R"mlir(
    func.func @f(%x: tensor<4x64xf32>) -> tensor<4xf32> {
      %r = reduce.min %x axes [1] : tensor<4x64xf32> -> tensor<4xf32>
      return %r : tensor<4xf32>
    })mlir", range);
  if (!hostHasRange()) {
    ASSERT_FALSE(module);
    EXPECT_EQ(llvm::toString(module.takeError()),
              "pipeline option minimum-lowering=range needs AVX-512DQ and "
              "AVX-512VL, which this CPU does not have");
    return;
  }
  ASSERT_TRUE(bool(module)) << llvm::toString(module.takeError());
  auto function = (*module)->lookup("f");
  ASSERT_TRUE(bool(function)) << llvm::toString(function.takeError());
  std::vector<float> input(4 * 64);
  for (size_t i = 0; i < input.size(); ++i)
    input[i] = static_cast<float>(i % 64) - 10.0f;
  input[64 + 5] = std::numeric_limits<float>::quiet_NaN();
  int64_t shape[] = {4, 64};
  auto results = function->call({{ElementType::f32, shape, input.data()}});
  ASSERT_TRUE(bool(results)) << llvm::toString(results.takeError());
  llvm::ArrayRef<float> values = (*results)[0].getElements<float>();
  EXPECT_EQ(values[0], -10.0f);
  EXPECT_TRUE(std::isnan(values[1]));
  EXPECT_EQ(values[2], -10.0f);
  EXPECT_EQ(values[3], -10.0f);
}

} // namespace

TEST(JitApiTest, NontemporalStores) {
  // A result of 64 KiB stored non-temporally where the caller's buffer is
  // 64-byte aligned, and through the caches where it is not (16-byte and
  // 4-byte aligned buffers): the same values either way, nothing written
  // outside the result.
  constexpr llvm::StringLiteral kScaleRows = R"mlir(
    func.func @main(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
      %m = reduce.max %x axes [1] : tensor<64x256xf32> -> tensor<64xf32>
      %init = tensor.empty() : tensor<64x256xf32>
      %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%init : tensor<64x256xf32>) dimensions = [1]
      %y = arith.subf %x, %mb : tensor<64x256xf32>
      return %y : tensor<64x256xf32>
    }
  )mlir";
  JitOptions options;
  options.pipelineOptions = "host-profile=false nontemporal-store-bytes=4096";
  std::unique_ptr<JitModule> module = compileOrFail(kScaleRows, options);
  ASSERT_TRUE(module);
  auto main = module->lookup("main");
  ASSERT_TRUE(bool(main)) << errorOf(main.takeError());
  constexpr int64_t kRows = 64, kColumns = 256, kSize = kRows * kColumns;
  std::vector<float> x(kSize);
  for (int64_t i = 0; i < kSize; ++i)
    x[i] = static_cast<float>((i * 37) % 101) - 50.0f;
  std::vector<float> want(kSize);
  for (int64_t row = 0; row < kRows; ++row) {
    float max = x[row * kColumns];
    for (int64_t col = 0; col < kColumns; ++col)
      max = std::max(max, x[row * kColumns + col]);
    for (int64_t col = 0; col < kColumns; ++col)
      want[row * kColumns + col] = x[row * kColumns + col] - max;
  }
  int64_t shape[] = {kRows, kColumns};
  // Room for the result at each offset and a sentinel after it.
  constexpr size_t kPadding = 32;
  float *storage = static_cast<float *>(
      std::aligned_alloc(64, (kSize + kPadding) * sizeof(float)));
  ASSERT_NE(storage, nullptr);
  for (size_t offset : {size_t(0), size_t(4), size_t(1)}) {
    std::fill(storage, storage + kSize + kPadding, 1234.5f);
    float *out = storage + offset;
    EXPECT_EQ(errorOf(main->callInto(
                  {BufferView{ElementType::f32, shape, x.data()}},
                  {MutableBufferView{ElementType::f32, shape, out}})),
              "");
    EXPECT_EQ(llvm::ArrayRef<float>(out, kSize), llvm::ArrayRef<float>(want))
        << "offset " << offset;
    for (size_t i = 0; i < offset; ++i)
      EXPECT_EQ(storage[i], 1234.5f) << "written before the result";
    EXPECT_EQ(out[kSize], 1234.5f) << "written past the result";
  }
  std::free(storage);
}
