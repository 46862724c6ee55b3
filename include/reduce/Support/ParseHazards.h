//===- ParseHazards.h - Text that crashes upstream parsers ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// MLIR 22's custom parsers of linalg.reduce, linalg.broadcast and
// linalg.transpose store the null attribute of a failed `dimensions = [...]`
// or `permutation = [...]` parse and crash in NamedAttrList::set, right
// after printing the parse error (`dimensions = [1x]`). Every tool of ours
// that parses MLIR text scans it first and stops with that first error
// instead.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_SUPPORT_PARSEHAZARDS_H
#define REDUCE_SUPPORT_PARSEHAZARDS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>

namespace mlir {
namespace reduce {

/// A place in MLIR text that a known upstream parser bug crashes on.
struct ParseHazard {
  /// The offset of the keyword in the text.
  size_t offset;
  /// The error to report there.
  std::string message;
};

/// Returns the first `dimensions =` or `permutation =` of `text` (outside
/// comments and strings) that is followed neither by a list of integers in
/// brackets nor by an `array<` or `affine_map<` attribute (the generic
/// forms), or std::nullopt.
std::optional<ParseHazard> findParseHazard(llvm::StringRef text);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_SUPPORT_PARSEHAZARDS_H
