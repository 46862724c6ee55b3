//===- Passes.h - Target description passes ---------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the pass that records the target description in the module.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TARGET_PASSES_H
#define REDUCE_TARGET_PASSES_H

#include "reduce/Target/ReduceTarget.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;

namespace reduce {

#define GEN_PASS_DECL
#include "reduce/Target/Passes.h.inc"

/// Creates the pass that records `target`, which came from `profile`
/// ("static default" or a profile's path), as the module's `reduce.target`.
std::unique_ptr<Pass> createReduceAttachTargetPass(const ReduceTarget &target,
                                                   StringRef profile);

#define GEN_PASS_REGISTRATION
#include "reduce/Target/Passes.h.inc"

} // namespace reduce
} // namespace mlir

#endif // REDUCE_TARGET_PASSES_H
