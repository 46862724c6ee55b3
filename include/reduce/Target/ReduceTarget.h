//===- ReduceTarget.h - Tuning of the reduce pipeline -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The target description of the `reduce-to-llvm` pipeline: every number its
// passes use to choose vector widths, tiles, streams, prefetches, the float
// minimum and maximum lowering and threads, apart from the strategy logic.
// Its fields are defined once, in ReduceTargetFields.def. The passes read it
// from the module (`reduce.target`, lookupReduceTarget), which
// `reduce-attach-target` sets; `resolveReduceTarget` (Pipelines.h) builds it
// from the static default, the host profile (reduce/Target/HostProfile.h)
// and the pipeline options, in that order.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TRANSFORMS_REDUCETARGET_H
#define REDUCE_TRANSFORMS_REDUCETARGET_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace mlir::reduce {

/// The name of the module attribute that holds the target description the
/// passes read (a dictionary with one entry per field, by its key in
/// ReduceTargetFields.def, and `profile`, where it came from), set by
/// `reduce-attach-target`.
inline constexpr llvm::StringLiteral kTargetAttrName = "reduce.target";

/// The tuning of the vectorized reductions for one CPU: the fields of
/// ReduceTargetFields.def, which says what each controls.
struct ReduceTarget {
#define REDUCE_TARGET_FIELD(TYPE, MEMBER, KEY, FLAG, DEFAULT, MIN, MAX, DOC)   \
  TYPE MEMBER = DEFAULT;
#include "reduce/Target/ReduceTargetFields.def"
};

/// Calls `fn(key, field, min, max)` for every field of `target` (a
/// ReduceTarget, const or not), in the order of ReduceTargetFields.def:
/// `key` is the field's name in the host profile and the `reduce.target`
/// attribute, `field` a reference to it, and [min, max] the values a profile
/// or the attribute may give it.
template <typename TargetT, typename Fn>
void forEachTargetField(TargetT &target, Fn &&fn) {
#define REDUCE_TARGET_FIELD(TYPE, MEMBER, KEY, FLAG, DEFAULT, MIN, MAX, DOC)   \
  fn(KEY, target.MEMBER, static_cast<int64_t>(MIN), static_cast<int64_t>(MAX));
#include "reduce/Target/ReduceTargetFields.def"
}

/// Sets the field of `target` whose key is `key` to `value` (an integer, or
/// for a bool field 0, 1, true or false). Fails, with a message in `error`,
/// on an unknown key or a value outside the field's range.
LogicalResult setTargetField(ReduceTarget &target, llvm::StringRef key,
                             llvm::StringRef value, std::string &error);

/// Returns the target description of `attr` (a `reduce.target` dictionary):
/// the defaults, with the fields it gives. Fails, with a message in
/// `error`, on a field of the wrong type or outside its range; sets
/// `*profile`, when given, to its `profile` entry.
FailureOr<ReduceTarget> parseTargetAttr(DictionaryAttr attr, std::string &error,
                                        std::string *profile = nullptr);

/// Returns the target description the passes compile `op` for: that of the
/// nearest enclosing op (`op` included) with a `reduce.target` attribute,
/// else the defaults. Fails, with an error on that op, when the attribute is
/// malformed.
FailureOr<ReduceTarget> lookupReduceTarget(Operation *op);

} // namespace mlir::reduce

#endif // REDUCE_TRANSFORMS_REDUCETARGET_H
