//===- ToolOptions.h - Flags the compiling tools share ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The command-line flags that reduce-run and reduce-compile both take, one
// definition of each: the input (a module or a model), an OpenVINO IR's
// weights, the options of the --reduce-to-llvm pipeline and the LLVM
// optimization level.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_SUPPORT_TOOLOPTIONS_H
#define REDUCE_SUPPORT_TOOLOPTIONS_H

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
namespace reduce {

/// The shared flags, registered in a tool's category when constructed (a
/// static object of the tool, before `cl::ParseCommandLineOptions`).
struct CompileToolOptions {
  explicit CompileToolOptions(llvm::cl::OptionCategory &category);

  llvm::cl::opt<std::string> inputFile;
  llvm::cl::opt<std::string> weightsFile;
  llvm::cl::opt<std::string> pipelineOptions;
  llvm::cl::opt<std::string> optLevel;

  /// Returns the `-O` level, or an error naming the value that is not one
  /// of 0, 1, 2 and 3.
  llvm::Expected<unsigned> getOptLevel() const;
};

} // namespace reduce
} // namespace mlir

#endif // REDUCE_SUPPORT_TOOLOPTIONS_H
