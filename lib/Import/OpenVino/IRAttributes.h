//===- IRAttributes.h - Attribute values of an OpenVINO IR ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Parsers for the textual attribute values of an OpenVINO IR: integers,
// booleans (`keep_dims`), element types (`element_type`) and shapes (the
// `shape` attribute and the `<dim>` children of a port). Each returns the
// value or an error message without a prefix; the caller names the layer.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_IMPORT_OPENVINO_IRATTRIBUTES_H
#define REDUCE_LIB_IMPORT_OPENVINO_IRATTRIBUTES_H

#include "reduce/Runtime/Buffer.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace mlir::reduce::openvino {

/// The IR versions the importer reads: 10 (static shapes only) and 11
/// (dynamic dimensions allowed).
enum class IRVersion { v10 = 10, v11 = 11 };

/// A decimal integer in [0, INT64_MAX] (surrounding spaces allowed).
llvm::Expected<int64_t> parseNonNegativeInt(llvm::StringRef text,
                                            const llvm::Twine &what);

/// A boolean spelled true/false (any case) or 1/0.
llvm::Expected<bool> parseBool(llvm::StringRef text, llvm::StringRef what);

/// The element type named `text` (f16, bf16, f32, f64, i8, i16, i32, i64,
/// u8, u16, u32, u64, boolean).
llvm::Expected<ElementType> parseElementType(llvm::StringRef text);

/// The OpenVINO spelling of `type` ("boolean" for i1).
llvm::StringRef getOpenVinoName(ElementType type);

/// One dimension: a size, or ShapedType::kDynamic for `?`, `-1` and the
/// intervals `a..b`, `a..`, `..b` (v11 only).
llvm::Expected<int64_t> parseDim(llvm::StringRef text, IRVersion version);

/// A comma-separated `shape` attribute ("" is a scalar); `...` (dynamic
/// rank) is an error. The element count of its static dims must fit in
/// int64_t.
llvm::Expected<llvm::SmallVector<int64_t>> parseShape(llvm::StringRef text,
                                                      IRVersion version);

/// Formats `shape` as OpenVINO prints it: `[2,?,3]` (`[]` for a scalar).
std::string formatDims(llvm::ArrayRef<int64_t> shape);

/// Checks that the product of the static dims of `shape` fits in int64_t.
llvm::Error checkElementCount(llvm::ArrayRef<int64_t> shape);

} // namespace mlir::reduce::openvino

#endif // REDUCE_LIB_IMPORT_OPENVINO_IRATTRIBUTES_H
