//===- reduce-openvino-fuzzer.cpp - Fuzzes the OpenVINO IR importer -------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// libFuzzer target: arbitrary bytes go to importOpenVinoIR. Input format:
// the XML text, then optionally a NUL byte and the bytes of the weights
// (.bin). Without a NUL byte the IR has no weights file (a Const layer is an
// error). The seeds in corpus-openvino are made by
// `utils/make-openvino-ir.py --corpus DIR`.
//
// A rejected model is the expected outcome; its error must say which file
// it is about. An accepted model must verify (the importer checks that) and
// print to text that parses and verifies again, in the custom and in the
// generic form.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "reduce/Import/ModelBuilder.h"
#include "reduce/Import/OpenVino.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <optional>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    registerImportDialects(r);
    return r;
  }();
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  auto [xml, rest] = bytes.split('\0');
  std::optional<llvm::StringRef> weights;
  if (xml.size() < bytes.size())
    weights = rest;

  FuzzContext fuzz(registry);
  llvm::Expected<OwningOpRef<ModuleOp>> module =
      importOpenVinoIR(&fuzz.get(), xml, weights, "fuzz.xml");
  if (!module) {
    std::string message = llvm::toString(module.takeError());
    if (!llvm::StringRef(message).starts_with("'fuzz.xml': "))
      fuzz.reportBug("an import error does not name the model: " + message,
                     xml);
    return 0;
  }
  fuzz.checkRoundTrip(**module);
  return 0;
}
