//===- OpenVino.h - Import OpenVINO IR into the reduce dialect --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Imports an OpenVINO IR (v10 or v11: an XML graph and its `.bin` weights)
// whose layers are Parameter, Const, Result and the Reduce layers of opset1
// and opset4 into a module with one public function `@main` (see
// ModelBuilder.h). Every malformed or unsupported input is an error naming
// the layer, never a crash or a silent skip.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_IMPORT_OPENVINO_H
#define REDUCE_IMPORT_OPENVINO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace mlir::reduce {

/// Imports the IR whose XML text is `xml`; `weights` holds the bytes of its
/// `.bin` file (nullopt: the IR has no weights file, and a Const layer is an
/// error). `xmlPath` names the model in locations and messages.
llvm::Expected<OwningOpRef<ModuleOp>>
importOpenVinoIR(MLIRContext *context, llvm::StringRef xml,
                 std::optional<llvm::StringRef> weights,
                 llvm::StringRef xmlPath);

/// Reads `xmlPath` and its weights from `weightsPath`, or when that is empty
/// from the file beside it with the extension `.bin` (which may be absent
/// when no layer needs weights), and imports them.
llvm::Expected<OwningOpRef<ModuleOp>>
importOpenVinoIRFile(MLIRContext *context, llvm::StringRef xmlPath,
                     llvm::StringRef weightsPath = "");

} // namespace mlir::reduce

#endif // REDUCE_IMPORT_OPENVINO_H
