//===- Passes.h - Reduce conversion passes ----------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Collects the conversion passes of the project and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_CONVERSION_PASSES_H
#define REDUCE_CONVERSION_PASSES_H

#include "reduce/Conversion/EqualDims.h"
#include "reduce/Conversion/RaiseToReduce/RaiseToReduce.h"
#include "reduce/Conversion/ReduceToLinalg/ReduceToLinalg.h"
#include "reduce/Conversion/VerifyInput.h"

namespace mlir::reduce {

#define GEN_PASS_DECL_REDUCERECORDEQUALDIMSPASS
#include "reduce/Conversion/Passes.h.inc"

/// Generate the code for registering conversion passes.
#define GEN_PASS_REGISTRATION
#include "reduce/Conversion/Passes.h.inc"

} // namespace mlir::reduce

#endif // REDUCE_CONVERSION_PASSES_H
