//===- Compile.h - Lower a module for ahead-of-time use from C --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The stages of reduce-compile before code generation:
//   configurePipeline: the --reduce-to-llvm options for a target CPU;
//   lowerForC: tensor-level module -> C interface (CInterface.h) + the module
//   in the LLVM dialect with the exported wrappers (CWrappers.h).
// ObjectEmitter.h then writes the object and CHeader.h the header.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_COMPILE_COMPILE_H
#define REDUCE_COMPILE_COMPILE_H

#include "reduce/Compile/CInterface.h"
#include "reduce/Compile/ObjectEmitter.h"
#include "reduce/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Error.h"

namespace mlir::reduce {

/// Captures, while it lives, the first error diagnostic of `context` as one
/// line: "file:line:col: message" (the first file location in the
/// diagnostic's location; its notes dropped). Other diagnostics are dropped
/// too: a tool (reduce-compile, and reduce-run through the JIT) reports one
/// line per failure.
class FirstErrorCapture {
public:
  explicit FirstErrorCapture(MLIRContext *context);
  ~FirstErrorCapture();
  FirstErrorCapture(const FirstErrorCapture &) = delete;
  FirstErrorCapture &operator=(const FirstErrorCapture &) = delete;

  /// The captured error, else an error saying `fallback`.
  llvm::Error takeError(const llvm::Twine &fallback);

private:
  MLIRContext *context;
  DiagnosticEngine::HandlerID id;
  std::string first;
};

/// Sets `options` from the textual pipeline options `text` (as reduce-run
/// takes them) for code that runs on `target`: always out-params; for the
/// host's CPU the host profile applies as in the JIT; for another CPU the
/// static default (host-profile=false) with that CPU's vector width and
/// minimum lowering, unless `text` sets them. Fails on invalid options and
/// on minimum-lowering=range for a CPU without the range instructions.
llvm::Error configurePipeline(ReduceToLLVMOptions &options,
                              llvm::StringRef text,
                              const CompileTarget &target);

/// Decides the C interface of `module` (functions exported as `prefix` +
/// name), lowers it in place to the LLVM dialect with `options` and adds the
/// exported wrappers. Fails with one message (the first diagnostic, with its
/// location) when the module does not verify, cannot be exported, does not
/// lower, or calls a runtime library the object cannot contain.
llvm::Expected<CInterface> lowerForC(ModuleOp module,
                                     const ReduceToLLVMOptions &options,
                                     llvm::StringRef prefix);

} // namespace mlir::reduce

#endif // REDUCE_COMPILE_COMPILE_H
