//===- Passes.h - Reduce code generation passes -----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the passes that prepare lowered reductions for native code:
// tiling and vectorization, and the removal of unsigned integer types.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TRANSFORMS_PASSES_H
#define REDUCE_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;
namespace func {
class FuncOp;
} // namespace func

namespace reduce {

#define GEN_PASS_DECL
#include "reduce/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "reduce/Transforms/Passes.h.inc"

} // namespace reduce
} // namespace mlir

#endif // REDUCE_TRANSFORMS_PASSES_H
