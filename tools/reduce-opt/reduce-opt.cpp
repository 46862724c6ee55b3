//===- reduce-opt.cpp - The reduce optimizer driver -------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// An mlir-opt style driver: parses, verifies, transforms and prints IR that
// mixes the reduce dialect with the upstream dialects, and registers the
// upstream passes next to ours.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/Passes.h"
#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Pipelines/Pipelines.h"
#include "reduce/Support/ParseHazards.h"
#include "reduce/Target/Passes.h"
#include "reduce/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace mlir::reduce::test {
void registerTestReduceInferTypesPass();
} // namespace mlir::reduce::test

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::reduce::ReduceDialect>();
  mlir::reduce::registerPipelineExternalModels(registry);
  // Every upstream dialect, with the interface models (bufferization,
  // ConvertToLLVM, ...) that upstream passes need on them.
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllPasses();
  mlir::reduce::registerReduceConversionPasses();
  mlir::reduce::registerReduceTransformsPasses();
  mlir::reduce::registerReduceTargetPasses();
  mlir::reduce::registerReducePipelines();
  mlir::reduce::test::registerTestReduceInferTypesPass();

  // MlirOptMain(argc, argv, ...) split open, to reject an empty input: a file
  // with nothing in it (not even a comment) is almost always a mistake in a
  // pipeline of tools, and we say so instead of printing an empty module.
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "reduce optimizer driver\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  // --show-dialects and --list-passes do not read the input.
  bool readsInput = !config.shouldShowDialects() && !config.shouldListPasses();
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      readsInput ? mlir::openInputFile(inputFilename, &errorMessage)
                 : llvm::MemoryBuffer::getMemBuffer("");
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  if (readsInput && input->getBuffer().trim().empty()) {
    llvm::errs() << "reduce-opt: error: input '" << inputFilename
                 << "' is empty: expected MLIR text\n";
    return EXIT_FAILURE;
  }
  // Stop at the first error where an upstream parser would crash after it.
  if (std::optional<mlir::reduce::ParseHazard> hazard =
          mlir::reduce::findParseHazard(input->getBuffer())) {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(input->getBuffer(),
                                         input->getBufferIdentifier(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    sourceMgr.PrintMessage(
        llvm::SMLoc::getFromPointer(input->getBufferStart() + hazard->offset),
        llvm::SourceMgr::DK_Error, hazard->message);
    return EXIT_FAILURE;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(input), registry,
                                     config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
