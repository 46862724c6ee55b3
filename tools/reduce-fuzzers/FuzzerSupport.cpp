//===- FuzzerSupport.cpp - Shared code of the libFuzzer targets -----------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "reduce/Support/ParseHazards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::reduce::fuzz;

FuzzContext::FuzzContext(const DialectRegistry &registry)
    : context(registry, MLIRContext::Threading::DISABLED) {
  handlerId = context.getDiagEngine().registerHandler([this](Diagnostic &diag) {
    llvm::raw_string_ostream os(diagnostics);
    os << diag.getLocation() << ": " << diag << "\n";
    for (const Diagnostic &note : diag.getNotes())
      os << "  note: " << note << "\n";
    return success();
  });
}

FuzzContext::~FuzzContext() { context.getDiagEngine().eraseHandler(handlerId); }

OwningOpRef<ModuleOp> FuzzContext::parse(llvm::StringRef text) {
  // The tools stop at this first error (ParseHazards.h); the upstream
  // crash behind it is not ours to find again.
  if (mlir::reduce::findParseHazard(text))
    return {};
  // The MLIR lexer relies on a NUL after the buffer (as a file read through
  // MemoryBuffer has); libFuzzer's bytes have none, so copy them.
  std::string terminated = text.str();
  return parseSourceString<ModuleOp>(terminated, ParserConfig(&context),
                                     "fuzz");
}

void FuzzContext::reportBug(llvm::StringRef what, llvm::StringRef ir) {
  llvm::errs() << "reduce fuzzer: " << what << "\n--- IR ---\n"
               << ir << "\n--- diagnostics ---\n"
               << diagnostics << "---\n";
  llvm::errs().flush();
  std::abort();
}

std::string mlir::reduce::fuzz::print(Operation *op, bool generic) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  op->print(os, flags);
  return text;
}

void FuzzContext::checkRoundTrip(ModuleOp module) {
  for (bool generic : {false, true}) {
    std::string text = print(module, generic);
    if (!parse(text))
      reportBug(generic ? "the generic form does not parse back"
                        : "the custom form does not parse back",
                text);
  }
}

bool mlir::reduce::fuzz::onlyUsesDialects(
    ModuleOp module, llvm::ArrayRef<llvm::StringRef> namespaces) {
  WalkResult result = module->walk([&](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns == "builtin" || llvm::is_contained(namespaces, ns))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}
