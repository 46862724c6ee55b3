//===- TargetFieldNames.h - The names of the target fields ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The names of each field of the target description, from
// ReduceTargetFields.def, by the field's member name, for code that names
// fields in host profiles or pipeline options (the calibration) instead of
// spelling them as string literals.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TARGET_TARGETFIELDNAMES_H
#define REDUCE_TARGET_TARGETFIELDNAMES_H

#include "llvm/ADT/StringRef.h"

namespace mlir::reduce {

/// The names of one target field: `key` in the `reduce.target` attribute,
/// `reduce-attach-target{set=...}` and the host profile, `flag` the
/// `reduce-to-llvm` option that sets it.
struct TargetFieldNames {
  llvm::StringLiteral key;
  llvm::StringLiteral flag;
};

/// `targetfields::accumulators` is {"accumulators", "accumulators"}, and so
/// on for every field.
namespace targetfields {
#define REDUCE_TARGET_FIELD(TYPE, MEMBER, KEY, FLAG, DEFAULT, MIN, MAX, DOC)   \
  inline constexpr TargetFieldNames MEMBER{KEY, FLAG};
#include "reduce/Target/ReduceTargetFields.def"
} // namespace targetfields

} // namespace mlir::reduce

#endif // REDUCE_TARGET_TARGETFIELDNAMES_H
