//===- reduce-pipeline-fuzzer.cpp - Fuzzes the reduce-to-llvm pipeline ----===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// libFuzzer target: arbitrary bytes are parsed as IR; every module that
// verifies and uses only the reduce, func, arith, tensor and shard dialects
// (the pipeline's input language) goes through the full `reduce-to-llvm`
// pipeline, with the `distributed` option when it has a `shard.grid` (as
// reduce-run sets it): shard annotations are hostile input too. The
// pipeline may reject an input with a diagnostic; it must not crash, and
// when it succeeds the result must be LLVM dialect ops only.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Pipelines/Pipelines.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::reduce::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The same registry as reduce-opt: the pipeline needs the interface models
  // (bufferization, ConvertToLLVM) that the extensions attach.
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    r.insert<reduce::ReduceDialect>();
    registerAllDialects(r);
    registerAllExtensions(r);
    reduce::registerPipelineExternalModels(r);
    return r;
  }();
  FuzzContext fuzz(registry);
  OwningOpRef<ModuleOp> module =
      fuzz.parse(llvm::StringRef(reinterpret_cast<const char *>(data), size));
  if (!module ||
      !onlyUsesDialects(*module, {"reduce", "func", "arith", "tensor",
                                  "shard", "tosa", "linalg", "math"}))
    return 0;

  std::string before = print(*module);
  PassManager pm(&fuzz.get());
  reduce::ReduceToLLVMOptions options;
  options.distributed = !module->getOps<shard::GridOp>().empty();
  reduce::buildReduceToLLVMPipeline(pm, options);
  if (failed(pm.run(*module)))
    return 0;
  // Only LLVM dialect ops inside the module: a leftover
  // builtin.unrealized_conversion_cast is as bad as any other op.
  WalkResult leftover = module->walk([&](Operation *op) {
    if (op == module->getOperation() ||
        op->getName().getDialectNamespace() == "llvm")
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (leftover.wasInterrupted())
    fuzz.reportBug("reduce-to-llvm succeeded but left non-LLVM ops", before);
  return 0;
}
