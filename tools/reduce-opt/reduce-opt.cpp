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
#include "reduce/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace mlir::reduce::test {
void registerTestReduceInferTypesPass();
} // namespace mlir::reduce::test

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::reduce::ReduceDialect>();
  // Every upstream dialect, with the interface models (bufferization,
  // ConvertToLLVM, ...) that upstream passes need on them.
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllPasses();
  mlir::reduce::registerReduceConversionPasses();
  mlir::reduce::registerReduceTransformsPasses();
  mlir::reduce::registerReducePipelines();
  mlir::reduce::test::registerTestReduceInferTypesPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "reduce optimizer driver\n", registry));
}
