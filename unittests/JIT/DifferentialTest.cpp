//===- DifferentialTest.cpp - JIT results vs the reference ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Random reductions (every numeric op: sum, l1, min, max, prod, mean, l2,
// sum_square, log_sum, log_sum_exp, on every element type it takes; rank
// 0-5, sizes including 0, 1 and odd sizes past a vector width, random axes
// sets spelled with negative axes and in any order, keep_dims, both NaN
// modes, NaN/inf/-0.0 and integer extremes, static and dynamic shapes)
// compiled through the JIT and compared with the independent reference in
// ReferenceReduce.cpp: integers, min and max bit for bit, the other float
// results within the order-independent bounds stated there.
//
// REDUCE_DIFF_SEED (default 20261121) and REDUCE_DIFF_CASES (default 400)
// select the cases; a failure prints the seed and the case to replay it.
// REDUCE_DIFF_PIPELINE replaces the default pipeline options, and
// REDUCE_DIFF_ONLY=N compiles and checks case N alone (to replay a failure).
//
//===----------------------------------------------------------------------===//

#include "RandomInputs.h"
#include "ReferenceReduce.h"

#include "reduce/JIT/JIT.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>

using namespace mlir::reduce;
using reference::fillInput;
using reference::opName;
using reference::tensorType;

namespace {

struct Case {
  reference::Reduction reduction;
  ElementType type;
  std::vector<int64_t> shape;
  std::vector<bool> dynamic;
  std::unique_ptr<Buffer> input;
  std::string mlir;
};

using reference::envOr;

Case makeCase(std::mt19937_64 &rng, unsigned index) {
  static const std::vector<int64_t> sizes = {0,  1,  1,  2,  3,  5,  7,  8,
                                             13, 16, 17, 31, 33, 64, 100};
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Case c;
  // Every numeric op on every element type it takes. (logical_and and
  // logical_or, on i1, are checked against numpy by the execution tests:
  // test/Integration/exec-bool.test and examples.test.)
  c.reduction.op = static_cast<reference::Op>(rng() % reference::kNumOps);
  c.type = reference::randomElementType(rng, c.reduction.op);
  unsigned rank = rng() % 6;
  c.shape = reference::randomShape(rng, sizes, rank, 20000);
  c.dynamic = reference::randomDynamic(rng, rank, 0.25, 0.5);

  bool all = rank > 0 && unit(rng) < 0.15;
  for (unsigned i = 0; i < rank; ++i)
    if (all || unit(rng) < 0.5)
      c.reduction.axes.push_back(unit(rng) < 0.5 ? int64_t(i)
                                                 : int64_t(i) - int64_t(rank));
  std::shuffle(c.reduction.axes.begin(), c.reduction.axes.end(), rng);
  c.reduction.keepDims = unit(rng) < 0.5;
  c.reduction.ignoreNaN =
      reference::hasNanMode(c.reduction.op) && unit(rng) < 0.4;

  c.input = std::make_unique<Buffer>(c.type, c.shape);
  fillInput(*c.input, rng);
  int64_t reducedExtent = 1;
  for (int64_t axis : c.reduction.axes)
    reducedExtent *= c.shape[axis < 0 ? axis + rank : axis];
  reference::adaptInput(*c.input, rng, c.reduction.op, reducedExtent);

  std::vector<int64_t> resultShape =
      reference::resultShape(c.shape, c.reduction);
  std::vector<bool> resultDynamic;
  {
    std::vector<bool> reduced(rank, false);
    for (int64_t axis : c.reduction.axes)
      reduced[axis < 0 ? axis + rank : axis] = true;
    for (unsigned i = 0; i < rank; ++i) {
      if (!reduced[i])
        resultDynamic.push_back(c.dynamic[i]);
      else if (c.reduction.keepDims)
        resultDynamic.push_back(false);
    }
  }
  std::string in = tensorType(c.shape, c.dynamic, c.type);
  std::string out = tensorType(resultShape, resultDynamic, c.type);
  std::string axes;
  for (size_t i = 0; i < c.reduction.axes.size(); ++i)
    axes += (i ? ", " : "") + std::to_string(c.reduction.axes[i]);
  c.mlir = "func.func @case" + std::to_string(index) + "(%x: " + in + ") -> " +
           out + " {\n  %r = reduce." + opName(c.reduction.op) + " %x axes [" +
           axes + "]" + (c.reduction.keepDims ? " keep_dims" : "") +
           (c.reduction.ignoreNaN ? " nan_mode ignore" : "") + " : " + in +
           " -> " + out + "\n  return %r : " + out + "\n}\n";
  return c;
}

/// Compiles `cases` into one module with `pipelineOptions` and checks every
/// output element. Returns the number of mismatching cases.
unsigned runBatch(std::vector<Case> &cases, unsigned first,
                  const std::string &pipelineOptions, uint64_t seed,
                  uint64_t &elements) {
  std::string source;
  for (const Case &c : cases)
    source += c.mlir;
  JitOptions options;
  options.pipelineOptions = pipelineOptions;
  auto module = JitModule::compile(source, options, "differential");
  if (!module) {
    ADD_FAILURE() << "seed " << seed << ": compiling cases " << first << ".."
                  << first + cases.size() - 1 << " with '" << pipelineOptions
                  << "' failed: " << llvm::toString(module.takeError());
    return cases.size();
  }
  unsigned failures = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    Case &c = cases[i];
    std::string name = "case" + std::to_string(first + i);
    auto fn = (*module)->lookup(name);
    if (!fn) {
      ADD_FAILURE() << llvm::toString(fn.takeError());
      ++failures;
      continue;
    }
    auto results = fn->call({c.input->getView()});
    if (!results) {
      ADD_FAILURE() << "seed " << seed << " " << name << ": "
                    << llvm::toString(results.takeError());
      ++failures;
      continue;
    }
    std::vector<reference::Expected> expected =
        reference::reduce(*c.input, c.reduction);
    const Buffer &got = (*results)[0];
    std::string error;
    if (std::vector<int64_t>(got.getShape().begin(), got.getShape().end()) !=
        reference::resultShape(c.shape, c.reduction))
      error = "result shape " + formatShape(got.getShape());
    for (size_t k = 0; error.empty() && k < expected.size(); ++k) {
      std::string mismatch = reference::compare(
          c.type, c.reduction.op, expected[k], got.getData(), k);
      if (!mismatch.empty())
        error = "element " + std::to_string(k) + ": " + mismatch;
      ++elements;
    }
    // callInto computes the same bytes into a caller's buffer.
    if (error.empty()) {
      Buffer into(got.getElementType(), got.getShape());
      if (llvm::Error err =
              fn->callInto({c.input->getView()}, {into.getMutableView()}))
        error = "callInto: " + llvm::toString(std::move(err));
      else if (got.getSizeInBytes() &&
               std::memcmp(into.getData(), got.getData(),
                           got.getSizeInBytes()) != 0)
        error = "callInto wrote other bytes than call returned";
    }
    if (!error.empty()) {
      ++failures;
      std::string input;
      llvm::raw_string_ostream os(input);
      if (c.input->getNumElements() <= 64)
        printNested(os, c.input->getView());
      ADD_FAILURE() << "seed " << seed << " " << name << " with '"
                    << pipelineOptions << "': " << error << "\n"
                    << c.mlir << "input: " << input;
    }
  }
  return failures;
}

