//===- reduce-compile.cpp - Compile a module to an object and a C header --===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
//   reduce-compile input.mlir -o kernels.o [--header kernels.h]
//                  [--emit=obj|asm|llvm] [--target-cpu=native|x86-64-v3|...]
//                  [--pipeline-options "..."] [--prefix NAME_] [-O0..-O3]
//   reduce-compile model.onnx | model.xml [--weights model.bin] ...
//
// Ahead-of-time compilation (docs/aot.md): the module (or the module an
// importer makes of an ONNX model or an OpenVINO IR, chosen by the
// extension) goes through --reduce-to-llvm for the target CPU; every public
// function is exported as a C function (destination-passing, the caller
// owns every buffer) from an object that needs libc and libm only (and
// libomp with threads > 1), declared in a C header. Every error is one line
// on stderr and exit code 1.
//
//===----------------------------------------------------------------------===//

#include "reduce/Compile/CHeader.h"
#include "reduce/Compile/Compile.h"
#include "reduce/Compile/ObjectEmitter.h"
#include "reduce/Import/ImportModel.h"
#include "reduce/Import/ModelBuilder.h"
#include "reduce/JIT/JIT.h"
#include "reduce/Pipelines/ParseHazards.h"
#include "reduce/Support/ToolOptions.h"

#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <cctype>

using namespace mlir;
using namespace mlir::reduce;
namespace cl = llvm::cl;

static cl::OptionCategory category("reduce-compile options");
static CompileToolOptions common(category);

static cl::opt<std::string> outputFile("o",
                                       cl::desc("The output file (required)"),
                                       cl::value_desc("file"), cl::init(""),
                                       cl::cat(category));
static cl::opt<std::string>
    headerFile("header", cl::desc("Also write the C header to this file"),
               cl::value_desc("file"), cl::init(""), cl::cat(category));
static cl::opt<std::string>
    emitKind("emit", cl::desc("What to write: obj (an object file, the "
                              "default), asm (assembly) or llvm (optimized "
                              "LLVM IR)"),
             cl::value_desc("obj|asm|llvm"), cl::init("obj"),
             cl::cat(category));
static cl::opt<std::string> targetCpu(
    "target-cpu",
    cl::desc("The CPU to compile for: native (the host's, with the host "
             "profile), x86-64-v3, x86-64-v4 or any LLVM CPU name"),
    cl::init("native"), cl::cat(category));
static cl::opt<std::string>
    prefix("prefix",
           cl::desc("Prepended to the name of every exported C function"),
           cl::init(""), cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "reduce-compile: error: " << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

/// The input as a module in `context`: a model file through its importer,
/// else MLIR text.
static llvm::Expected<OwningOpRef<ModuleOp>> readInput(MLIRContext *context) {
  if (isModelFile(common.inputFile))
    return importModelFile(context, common.inputFile, common.weightsFile);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFileOrSTDIN(common.inputFile, /*IsText=*/true);
  if (!file)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read '" + common.inputFile +
                                       "': " + file.getError().message());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  FirstErrorCapture errors(context);
  if (failed(checkParseHazards(sourceMgr, context)))
    return errors.takeError("cannot parse '" + common.inputFile + "'");
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
  if (!module)
    return errors.takeError("cannot parse '" + common.inputFile + "'");
  return std::move(module);
}

/// Writes `write`'s output to `path` atomically enough for a build: kept
/// only when everything succeeded.
static llvm::Error
writeFile(llvm::StringRef path, bool binary,
          llvm::function_ref<llvm::Error(llvm::raw_pwrite_stream &)> write) {
  std::error_code error;
  llvm::ToolOutputFile file(path, error,
                            binary ? llvm::sys::fs::OF_None
                                   : llvm::sys::fs::OF_Text);
  if (error)
    return llvm::createStringError(error, "cannot open '" + path +
                                              "' for writing: " +
                                              error.message());
  if (llvm::Error err = write(file.os()))
    return err;
  file.os().flush();
  if (file.os().has_error())
    return llvm::createStringError(file.os().error(),
                                   "cannot write '" + path + "': " +
                                       file.os().error().message());
  file.keep();
  return llvm::Error::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  // Bad flags are one line too. Every option is a string checked here:
  // cl reports a bad value of a typed option on stderr by itself.
  std::string flagErrors;
  llvm::raw_string_ostream flagStream(flagErrors);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "reduce-compile: compile a module with reduce ops to an object "
          "file and a C header\n",
          &flagStream)) {
    // "reduce-compile: Unknown command line argument '--x'.  Try: ..."
    llvm::StringRef message = llvm::StringRef(flagErrors).trim();
    message = message.split('\n').first.split(".  Try:").first;
    message.consume_front(llvm::sys::path::filename(argv[0]));
    message.consume_front(": ");
    if (message.empty())
      return fail("invalid command line");
    // Diagnostics start in lower case: "unknown command line argument".
    std::string text = message.str();
    text[0] =
        static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    return fail(text);
  }
  if (outputFile.empty())
    return fail("no output file: expected -o <file>");
  std::optional<EmitKind> emit =
      llvm::StringSwitch<std::optional<EmitKind>>(emitKind)
          .Case("obj", EmitKind::object)
          .Case("asm", EmitKind::assembly)
          .Case("llvm", EmitKind::llvmIR)
          .Default(std::nullopt);
  if (!emit)
    return fail("invalid --emit value '" + emitKind +
                "'; expected obj, asm or llvm");
  llvm::Expected<unsigned> level = common.getOptLevel();
  if (!level)
    return fail(level.takeError());

  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createTargetMachine(targetCpu, *level);
  if (!machine)
    return fail(machine.takeError());
  CompileTarget target = describeTarget(**machine, targetCpu == "native");
  ReduceToLLVMOptions options;
  if (llvm::Error err =
          configurePipeline(options, common.pipelineOptions, target))
    return fail(std::move(err));

  DialectRegistry registry;
  registerJitDialects(registry);
  registerImportDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  llvm::Expected<OwningOpRef<ModuleOp>> module = readInput(&context);
  if (!module)
    return fail(module.takeError());
  llvm::Expected<CInterface> interface = lowerForC(**module, options, prefix);
  if (!interface)
    return fail(interface.takeError());

  std::vector<std::string> exported;
  for (const CFunction &fn : interface->functions)
    exported.push_back(fn.cName);
  if (llvm::Error err = writeFile(
          outputFile, *emit == EmitKind::object,
          [&](llvm::raw_pwrite_stream &os) {
            return emitModule(**module, exported, **machine, *level, *emit, os);
          }))
    return fail(std::move(err));
  if (!headerFile.empty()) {
    std::string source =
        common.inputFile == "-" ? "<stdin>" : common.inputFile.getValue();
    if (llvm::Error err = writeFile(
            headerFile, /*binary=*/false, [&](llvm::raw_pwrite_stream &os) {
              writeCHeader(*interface, getHeaderGuard(headerFile), source, os);
              return llvm::Error::success();
            }))
      return fail(std::move(err));
  }
  return 0;
}
