//===- PassPlugin.cpp - The reduce pass plugin for mlir-opt ---------------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The entry point of libReducePassPlugin.so, which mlir-opt loads with
// --load-pass-plugin: our passes and pipelines (lower-reduce, reduce-to-llvm,
// ...). A thin library: the passes live in libReduceDialectPlugin.so, which
// it links to (found beside it, RUNPATH $ORIGIN), so that the process has one
// copy of them whether one plugin is loaded or both (docs/plugins.md).
//
//===----------------------------------------------------------------------===//

#include "PluginRegistration.h"

#include "mlir/Tools/Plugins/PassPlugin.h"

using namespace mlir;

extern "C" PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "ReducePasses", REDUCE_VERSION,
          reduceRegisterPluginPasses};
}
