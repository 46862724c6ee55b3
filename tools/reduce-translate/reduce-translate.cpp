//===- reduce-translate.cpp - Import models into the reduce dialect -------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
//   reduce-translate --import-onnx model.onnx [-o out.mlir]
//   reduce-translate --import-openvino-ir model.xml [--weights model.bin]
//   reduce-translate --list-onnx-ops
//
// An mlir-translate style driver over the importers (reduce/Import). An
// import error, or a command line without an import flag, is one line on
// stderr and exit code 1. --help shows the driver's options only (LLVM's
// global ones are hidden, as in the other tools).
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/ModelBuilder.h"
#include "reduce/Import/Onnx.h"
#include "reduce/Import/OpenVino.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::reduce;

static llvm::cl::OptionCategory category("reduce-translate options");

static llvm::cl::opt<std::string>
    weightsPath("weights",
                llvm::cl::desc("The .bin of an OpenVINO IR (default: the "
                               "file beside the XML with extension .bin)"),
                llvm::cl::init(""), llvm::cl::cat(category));

/// The translations, as flags without their dashes.
static constexpr llvm::StringLiteral kImportOnnx = "import-onnx";
static constexpr llvm::StringLiteral kImportOpenVino = "import-openvino-ir";

/// Whether `argv` names a translation, or asks for help or the version
/// (which need none); otherwise mlirTranslateMain would only say that the
/// unnamed list of translations "must be specified at least once".
static bool namesTranslationOrHelp(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = llvm::StringRef(argv[i]).ltrim('-');
    if (arg.size() == llvm::StringRef(argv[i]).size())
      continue; // not a flag
    arg = arg.split('=').first;
    if (arg == kImportOnnx || arg == kImportOpenVino || arg == "h" ||
        arg.starts_with("help") || arg == "version" ||
        arg.starts_with("print-"))
      return true;
  }
  return false;
}

/// The module, or null after printing the error.
static OwningOpRef<Operation *>
reportErrors(llvm::Expected<OwningOpRef<ModuleOp>> module) {
  if (!module) {
    llvm::errs() << "reduce-translate: error: "
                 << llvm::toString(module.takeError()) << "\n";
    return nullptr;
  }
  return OwningOpRef<Operation *>(module->release());
}

/// The path the input buffer came from ("<stdin>" for standard input).
static llvm::StringRef getInputPath(llvm::SourceMgr &sourceMgr) {
  return sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
      ->getBufferIdentifier();
}

static llvm::StringRef getInputBytes(llvm::SourceMgr &sourceMgr) {
  return sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
}

int main(int argc, char **argv) {
  // The table of docs/importers.md, printed without a translation (which
  // mlirTranslateMain requires).
  if (argc == 2 && llvm::StringRef(argv[1]) == "--list-onnx-ops") {
    printOnnxOpTable(llvm::outs());
    return 0;
  }
  // Before mlirTranslateMain registers its own options (input, -o, the
  // translations, ...), which stay visible beside ours.
  llvm::cl::HideUnrelatedOptions(category);
  if (!namesTranslationOrHelp(argc, argv)) {
    llvm::errs() << "reduce-translate: error: expected an import flag: --"
                 << kImportOnnx << " (an ONNX model) or --" << kImportOpenVino
                 << " (an OpenVINO IR), or --list-onnx-ops alone; see "
                    "--help\n";
    return 1;
  }
  TranslateToMLIRRegistration importOnnx(
      kImportOnnx, "import an ONNX model (.onnx)",
      [](llvm::SourceMgr &sourceMgr, MLIRContext *context) {
        return reportErrors(importOnnxModel(
            context, getInputBytes(sourceMgr), getInputPath(sourceMgr)));
      },
      registerImportDialects);
  TranslateToMLIRRegistration importOpenVino(
      kImportOpenVino,
      "import an OpenVINO IR (.xml, with its .bin beside it or --weights)",
      [](llvm::SourceMgr &sourceMgr, MLIRContext *context) {
        llvm::StringRef path = getInputPath(sourceMgr);
        if (path == "<stdin>" && weightsPath.empty())
          return reportErrors(importOpenVinoIR(
              context, getInputBytes(sourceMgr), std::nullopt, path));
        return reportErrors(
            importOpenVinoIRFile(context, path, weightsPath));
      },
      registerImportDialects);
  return failed(mlirTranslateMain(
      argc, argv,
      "reduce model importers (--list-onnx-ops alone prints the table of "
      "the ONNX ops)"));
}
