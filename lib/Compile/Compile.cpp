//===- Compile.cpp - Lower a module for ahead-of-time use from C ---------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The same lowering as the JIT (reduce/JIT/JIT.h): verify, record the
// signatures, mark the arguments read-only, --reduce-to-llvm{out-params};
// then the C wrappers. Unlike the JIT, the target may be another CPU than
// the host's, and the object may not depend on MLIR's runtime libraries.
//
//===----------------------------------------------------------------------===//

#include "reduce/Compile/Compile.h"

#include "reduce/Compile/CWrappers.h"
#include "reduce/Compile/RuntimeSupport.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::reduce;

//===----------------------------------------------------------------------===//
// FirstErrorCapture
//===----------------------------------------------------------------------===//

FirstErrorCapture::FirstErrorCapture(MLIRContext *context) : context(context) {
  id = context->getDiagEngine().registerHandler([this](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Error || !first.empty())
      return success();
    llvm::raw_string_ostream os(first);
    // The first file location inside it (a name, call site or fusion of
    // locations wraps the one the user wrote).
    FileLineColLoc location;
    diag.getLocation()->walk([&](Location inner) {
      location = dyn_cast<FileLineColLoc>(inner);
      return location ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (location)
      os << location.getFilename().getValue() << ":" << location.getLine()
         << ":" << location.getColumn() << ": ";
    os << diag.str();
    // One line: a multi-line message is joined.
    std::replace(first.begin(), first.end(), '\n', ' ');
    return success();
  });
}

FirstErrorCapture::~FirstErrorCapture() {
  context->getDiagEngine().eraseHandler(id);
}

llvm::Error FirstErrorCapture::takeError(const llvm::Twine &fallback) {
  std::string message = first.empty() ? fallback.str() : first;
  first.clear();
  return llvm::createStringError(message);
}

//===----------------------------------------------------------------------===//
// Pipeline options
//===----------------------------------------------------------------------===//

llvm::Error mlir::reduce::configurePipeline(ReduceToLLVMOptions &options,
                                            llvm::StringRef text,
                                            const CompileTarget &target) {
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (failed(options.parseFromString(text, problemStream))) {
    // "<Pass-Options-Parser>: no such option bogus" -> "no such option bogus"
    llvm::StringRef problem = llvm::StringRef(problems).trim();
    problem = problem.split('\n').first;
    if (problem.contains(": "))
      problem = problem.split(": ").second;
    return llvm::createStringError("invalid pipeline options '" + text + "'" +
                                   (problem.empty() ? "" : ": " + problem));
  }
  // The wrappers pass the static-shaped results as out-params.
  options.outParams = true;
  if (!target.isNative) {
    // The host's profile and features say nothing about another CPU.
    options.hostProfile = false;
    if (!options.vectorWidth)
      options.vectorWidth = target.vectorWidth;
    if (!options.streamVectorWidth)
      options.streamVectorWidth = getStreamVectorWidth(options.vectorWidth);
    if (!options.vectorRegisters.hasValue())
      options.vectorRegisters = target.vectorRegisters;
    if (options.minimumLowering == MinimumLowering::Auto)
      options.minimumLowering =
          target.hasRange ? MinimumLowering::Range : MinimumLowering::Or;
  }
  // The backend stops with a fatal error on instructions the CPU lacks.
  bool hasRange = target.isNative ? hostHasRange() : target.hasRange;
  if (options.minimumLowering == MinimumLowering::Range && !hasRange)
    return llvm::createStringError(
        "pipeline option minimum-lowering=range needs "
        "AVX-512DQ and AVX-512VL, which CPU '" +
        target.cpu + "' does not have");
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

llvm::Expected<CInterface>
mlir::reduce::lowerForC(ModuleOp module, const ReduceToLLVMOptions &options,
                        llvm::StringRef prefix) {
  MLIRContext *context = module.getContext();
  FirstErrorCapture errors(context);
  if (failed(verifyPipelineInput(module)))
    return errors.takeError("the module does not verify");
  // The C ABI has no notion of the process a call runs in.
  for (Operation &op : module.getBody()->getOperations())
    if (op.getName().getStringRef() == "shard.grid")
      return llvm::createStringError(
          "the module has a shard.grid: a distributed module "
          "runs through reduce-run under mpirun, not as an "
          "object file (docs/distributed.md)");

  llvm::Expected<CInterface> interface = analyzeCInterface(module, prefix);
  if (!interface)
    return interface.takeError();
  // Arguments are the caller's, read-only: bufferization must not write
  // into them.
  for (const CFunction &fn : interface->functions)
    markArgumentsReadOnly(module.lookupSymbol<func::FuncOp>(fn.mlirName));

  PassManager pm(context);
  buildReduceToLLVMPipeline(pm, options);
  if (failed(pm.run(module)))
    return errors.takeError("lowering to the LLVM dialect failed");
  if (llvm::Error err = recordLowering(*interface, module))
    return std::move(err);
  if (llvm::Error err = defineRuntimeSupport(module))
    return std::move(err);
  if (llvm::Error err = emitCWrappers(module, *interface))
    return std::move(err);
  if (failed(verify(module)))
    return errors.takeError("the module with the C wrappers does not verify");
  return interface;
}
