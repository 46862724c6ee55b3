//===- TestReduceInferTypes.cpp - Report inferred result types --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A test pass that asks every op implementing InferTypeOpInterface for its
// inferred result types and reports them as remarks, so that lit tests can
// check shape inference independently of the written result types.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {
struct TestReduceInferTypesPass
    : PassWrapper<TestReduceInferTypesPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestReduceInferTypesPass)

  StringRef getArgument() const final { return "test-reduce-infer-types"; }
  StringRef getDescription() const final {
    return "Report the result types inferred for reduce ops as remarks";
  }

  void runOnOperation() override {
    getOperation()->walk([](InferTypeOpInterface op) {
      if (!isa<reduce::ReduceDialect>(op->getDialect()))
        return;
      SmallVector<Type> types;
      if (failed(op.inferReturnTypes(
              op->getContext(), op->getLoc(), op->getOperands(),
              op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
              op->getRegions(), types)))
        return;
      InFlightDiagnostic remark = op->emitRemark("inferred ");
      llvm::interleaveComma(types, remark);
    });
  }
};
} // namespace

namespace mlir::reduce::test {
void registerTestReduceInferTypesPass() {
  PassRegistration<TestReduceInferTypesPass>();
}
} // namespace mlir::reduce::test
