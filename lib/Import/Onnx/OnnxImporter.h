//===- OnnxImporter.h - The walk over an ONNX graph -------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The state of the import of one model, and what the importers of the ops
// (OpRegistry.h) use of it: the values defined so far by name, the
// constants (initializers, Constant outputs and folded nodes, as buffers),
// the ModelBuilder, the opset and the name of the node being imported.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_IMPORT_ONNX_ONNXIMPORTER_H
#define REDUCE_LIB_IMPORT_ONNX_ONNXIMPORTER_H

#include "OpRegistry.h"

#include "reduce/Import/ModelBuilder.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"

#include <onnx/onnx_pb.h>

#include <string>

namespace mlir::reduce::onnx_import {

/// Imports one model: the state of the walk over its graph.
class OnnxImporter {
public:
  OnnxImporter(MLIRContext *context, llvm::StringRef modelPath);

  llvm::Expected<OwningOpRef<ModuleOp>> import(const onnx::ModelProto &model);

  //===--------------------------------------------------------------------===//
  // What the op importers use.
  //===--------------------------------------------------------------------===//

  ModelBuilder &getBuilder() { return builder; }
  MLIRContext *getContext() { return builder.getContext(); }
  /// The model's opset of the default domain.
  int64_t getOpset() const { return opset; }
  /// The name the ops of the current node are located at.
  llvm::StringRef getNodeName() const { return nodeName; }
  /// The folder of the model (external data).
  llvm::StringRef getModelDir() const { return modelDir; }

  /// Defines `name` as `value`; a name defined twice is an error.
  llvm::Error define(const std::string &name, Value value);
  /// Defines `name` as the constant `data`.
  llvm::Error defineConstant(const std::string &name, Buffer data);
  /// The value named `name`: a graph input, an earlier node's output or an
  /// initializer (a constant, created on first use).
  llvm::Expected<Value> lookup(const std::string &name);
  /// The data of `name` when it is an initializer, a Constant's output or
  /// a folded node's output.
  const Buffer *getConstantData(const std::string &name);
  /// Erases the constant op lookup() made for `name` when nothing uses it.
  void eraseIfUnused(const std::string &name);
  /// The values of the inputs of `node` (null for an empty name); between
  /// `min` and `max` of them.
  llvm::Expected<SmallVector<Value>> lookupInputs(const onnx::NodeProto &node,
                                                  int min, int max);
  /// The value of the one input of `node`, which must be named.
  llvm::Expected<Value> lookupOnlyInput(const onnx::NodeProto &node);
  /// The static shape of `value` (input `name` of the current node), or an
  /// error.
  llvm::Expected<RankedTensorType> getStaticType(Value value,
                                                 const std::string &name);
  /// `input` (of a static shape) viewed as `shape` (as many elements):
  /// tensor.collapse_shape and/or tensor.expand_shape.
  llvm::Expected<Value> buildReshape(Value input, ArrayRef<int64_t> shape);
  /// The constant data of input `index` of `node`, or an error saying it
  /// must be a constant (or that it is not defined).
  llvm::Expected<const Buffer *> getConstantInput(const onnx::NodeProto &node,
                                                 int index);

private:
  llvm::Error readOpset(const onnx::ModelProto &model);
  llvm::Error addInputs(const onnx::GraphProto &graph);
  llvm::Error addNode(const onnx::NodeProto &node, int index);
  /// Evaluates `node` through `op`'s folder when every input is a
  /// constant; returns false (and does nothing) otherwise.
  llvm::Expected<bool> tryFold(const onnx::NodeProto &node, const OnnxOp &op);
  llvm::Expected<SmallVector<Value>> getOutputs(const onnx::GraphProto &graph);

  ModelBuilder builder;
  std::string modelPath;
  std::string modelDir;
  int64_t opset = 0;
  /// Values defined so far, by name.
  llvm::StringMap<Value> values;
  /// Initializers and the outputs of Constant nodes, by name.
  llvm::StringMap<Buffer> constants;
  /// What a message calls the node being imported, and the name of its ops.
  std::string nodeText;
  std::string nodeName;
};

} // namespace mlir::reduce::onnx_import

#endif // REDUCE_LIB_IMPORT_ONNX_ONNXIMPORTER_H
