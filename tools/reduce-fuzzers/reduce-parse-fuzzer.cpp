//===- reduce-parse-fuzzer.cpp - Fuzzes parse, verify, canonicalize -------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// libFuzzer target: arbitrary bytes are parsed as IR of the reduce, func,
// arith and tensor dialects. Whatever parses and verifies must print and
// parse back (custom and generic form), and canonicalization must leave IR
// that verifies and round-trips. Diagnostics are the expected outcome;
// crashes, sanitizer reports, leaks and broken invariants are findings.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::reduce::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    r.insert<reduce::ReduceDialect, func::FuncDialect, arith::ArithDialect,
             tensor::TensorDialect>();
    return r;
  }();
  FuzzContext fuzz(registry);
  OwningOpRef<ModuleOp> module =
      fuzz.parse(llvm::StringRef(reinterpret_cast<const char *>(data), size));
  if (!module)
    return 0;
  fuzz.checkRoundTrip(*module);

  std::string before = print(*module);
  PassManager pm(&fuzz.get());
  pm.addPass(createCanonicalizerPass());
  // The canonicalizer itself cannot fail: a failure is the verifier
  // rejecting what a pattern or folder produced.
  if (failed(pm.run(*module)))
    fuzz.reportBug("canonicalization produced invalid IR", before);
  fuzz.checkRoundTrip(*module);
  return 0;
}
