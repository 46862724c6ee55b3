//===- RuntimeSupport.h - What compiled code needs at run time --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// An object of reduce-compile links with libc and libm only (and libomp with
// threads > 1). The lowered code may call `memrefCopy` of MLIR's C runner
// utilities (memref.copy of a strided memref); this defines it, and the
// strided copy the C wrappers use, as internal functions of the module.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_COMPILE_RUNTIMESUPPORT_H
#define REDUCE_COMPILE_RUNTIMESUPPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

namespace mlir::reduce {

/// The internal function
///   void __reduce_aot_copy(ptr dst, ptr dstStrides, ptr src, ptr srcStrides,
///                          ptr sizes, i64 rank, i64 width)
/// copies `rank`-dimensional data of `sizes` from the element pointer `src`
/// to `dst` (strides in elements, i64 arrays; rank 0: one element), with
/// one memcpy when both are dense row-major.
inline constexpr llvm::StringLiteral kCopyHelperName = "__reduce_aot_copy";

/// Adds the copy helper to `lowered` (in the LLVM dialect), turns a
/// declaration of `memrefCopy` into an internal definition on it, and
/// fails if the module calls any other function of MLIR's runtime
/// libraries.
llvm::Error defineRuntimeSupport(ModuleOp lowered);

} // namespace mlir::reduce

#endif // REDUCE_COMPILE_RUNTIMESUPPORT_H
