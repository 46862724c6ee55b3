//===- ReduceTarget.cpp - The target description in the IR ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Reading the target description from the `reduce.target` attribute and
// from `key=value` settings, each field checked against the range
// ReduceTargetFields.def gives it.
//
//===----------------------------------------------------------------------===//

#include "reduce/Target/ReduceTarget.h"

#include "llvm/ADT/StringExtras.h"

#include <type_traits>

using namespace mlir;
using namespace mlir::reduce;

/// Stores `value` into `field` when it is in [min, max]; else says so in
/// `error`.
template <typename FieldT>
static bool storeInRange(FieldT &field, llvm::StringRef key, int64_t value,
                         int64_t min, int64_t max, std::string &error) {
  if (value < min || value > max) {
    error = ("expected '" + key + "' in [" + llvm::Twine(min) + ", " +
             llvm::Twine(max) + "], found " + llvm::Twine(value))
                .str();
    return false;
  }
  field = static_cast<FieldT>(value);
  return true;
}

LogicalResult mlir::reduce::setTargetField(ReduceTarget &target,
                                           llvm::StringRef key,
                                           llvm::StringRef value,
                                           std::string &error) {
  bool found = false, stored = false;
  forEachTargetField(target, [&](llvm::StringRef name, auto &field, int64_t min,
                                 int64_t max) {
    if (found || name != key)
      return;
    found = true;
    int64_t number = 0;
    if (value == "true" || value == "false")
      number = value == "true";
    else if (value.getAsInteger(10, number)) {
      error = ("expected an integer for '" + key + "', found '" + value + "'")
                  .str();
      return;
    }
    stored = storeInRange(field, key, number, min, max, error);
  });
  if (!found) {
    SmallVector<llvm::StringRef> keys;
    forEachTargetField(target, [&](llvm::StringRef name, auto &, int64_t,
                                   int64_t) { keys.push_back(name); });
    error = ("unknown target field '" + key + "', expected one of " +
             llvm::join(keys, ", "))
                .str();
  }
  return success(stored);
}

FailureOr<ReduceTarget> mlir::reduce::parseTargetAttr(DictionaryAttr attr,
                                                      std::string &error,
                                                      std::string *profile) {
  ReduceTarget target;
  bool ok = true;
  forEachTargetField(
      target, [&](llvm::StringRef name, auto &field, int64_t min, int64_t max) {
        Attribute entry = attr.get(name);
        if (!ok || !entry)
          return;
        if (auto flag = dyn_cast<BoolAttr>(entry))
          ok = storeInRange(field, name, flag.getValue(), min, max, error);
        else if (auto number = dyn_cast<IntegerAttr>(entry))
          ok = storeInRange(field, name, number.getInt(), min, max, error);
        else {
          error = ("expected an integer or a bool for '" + name + "'").str();
          ok = false;
        }
      });
  if (!ok)
    return failure();
  if (profile) {
    auto text = attr.getAs<StringAttr>("profile");
    *profile = text ? text.str() : std::string();
  }
  return target;
}

FailureOr<ReduceTarget> mlir::reduce::lookupReduceTarget(Operation *op) {
  for (Operation *scope = op; scope; scope = scope->getParentOp()) {
    Attribute attr = scope->getAttr(kTargetAttrName);
    if (!attr)
      continue;
    auto dictionary = dyn_cast<DictionaryAttr>(attr);
    if (!dictionary)
      return scope->emitError() << "expected '" << kTargetAttrName
                                << "' to be a dictionary, found " << attr;
    std::string error;
    FailureOr<ReduceTarget> target = parseTargetAttr(dictionary, error);
    if (failed(target))
      return scope->emitError() << "'" << kTargetAttrName << "': " << error;
    return target;
  }
  return ReduceTarget();
}
