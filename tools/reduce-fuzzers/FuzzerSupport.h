//===- FuzzerSupport.h - Shared code of the libFuzzer targets ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What every fuzz target does with its input bytes: parse them as a module
// in a fresh context (no state leaks from one input to the next), collect
// the diagnostics instead of printing them, and turn a broken invariant into
// a crash that libFuzzer reports.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TOOLS_REDUCE_FUZZERS_FUZZERSUPPORT_H
#define REDUCE_TOOLS_REDUCE_FUZZERS_FUZZERSUPPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class DialectRegistry;

namespace reduce::fuzz {

/// A fresh single-threaded context over `registry` whose diagnostics are
/// recorded (see `getDiagnostics`) rather than printed.
class FuzzContext {
public:
  explicit FuzzContext(const DialectRegistry &registry);
  ~FuzzContext();

  MLIRContext &get() { return context; }

  /// Parses `text` as a module (the parser verifies it). Returns null when
  /// the text is not valid IR; that is the common, uninteresting outcome.
  /// Text that would crash an upstream custom parser (a malformed
  /// `dimensions = [...]` of a linalg op, FuzzerSupport.cpp) is not parsed.
  OwningOpRef<ModuleOp> parse(llvm::StringRef text);

  /// The diagnostics emitted so far, one per line.
  const std::string &getDiagnostics() const { return diagnostics; }

  /// Prints `what`, the offending IR and the diagnostics to stderr and
  /// aborts, so that libFuzzer records the input as a crash.
  [[noreturn]] void reportBug(llvm::StringRef what, llvm::StringRef ir);

  /// Checks that `module` prints (in the custom and in the generic form) to
  /// text that parses and verifies again; reports a bug otherwise.
  void checkRoundTrip(ModuleOp module);

private:
  MLIRContext context;
  std::string diagnostics;
  uint64_t handlerId;
};

/// Returns true when every op nested in `module` belongs to one of the
/// dialects in `namespaces` (the builtin dialect is always allowed).
bool onlyUsesDialects(ModuleOp module, llvm::ArrayRef<llvm::StringRef> namespaces);

/// Prints `op` in the custom (or generic) assembly form.
std::string print(Operation *op, bool generic = false);

} // namespace reduce::fuzz
} // namespace mlir

#endif // REDUCE_TOOLS_REDUCE_FUZZERS_FUZZERSUPPORT_H
