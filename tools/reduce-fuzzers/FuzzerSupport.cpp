//===- FuzzerSupport.cpp - Shared code of the libFuzzer targets -----------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Regex.h"
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

/// Returns true if `text` has a `dimensions =` or `permutation =` that is
/// not followed by a list of integers in brackets (or by an `array<`
/// attribute, as in the generic form). The custom parsers of linalg.reduce,
/// linalg.broadcast and linalg.transpose in MLIR 22 store the null
/// attribute that a failed DenseI64ArrayAttr::parse returns and crash on it
/// (`dimensions = [1func.func]` is a SEGV in NamedAttrList::set): an
/// upstream bug these inputs would keep finding.
static bool hitsUpstreamArrayParseCrash(llvm::StringRef text) {
  static const llvm::Regex keyword("(dimensions|permutation)[ \t\n]*=");
  static const llvm::Regex list(
      "^[ \t\n]*(array<|\\[[ \t\n]*(-?[0-9]+[ \t\n]*(,[ \t\n]*-?[0-9]+"
      "[ \t\n]*)*)?\\])");
  llvm::StringRef rest = text;
  SmallVector<llvm::StringRef, 2> match;
  while (keyword.match(rest, &match)) {
    rest = rest.drop_front(match[0].data() - rest.data() + match[0].size());
    if (!list.match(rest))
      return true;
  }
  return false;
}

OwningOpRef<ModuleOp> FuzzContext::parse(llvm::StringRef text) {
  if (hitsUpstreamArrayParseCrash(text))
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
