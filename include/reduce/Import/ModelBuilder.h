//===- ModelBuilder.h - The module a model importer builds ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the ONNX and OpenVINO IR importers share: a module holding one public
// function `@main` per graph, whose arguments are the graph's inputs in
// order and whose results are its outputs; constants; reductions created by
// kind with the dialect's own checks, whose diagnostics become errors the
// importer prefixes with the node they belong to.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_IMPORT_MODELBUILDER_H
#define REDUCE_IMPORT_MODELBUILDER_H

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"
#include "reduce/Runtime/Buffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::reduce {

/// Registers the dialects an imported module uses (reduce, func, arith).
void registerImportDialects(DialectRegistry &registry);

/// An error carrying `message` (the importers' error type).
llvm::Error makeImportError(const llvm::Twine &message);

/// The dense attribute of `type` holding `data` (dense, row-major, of the
/// element type of `type`; bools one byte each, 0 or 1).
DenseElementsAttr getDenseAttr(RankedTensorType type, const BufferView &data);

/// Builds the module of one graph: `@main(args...) -> results`. Every op is
/// located at `NameLoc(name, modelPath)`.
class ModelBuilder {
public:
  /// The context must have the import dialects loaded or registered.
  ModelBuilder(MLIRContext *context, llvm::StringRef modelPath);

  MLIRContext *getContext() { return builder.getContext(); }

  /// Appends an argument of type `type` to the function.
  Value addArgument(TensorType type, llvm::StringRef name);

  /// A constant holding `data`.
  Value addConstant(const BufferView &data, llvm::StringRef name);

  /// reduce.<kind> over `input` (see createReduction), located at
  /// `nodeName`. When the op would be invalid, the error carries the
  /// dialect's diagnostic (without its location).
  llvm::Expected<Value>
  addReduction(llvm::StringRef nodeName, ReductionKind kind, Value input,
               std::optional<llvm::ArrayRef<int64_t>> axes, Value axesOperand,
               bool keepDims, EmptyAxesMode emptyAxes,
               IntRounding rounding = IntRounding::toward_zero);

  /// Returns `results` from the function, gives it its type and verifies
  /// the module, which is then handed over.
  llvm::Expected<OwningOpRef<ModuleOp>> finish(llvm::ArrayRef<Value> results);

private:
  Location getLoc(llvm::StringRef name);

  OwningOpRef<ModuleOp> module;
  func::FuncOp function;
  OpBuilder builder;
  std::string modelPath;
};

} // namespace mlir::reduce

#endif // REDUCE_IMPORT_MODELBUILDER_H
