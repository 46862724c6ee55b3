//===- Onnx.h - Import ONNX models into the reduce dialect ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Imports an ONNX model (opsets 1 to 23) whose nodes are the Reduce* ops,
// the normalizations (Softmax, LogSoftmax, LayerNormalization,
// RMSNormalization, MeanVarianceNormalization), elementwise ops, Cast,
// Clip, Where, the shape ops (folded to constants at import where their
// inputs are constants; views of runtime values as expand/collapse_shape),
// Constant and Identity into a module with one public function `@main` (see
// ModelBuilder.h and docs/importers.md). Every malformed or unsupported
// input is an error naming the node, its op type and the opset, never a
// crash or a silent skip.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_IMPORT_ONNX_H
#define REDUCE_IMPORT_ONNX_H

#include "reduce/Runtime/Buffer.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::reduce {

/// Imports the serialized ModelProto `bytes`. `modelPath` names the model in
/// locations and messages, and its folder holds external data.
llvm::Expected<OwningOpRef<ModuleOp>> importOnnxModel(MLIRContext *context,
                                                      llvm::StringRef bytes,
                                                      llvm::StringRef modelPath);

/// Reads the file `modelPath` and imports it.
llvm::Expected<OwningOpRef<ModuleOp>>
importOnnxModelFile(MLIRContext *context, llvm::StringRef modelPath);

/// Prints the table of the ONNX ops the importer registers (op type, opset
/// versions, what each imports as, whether it is folded on constants): the
/// table of docs/importers.md.
void printOnnxOpTable(llvm::raw_ostream &os);

/// Reads a serialized ONNX TensorProto (the `.pb` files of ONNX test data)
/// as a buffer.
llvm::Expected<Buffer> readTensorProtoFile(llvm::StringRef path);

} // namespace mlir::reduce

#endif // REDUCE_IMPORT_ONNX_H
