//===- OpenVinoImporter.cpp - Import OpenVINO IR ----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/OpenVino.h"

#include "reduce/Import/ModelBuilder.h"

#include <pugixml.hpp>

using namespace mlir;
using namespace mlir::reduce;

// Placeholder until the importer lands: every model is refused.
llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importOpenVinoIR(MLIRContext *, llvm::StringRef,
                               std::optional<llvm::StringRef>,
                               llvm::StringRef xmlPath) {
  return makeImportError("'" + xmlPath +
                         "': the OpenVINO IR importer is not built yet");
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importOpenVinoIRFile(MLIRContext *context,
                                   llvm::StringRef xmlPath,
                                   llvm::StringRef) {
  return importOpenVinoIR(context, "", std::nullopt, xmlPath);
}
