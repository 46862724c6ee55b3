//===- main.cpp - A downstream user of the installed package ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Parses a module with a reduce op, verifies it, builds one more op from C++
// with an inferred result type and prints the module.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

int main() {
  mlir::MLIRContext context;
  context.loadDialect<mlir::reduce::ReduceDialect, mlir::func::FuncDialect>();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(R"mlir(
        func.func @f(%x: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
          %r = reduce.sum %x axes [2, 3] keep_dims
              : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
          return %r : tensor<6x12x1x1xf32>
        })mlir",
                                              &context);
  if (!module || mlir::failed(mlir::verify(*module)))
    return 1;
  auto func = *module->getOps<mlir::func::FuncOp>().begin();
  mlir::OpBuilder builder(func.getBody().front().getTerminator());
  auto min = mlir::reduce::MinOp::create(
      builder, func.getLoc(), func.getArgument(0), llvm::ArrayRef<int64_t>{-2});
  llvm::outs() << "inferred: " << min.getType() << "\n";
  module->print(llvm::outs());
  return 0;
}
