//===- CWrappers.h - Exported C entry points of compiled code ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites a module lowered by --reduce-to-llvm{out-params} so that it
// exports exactly the C functions of its CInterface (CInterface.h has the
// ABI): each lowered entry is renamed to an internal implementation symbol,
// and an `llvm.func` named after the C function unpacks the C parameters
// into memref descriptors, checks the dynamic ones, calls it, turns the
// runtime status into a return code and, for results the kernel allocated,
// copies them into the caller's buffers and frees them.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_COMPILE_CWRAPPERS_H
#define REDUCE_COMPILE_CWRAPPERS_H

#include "reduce/Compile/CInterface.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

namespace mlir::reduce {

/// The symbol the lowered function `mlirName` is renamed to. It is not a C
/// identifier, so it clashes with no exported function.
std::string getImplementationName(llvm::StringRef mlirName);

/// Adds the exported wrapper of every function of `interface` (completed by
/// recordLowering) to `lowered`, and the internal helpers they call. Fails
/// when an exported name is already a symbol of the lowered module (e.g. a
/// private function or a runtime function of the same name).
llvm::Error emitCWrappers(ModuleOp lowered, const CInterface &interface);

} // namespace mlir::reduce

#endif // REDUCE_COMPILE_CWRAPPERS_H
