//===- CHeader.h - The C header of compiled functions -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Writes the C99 header that declares the functions of a CInterface: the
// ABI and the return codes as a comment, the REDUCE_AOT_* codes, per tensor
// its rank, sizes, element count and C type as macros, a descriptor struct
// per tensor with a dynamic size, and one prototype per function; usable
// from C++ (extern "C").
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_COMPILE_CHEADER_H
#define REDUCE_COMPILE_CHEADER_H

#include "reduce/Compile/CInterface.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::reduce {

/// The include guard of a header written to `path`: REDUCE_AOT_ and its
/// file name in upper case, every other character than a letter or digit
/// as '_' ("out/kernels.h" gives REDUCE_AOT_KERNELS_H).
std::string getHeaderGuard(llvm::StringRef path);

/// Writes the header of `interface` to `os`, guarded by `guard`; `source`
/// names the input in the opening comment.
void writeCHeader(const CInterface &interface, llvm::StringRef guard,
                  llvm::StringRef source, llvm::raw_ostream &os);

} // namespace mlir::reduce

#endif // REDUCE_COMPILE_CHEADER_H
