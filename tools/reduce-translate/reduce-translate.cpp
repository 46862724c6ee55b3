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
// import error is one line on stderr and exit code 1.
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

static llvm::cl::opt<std::string>
    weightsPath("weights",
                llvm::cl::desc("The .bin of an OpenVINO IR (default: the "
                               "file beside the XML with extension .bin)"),
                llvm::cl::init(""));

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
  TranslateToMLIRRegistration importOnnx(
      "import-onnx", "import an ONNX model (.onnx)",
      [](llvm::SourceMgr &sourceMgr, MLIRContext *context) {
        return reportErrors(importOnnxModel(
            context, getInputBytes(sourceMgr), getInputPath(sourceMgr)));
      },
      registerImportDialects);
  TranslateToMLIRRegistration importOpenVino(
      "import-openvino-ir",
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
