//===- PluginRegistration.h - Shared by the mlir-opt plugins ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one function the pass plugin (libReducePassPlugin.so) calls in the
// dialect plugin (libReduceDialectPlugin.so), which holds the project's only
// copy of the dialect, the passes and the pipelines (docs/plugins.md).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TOOLS_REDUCE_PLUGINS_PLUGINREGISTRATION_H
#define REDUCE_TOOLS_REDUCE_PLUGINS_PLUGINREGISTRATION_H

extern "C" {
/// Registers every pass and pass pipeline of the project (what reduce-opt
/// registers, without its test passes) with MLIR's global pass registry.
/// Does nothing after its first call: mlir-opt calls it again for a plugin
/// given twice, and an MLIR built with assertions aborts on a pipeline
/// registered twice (a release build keeps the first).
void reduceRegisterPluginPasses();
}

#endif // REDUCE_TOOLS_REDUCE_PLUGINS_PLUGINREGISTRATION_H
