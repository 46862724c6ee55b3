//===- DialectPlugin.cpp - The reduce dialect plugin for mlir-opt ---------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The entry point of libReduceDialectPlugin.so, which mlir-opt loads with
// --load-dialect-plugin. The library holds all of the project's code that
// the dialect, the passes and the pipelines need (linked whole from the
// static libraries), so that each of our ops and passes has one TypeID in
// the process; the pass plugin links to it instead of holding a copy
// (docs/plugins.md).
//
//===----------------------------------------------------------------------===//

#include "PluginRegistration.h"

#include "reduce/Conversion/Passes.h"
#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Pipelines/Pipelines.h"
#include "reduce/Target/Passes.h"
#include "reduce/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"

using namespace mlir;

/// Adds the reduce dialect to mlir-opt's registry, with the interface models
/// that our pipelines need on the ops of other dialects.
static void registerReduceDialect(DialectRegistry *registry) {
  registry->insert<reduce::ReduceDialect>();
  reduce::registerPipelineExternalModels(*registry);
}

void reduceRegisterPluginPasses() {
  static const bool registered = [] {
    reduce::registerReduceConversionPasses();
    reduce::registerReduceTransformsPasses();
    reduce::registerReduceTargetPasses();
    reduce::registerReducePipelines();
    return true;
  }();
  (void)registered;
}

extern "C" DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "ReduceDialect", REDUCE_VERSION,
          registerReduceDialect};
}
