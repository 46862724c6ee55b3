//===- TensorProto.h - ONNX tensors as runtime buffers ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// ONNX data types as the runtime's element types, and TensorProto contents
// (raw_data, the typed fields, external data) read into buffers after every
// size has been checked against the declared shape.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_IMPORT_ONNX_TENSORPROTO_H
#define REDUCE_LIB_IMPORT_ONNX_TENSORPROTO_H

#include "reduce/Runtime/Buffer.h"

#include "llvm/Support/Error.h"

#include <onnx/onnx_pb.h>

#include <optional>
#include <string>

namespace mlir::reduce::onnx_import {

/// The element type of the ONNX data type `dataType` (TensorProto.DataType),
/// or nullopt for the ones the dialect lacks (STRING, COMPLEX64, ...).
std::optional<ElementType> getElementType(int32_t dataType);

/// ONNX's name of `dataType` ("FLOAT", "STRING", ...), or "data type N".
std::string getDataTypeName(int32_t dataType);

/// The data types the dialect has, as a message lists them.
llvm::StringRef getSupportedDataTypesText();

/// Reads `tensor` into a buffer. External data is read from files inside
/// `modelDir`; a location outside it (absolute, or leaving it through `..`
/// or a symbolic link) is an error.
llvm::Expected<Buffer> readTensor(const onnx::TensorProto &tensor,
                                  llvm::StringRef modelDir);

} // namespace mlir::reduce::onnx_import

#endif // REDUCE_LIB_IMPORT_ONNX_TENSORPROTO_H
