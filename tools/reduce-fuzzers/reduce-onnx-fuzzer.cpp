//===- reduce-onnx-fuzzer.cpp - Fuzzes the ONNX importer ------------------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// libFuzzer target: arbitrary bytes are imported as a serialized ModelProto
// (named as if in a folder that does not exist, so external data is never
// read). A rejected model is the expected outcome; a module the importer
// returns must verify and survive a print/parse round trip.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "reduce/Import/ModelBuilder.h"
#include "reduce/Import/Onnx.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::reduce;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    registerImportDialects(r);
    return r;
  }();
  fuzz::FuzzContext context(registry);
  llvm::Expected<OwningOpRef<ModuleOp>> module = importOnnxModel(
      &context.get(),
      llvm::StringRef(reinterpret_cast<const char *>(data), size),
      "/nonexistent-reduce-fuzz/model.onnx");
  if (!module) {
    llvm::consumeError(module.takeError());
    return 0;
  }
  if (failed(verify(**module)))
    context.reportBug("the importer returned a module that does not verify",
                      "");
  context.checkRoundTrip(**module);
  return 0;
}
