//===- RuntimeAxesTest.cpp - Runtime axes vs the reference ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Random reductions (every numeric op) whose axes are a runtime argument
// (rank 0-5, static and dynamic input sizes, axes 0-D, 1-D of static or
// dynamic length, i8 to i64, negative and repeated values, both keep_dims
// and empty_axes modes, unranked, ranked and fully static written result
// types), each called
// with several axes values through the JIT and compared with the reference
// in ReferenceReduce.cpp. Axes out of range, hostile values (INT64_MIN,
// the type's extremes) and actual shapes that contradict a static result
// type must give an error from the call.
//
// REDUCE_RUNTIME_AXES_SEED (default 20261123) and REDUCE_RUNTIME_AXES_CASES
// (default 64) select the cases. Batches of 16 cases go in turn through the
// default pipeline, two threads, the scalar-loop path and strict FP order.
//
//===----------------------------------------------------------------------===//

#include "RandomInputs.h"
#include "ReferenceReduce.h"

#include "reduce/JIT/JIT.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

using namespace mlir::reduce;

namespace {

enum class AxesForm { scalar, fixedLength, dynamicLength };

/// One call: raw axes values and what the call must give.
struct Call {
  std::vector<int64_t> axes;
  /// Empty when the call must succeed, else a piece of the error message.
  std::string error;
  reference::Reduction reduction;
};

struct Case {
  reference::Op op;
  bool ignoreNaN = false;
  ElementType type;
  std::vector<int64_t> shape;
  std::vector<bool> dynamic;
  bool keepDims = false;
  bool emptyAll = false;
  AxesForm form;
  size_t fixedLength = 0;
  ElementType axesType;
  bool staticResult = false;
  std::vector<Call> calls;
  std::unique_ptr<Buffer> input;
  std::string mlir;
};

using reference::envOr;

/// The reduced dims (sorted, unique) of raw `axes` on rank `rank`, or false
/// when an axis is out of range.
bool normalize(const std::vector<int64_t> &axes, int64_t rank, bool emptyAll,
               std::vector<int64_t> &dims) {
  dims.clear();
  if (axes.empty() && emptyAll)
    for (int64_t dim = 0; dim < rank; ++dim)
      dims.push_back(dim);
  for (int64_t axis : axes) {
    if (axis < -rank || axis >= rank)
      return false;
    dims.push_back(axis < 0 ? axis + rank : axis);
  }
  std::sort(dims.begin(), dims.end());
  dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
  return true;
}

/// Random raw axes of `length` values for rank `rank` (repeats allowed; for
/// rank 0, zeros, which are out of range).
std::vector<int64_t> randomAxes(std::mt19937_64 &rng, size_t length,
                                int64_t rank) {
  std::vector<int64_t> axes;
  if (rank == 0)
    return std::vector<int64_t>(length, 0);
  for (size_t i = 0; i < length; ++i) {
    int64_t dim = rng() % rank;
    axes.push_back(rng() % 2 ? dim : dim - rank);
  }
  return axes;
}

/// A value no input rank accepts, that the axes type can hold.
int64_t hostileAxis(std::mt19937_64 &rng, ElementType axesType, int64_t rank) {
  int64_t bits = 8 * getByteWidth(axesType);
  int64_t typeMin = bits == 64 ? std::numeric_limits<int64_t>::min()
                               : -(int64_t(1) << (bits - 1));
  int64_t typeMax = bits == 64 ? std::numeric_limits<int64_t>::max()
                               : (int64_t(1) << (bits - 1)) - 1;
  const int64_t candidates[] = {rank, -rank - 1, typeMin, typeMax, rank + 64};
  return candidates[rng() % std::size(candidates)];
}

Case makeCase(std::mt19937_64 &rng, unsigned index) {
  static const std::vector<int64_t> sizes = {0,  1,  2,  3,  5,  7, 8,
                                             13, 16, 17, 31, 33, 64};
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Case c;
  // Every numeric op on every element type it takes.
  c.op = static_cast<reference::Op>(rng() % reference::kNumOps);
  c.type = reference::randomElementType(rng, c.op);
  int64_t rank = rng() % 6;
  c.shape = reference::randomShape(rng, sizes, rank, 20000);
  c.dynamic = reference::randomDynamic(rng, rank, 0.4, 0.6);
  c.ignoreNaN = reference::hasNanMode(c.op) && unit(rng) < 0.3;
  c.keepDims = unit(rng) < 0.5;
  c.emptyAll = unit(rng) < 0.4;
  const ElementType axesTypes[] = {ElementType::i8, ElementType::i16,
                                   ElementType::i32, ElementType::i64};
  c.axesType = axesTypes[rng() % std::size(axesTypes)];
  c.form =
      rank == 0 ? AxesForm::dynamicLength : static_cast<AxesForm>(rng() % 3);
  c.fixedLength = rng() % (rank + 2);

  // Three axes values, one possibly hostile.
  for (int k = 0; k < 3; ++k) {
    size_t length = c.form == AxesForm::scalar        ? 1
                    : c.form == AxesForm::fixedLength ? c.fixedLength
                                                      : rng() % (rank + 2);
    Call call;
    call.axes = randomAxes(rng, length, rank);
    if (length > 0 && k == 2 && unit(rng) < 0.5)
      call.axes[rng() % length] = hostileAxis(rng, c.axesType, rank);
    c.calls.push_back(std::move(call));
  }
  // A written result type as static as the first call's actual shape.
  c.staticResult = unit(rng) < 0.3;

  std::vector<int64_t> firstShape;
  for (Call &call : c.calls) {
    std::vector<int64_t> dims;
    call.reduction = {c.op, {}, c.keepDims, c.ignoreNaN};
    if (!normalize(call.axes, rank, c.emptyAll, dims)) {
      call.error = "is out of range";
      continue;
    }
    call.reduction.axes = dims;
    std::vector<int64_t> shape =
        reference::resultShape(c.shape, call.reduction);
    if (&call == &c.calls.front())
      firstShape = shape;
    else if (c.staticResult && shape != firstShape)
      call.error = shape.size() != firstShape.size()
                       ? "result type has rank"
                       : "but the result type says";
  }
  // A first call out of range leaves nothing to make static.
  if (!c.calls.front().error.empty())
    c.staticResult = false;
  if (!c.staticResult)
    for (Call &call : c.calls)
      if (call.error != "is out of range")
        call.error.clear();

  c.input = std::make_unique<Buffer>(c.type, c.shape);
  reference::fillInput(*c.input, rng);
  // The calls reduce different sets: adapt to the largest, the whole input.
  reference::adaptInput(*c.input, rng, c.op, c.input->getNumElements());

  std::string in = reference::tensorType(c.shape, c.dynamic, c.type);
  std::string axesType =
      c.form == AxesForm::scalar
          ? "tensor<" + getMlirName(c.axesType).str() + ">"
      : c.form == AxesForm::fixedLength
          ? "tensor<" + std::to_string(c.fixedLength) + "x" +
                getMlirName(c.axesType).str() + ">"
          : "tensor<?x" + getMlirName(c.axesType).str() + ">";
  std::string out;
  if (c.staticResult)
    out = reference::tensorType(
        firstShape, std::vector<bool>(firstShape.size(), false), c.type);
  else if (c.keepDims)
    out = reference::tensorType(c.shape, std::vector<bool>(rank, true), c.type);
  else
    out = "tensor<*x" + getMlirName(c.type).str() + ">";
  c.mlir = "func.func @case" + std::to_string(index) + "(%x: " + in +
           ", %a: " + axesType + ") -> " + out + " {\n  %r = reduce." +
           reference::opName(c.op) + " %x axes %a" +
           (c.keepDims ? " keep_dims" : "") +
           (c.emptyAll ? " empty_axes all" : "") +
           (c.ignoreNaN ? " nan_mode ignore" : "") + " : " + in + ", " +
           axesType + " -> " + out + "\n  return %r : " + out + "\n}\n";
  return c;
}

/// The axes of `call` as a buffer of the case's axes type and form.
Buffer makeAxes(const Case &c, const Call &call) {
  std::vector<int64_t> shape;
  if (c.form != AxesForm::scalar)
    shape.push_back(call.axes.size());
  Buffer axes(c.axesType, shape);
  size_t width = getByteWidth(c.axesType);
  for (size_t i = 0; i < call.axes.size(); ++i)
    std::memcpy(static_cast<char *>(axes.getData()) + i * width, &call.axes[i],
                width); // Little-endian: the low bytes.
  return axes;
}

/// Checks one call; returns an empty string or what went wrong.
std::string checkCall(const JitFunction &fn, const Case &c, const Call &call) {
  Buffer axes = makeAxes(c, call);
  auto results = fn.call({c.input->getView(), axes.getView()});
  if (!call.error.empty()) {
    if (results)
      return "expected an error containing '" + call.error + "'";
    std::string message = llvm::toString(results.takeError());
    if (message.find(call.error) == std::string::npos)
      return "expected an error containing '" + call.error +
             "', got: " + message;
    return "";
  }
  if (!results)
    return llvm::toString(results.takeError());
  const Buffer &got = (*results)[0];
  if (std::vector<int64_t>(got.getShape().begin(), got.getShape().end()) !=
      reference::resultShape(c.shape, call.reduction))
    return "result shape " + formatShape(got.getShape());
  std::vector<reference::Expected> expected =
      reference::reduce(*c.input, call.reduction);
  for (size_t k = 0; k < expected.size(); ++k) {
    std::string mismatch =
        reference::compare(c.type, c.op, expected[k], got.getData(), k);
    if (!mismatch.empty())
      return "element " + std::to_string(k) + ": " + mismatch;
  }
  // callInto computes the same bytes into a caller's buffer.
  Buffer into(got.getElementType(), got.getShape());
  if (llvm::Error err = fn.callInto({c.input->getView(), axes.getView()},
                                    {into.getMutableView()}))
    return "callInto: " + llvm::toString(std::move(err));
  if (got.getSizeInBytes() &&
      std::memcmp(into.getData(), got.getData(), got.getSizeInBytes()) != 0)
    return "callInto wrote other bytes than call returned";
  return "";
}

TEST(RuntimeAxesTest, JitMatchesReference) {
  uint64_t seed = envOr("REDUCE_RUNTIME_AXES_SEED", 20261123);
  unsigned numCases = envOr("REDUCE_RUNTIME_AXES_CASES", 64);
  constexpr unsigned kBatch = 16;
  const char *variants[] = {"", "threads=2 min-parallel-bytes=1",
                            "lower-to-loops=true", "strict-fp-order=true"};
  std::mt19937_64 rng(seed);
  unsigned failures = 0, calls = 0, errors = 0;
  for (unsigned first = 0; first < numCases; first += kBatch) {
    std::vector<Case> cases;
    std::string source;
    for (unsigned i = first; i < std::min(numCases, first + kBatch); ++i) {
      cases.push_back(makeCase(rng, i));
      source += cases.back().mlir;
    }
    JitOptions options;
    options.pipelineOptions = variants[first / kBatch % std::size(variants)];
    auto module = JitModule::compile(source, options, "runtime-axes");
    ASSERT_TRUE(static_cast<bool>(module))
        << "seed " << seed << " with '" << options.pipelineOptions
        << "': " << llvm::toString(module.takeError()) << "\n"
        << source;
    for (size_t i = 0; i < cases.size(); ++i) {
      const Case &c = cases[i];
      auto fn = (*module)->lookup("case" + std::to_string(first + i));
      ASSERT_TRUE(static_cast<bool>(fn)) << llvm::toString(fn.takeError());
      for (const Call &call : c.calls) {
        ++calls;
        errors += !call.error.empty();
        std::string problem = checkCall(*fn, c, call);
        if (problem.empty())
          continue;
        ++failures;
        std::string axes;
        for (int64_t axis : call.axes)
          axes += std::to_string(axis) + " ";
        ADD_FAILURE() << "seed " << seed << " case" << first + i
                      << " with axes [ " << axes << "] and '"
                      << options.pipelineOptions << "': " << problem << "\n"
                      << c.mlir;
      }
    }
  }
  EXPECT_EQ(failures, 0u);
  std::printf("runtime axes: seed %llu, %u cases, %u calls (%u expected "
              "errors), %u mismatches\n",
              static_cast<unsigned long long>(seed), numCases, calls, errors,
              failures);
}

} // namespace
