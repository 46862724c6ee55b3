//===- VerifyInput.h - Input the pipeline can compile -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares `reduce-verify-input`, the first pass of the pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_CONVERSION_VERIFYINPUT_H
#define REDUCE_CONVERSION_VERIFYINPUT_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;

namespace reduce {

#define GEN_PASS_DECL_REDUCEVERIFYINPUTPASS
#include "reduce/Conversion/Passes.h.inc"

} // namespace reduce
} // namespace mlir

#endif // REDUCE_CONVERSION_VERIFYINPUT_H