TEST(DifferentialTest, JitMatchesReference) {
  uint64_t seed = envOr("REDUCE_DIFF_SEED", 20261121);
  unsigned numCases = envOr("REDUCE_DIFF_CASES", 400);
  constexpr unsigned kBatch = 25;
  std::mt19937_64 rng(seed);
  // The default (vectorized, reassociating) pipeline on every case; every
  // fourth batch also through the strict-order path, another target
  // description, or the scalar-loop path.
  const char *pipeline = std::getenv("REDUCE_DIFF_PIPELINE");
  std::string variants[] = {
      pipeline ? pipeline : "", "strict-fp-order=true", "lower-to-loops=true",
      // Another target description (docs/tuning.md): every strategy with
      // other tiles and streams, and the streamed ones on small inputs.
      "outer-rows-per-step=2 stream-rows=2 row-streams=2 split-block-tiles=2 "
      "max-short-row-bytes=64 max-row-registers=2 min-stream-bytes=1"};
  unsigned failures = 0, checked = 0;
  uint64_t elements = 0;
  const char *only = std::getenv("REDUCE_DIFF_ONLY");
  if (only) {
    unsigned index = std::strtoul(only, nullptr, 10);
    std::vector<Case> cases;
    for (unsigned i = 0; i <= index; ++i) {
      Case c = makeCase(rng, i);
      if (i == index)
        cases.push_back(std::move(c));
    }
    std::fprintf(stderr, "%s", cases[0].mlir.c_str());
    for (const std::string &variant : variants)
      failures += runBatch(cases, index, variant, seed, elements);
    EXPECT_EQ(failures, 0u);
    return;
  }
  for (unsigned first = 0; first < numCases; first += kBatch) {
    std::vector<Case> cases;
    for (unsigned i = first; i < std::min(numCases, first + kBatch); ++i)
      cases.push_back(makeCase(rng, i));
    unsigned batch = first / kBatch;
    failures += runBatch(cases, first, variants[0], seed, elements);
    checked += cases.size();
    if (batch % 4 == 1) {
      failures += runBatch(cases, first, variants[1], seed, elements);
      checked += cases.size();
    }
    if (batch % 4 == 2) {
      failures += runBatch(cases, first, variants[3], seed, elements);
      checked += cases.size();
    }
    if (batch % 4 == 3) {
      failures += runBatch(cases, first, variants[2], seed, elements);
      checked += cases.size();
    }
  }
  EXPECT_EQ(failures, 0u) << "seed " << seed << ": " << failures << " of "
                          << checked << " runs differ from the reference";
  std::printf("differential: seed %llu, %u cases, %u runs checked, %llu "
              "output elements compared, %u mismatches\n",
              static_cast<unsigned long long>(seed), numCases, checked,
              static_cast<unsigned long long>(elements), failures);
}

} // namespace
