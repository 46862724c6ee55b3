//===- ModelBuilder.cpp - The module a model importer builds ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/ModelBuilder.h"

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::reduce;

void mlir::reduce::registerImportDialects(DialectRegistry &registry) {
  registry.insert<ReduceDialect, func::FuncDialect, arith::ArithDialect,
                  math::MathDialect, tensor::TensorDialect,
                  linalg::LinalgDialect>();
}

llvm::Error mlir::reduce::makeImportError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

DenseElementsAttr mlir::reduce::getDenseAttr(RankedTensorType type,
                                             const BufferView &data) {
  int64_t count = type.getNumElements();
  if (isBool(data.elementType)) {
    const auto *bytes = static_cast<const uint8_t *>(data.data);
    SmallVector<bool> values(bytes, bytes + count);
    return DenseElementsAttr::get(type, values);
  }
  ArrayRef<char> raw(static_cast<const char *>(data.data),
                     count * getByteWidth(data.elementType));
  return DenseElementsAttr::getFromRawBuffer(type, raw);
}

namespace {
/// Collects the message of the first error diagnostic emitted while it
/// lives, and swallows every diagnostic.
class FirstErrorCollector {
public:
  explicit FirstErrorCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error &&
              message.empty())
            message = diag.str();
          return success();
        }) {}

  llvm::Error takeError(llvm::StringRef fallback) {
    return makeImportError(message.empty() ? fallback : llvm::StringRef(message));
  }

private:
  std::string message;
  ScopedDiagnosticHandler handler;
};
} // namespace

ModelBuilder::ModelBuilder(MLIRContext *context, llvm::StringRef modelPath)
    : builder(context), modelPath(modelPath.str()) {
  context->loadDialect<ReduceDialect, func::FuncDialect, arith::ArithDialect,
                       math::MathDialect, tensor::TensorDialect,
                       linalg::LinalgDialect>();
  Location loc = FileLineColLoc::get(context, modelPath, 0, 0);
  module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  function = func::FuncOp::create(builder, loc, "main",
                                  builder.getFunctionType({}, {}));
  builder.setInsertionPointToEnd(function.addEntryBlock());
}

Location ModelBuilder::getLoc(llvm::StringRef name) {
  return NameLoc::get(builder.getStringAttr(name),
                      FileLineColLoc::get(getContext(), modelPath, 0, 0));
}

Value ModelBuilder::addArgument(TensorType type, llvm::StringRef name) {
  Block &body = function.getBody().front();
  return body.addArgument(type, getLoc(name));
}

Value ModelBuilder::addConstant(const BufferView &data, llvm::StringRef name) {
  auto type = RankedTensorType::get(
      data.shape, toMlirType(data.elementType, getContext()));
  return arith::ConstantOp::create(builder, getLoc(name),
                                   getDenseAttr(type, data));
}

llvm::Error ModelBuilder::verifyOrErase(Operation *op) {
  FirstErrorCollector errors(getContext());
  if (succeeded(verify(op)))
    return llvm::Error::success();
  llvm::Error error = errors.takeError(
      ("invalid " + op->getName().getStringRef()).str());
  op->erase();
  return error;
}

llvm::Expected<Value> ModelBuilder::addReduction(
    llvm::StringRef nodeName, ReductionKind kind, Value input,
    std::optional<llvm::ArrayRef<int64_t>> axes, Value axesOperand,
    bool keepDims, EmptyAxesMode emptyAxes, IntRounding rounding) {
  FirstErrorCollector errors(getContext());
  FailureOr<Value> result = createReduction(
      builder, getLoc(nodeName), kind, input, axes, axesOperand, keepDims,
      emptyAxes, NanMode::propagate, rounding);
  if (failed(result))
    return errors.takeError("invalid reduction");
  return *result;
}

llvm::Expected<OwningOpRef<ModuleOp>>
ModelBuilder::finish(llvm::ArrayRef<Value> results) {
  func::ReturnOp::create(builder, function.getLoc(), results);
  function.setFunctionType(builder.getFunctionType(
      function.getBody().front().getArgumentTypes(), ValueRange(results).getTypes()));
  FirstErrorCollector errors(getContext());
  if (failed(verify(*module)))
    return errors.takeError("the imported module does not verify");
  return std::move(module);
}

llvm::Error ModelBuilder::checkAxis(Value input, int64_t axis) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type)
    return makeImportError("expected an input of known rank");
  int64_t rank = type.getRank();
  if (axis >= -rank && axis < rank)
    return llvm::Error::success();
  if (rank == 0)
    return makeImportError("axis " + llvm::Twine(axis) +
                           " is out of range for an input of rank 0 "
                           "(expected an input of rank 1 or more)");
  return makeImportError("axis " + llvm::Twine(axis) + " is out of range [" +
                         llvm::Twine(-rank) + ", " + llvm::Twine(rank - 1) +
                         "] for an input of rank " + llvm::Twine(rank));
}
