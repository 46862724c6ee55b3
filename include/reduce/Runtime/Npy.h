//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Reads and writes NumPy `.npy` files (format versions 1.0, 2.0 and 3.0),
// little-endian, C order. Every malformed, truncated or unsupported file is
// an llvm::Error with a message that says what was expected and found.
//
// dtypes: <f2 <f4 <f8, |i1 <i2 <i4 <i8, |u1 <u2 <u4 <u8, |b1 (also with '='
// and, for one-byte types, '<'/'>'). bf16 has no NumPy spelling: files use
// the 2-byte void dtype `|V2` (what NumPy writes for the raw bits of
// ml_dtypes.bfloat16 arrays) or the literal descr 'bfloat16'; we write `|V2`.
// `|b1` (NumPy's bool) is i1, one byte per element; a byte other than 0 or 1
// is an error that names the element.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_RUNTIME_NPY_H
#define REDUCE_RUNTIME_NPY_H

#include "reduce/Runtime/Buffer.h"

#include "llvm/Support/Error.h"

namespace mlir::reduce {

/// Parses the contents of a `.npy` file.
llvm::Expected<Buffer> parseNpy(llvm::StringRef bytes);

/// Reads the `.npy` file at `path`.
llvm::Expected<Buffer> readNpyFile(llvm::StringRef path);

/// Reads the slice of the `.npy` file at `path`, an array of shape
/// `fullShape` (else an error), that starts at `offsets` and has the shape
/// `sizes`. A negative size in `fullShape` (a dynamic dim) matches any; a
/// negative one in `sizes`, at offset 0, takes the array's whole dim. Only
/// the pages of the slice (and of the header) are read.
llvm::Expected<Buffer> readNpyFileSlice(llvm::StringRef path,
                                        llvm::ArrayRef<int64_t> fullShape,
                                        llvm::ArrayRef<int64_t> offsets,
                                        llvm::ArrayRef<int64_t> sizes);

/// Serializes `view` as a version 1.0 `.npy` file.
std::string serializeNpy(const BufferView &view);

/// Writes `view` to `path` as a `.npy` file.
llvm::Error writeNpyFile(llvm::StringRef path, const BufferView &view);

} // namespace mlir::reduce

#endif // REDUCE_RUNTIME_NPY_H
