//===- ToolOptions.cpp - Flags the compiling tools share --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Support/ToolOptions.h"

using namespace mlir::reduce;
namespace cl = llvm::cl;

CompileToolOptions::CompileToolOptions(cl::OptionCategory &category)
    : inputFile(cl::Positional,
                cl::desc("<module.mlir, model.onnx, model.xml or - for stdin>"),
                cl::init("-"), cl::cat(category)),
      weightsFile("weights",
                  cl::desc("The .bin of an OpenVINO IR (default: beside the "
                           ".xml)"),
                  cl::init(""), cl::cat(category)),
      pipelineOptions("pipeline-options",
                      cl::desc("Options of the --reduce-to-llvm pipeline"),
                      cl::init(""), cl::cat(category)),
      optLevel("O", cl::Prefix,
               cl::desc("LLVM optimization level 0-3 (default 3)"),
               cl::value_desc("level"), cl::init("3"), cl::cat(category)) {}

llvm::Expected<unsigned> CompileToolOptions::getOptLevel() const {
  unsigned level = 0;
  if (llvm::StringRef(optLevel).getAsInteger(10, level) || level > 3)
    return llvm::createStringError("invalid optimization level '-O" + optLevel +
                                   "'; expected -O0, -O1, -O2 or "
                                   "-O3");
  return level;
}
