//===- ImportModel.h - Import a model file by its extension -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_IMPORT_IMPORTMODEL_H
#define REDUCE_IMPORT_IMPORTMODEL_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

namespace mlir::reduce {

/// True if `path` names a model an importer reads: `.onnx` (ONNX) or `.xml`
/// (OpenVINO IR).
bool isModelFile(llvm::StringRef path);

/// Imports the model file `path` with the importer its extension selects.
/// `weightsPath` is the `.bin` of an OpenVINO IR (empty: beside the XML).
llvm::Expected<OwningOpRef<ModuleOp>>
importModelFile(MLIRContext *context, llvm::StringRef path,
                llvm::StringRef weightsPath = "");

} // namespace mlir::reduce

#endif // REDUCE_IMPORT_IMPORTMODEL_H
