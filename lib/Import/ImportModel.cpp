//===- ImportModel.cpp - Import a model file by its extension ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/ImportModel.h"

#include "reduce/Import/ModelBuilder.h"
#include "reduce/Import/Onnx.h"
#include "reduce/Import/OpenVino.h"

#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::reduce;

bool mlir::reduce::isModelFile(llvm::StringRef path) {
  llvm::StringRef extension = llvm::sys::path::extension(path);
  return extension.equals_insensitive(".onnx") ||
         extension.equals_insensitive(".xml");
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importModelFile(MLIRContext *context, llvm::StringRef path,
                              llvm::StringRef weightsPath) {
  llvm::StringRef extension = llvm::sys::path::extension(path);
  if (extension.equals_insensitive(".onnx"))
    return importOnnxModelFile(context, path);
  if (extension.equals_insensitive(".xml"))
    return importOpenVinoIRFile(context, path, weightsPath);
  return makeImportError("'" + path +
                         "' is not a model file: expected the extension "
                         ".onnx (ONNX) or .xml (OpenVINO IR)");
}
