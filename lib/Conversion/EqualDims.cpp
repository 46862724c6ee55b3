//===- EqualDims.cpp - The contract of reduce.equal_dims ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Reads the checks of `reduce.equal_dims` and words their failures.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/EqualDims.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::reduce;

std::string EqualDimsCheck::describeFailure(int64_t given,
                                            int64_t expected) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "dim " << dim << " of argument #" << argument << " has size " << given
     << ", but ";
  if (otherArgument)
    os << "dim " << otherDimOrSize << " of argument #" << *otherArgument
       << " has size " << expected << ": " << site << " needs them equal";
  else
    os << site << " needs size " << expected;
  return text;
}

Attribute mlir::reduce::getEqualDimsAttr(MLIRContext *context,
                                        llvm::ArrayRef<EqualDimsCheck> checks) {
  Builder b(context);
  SmallVector<Attribute> elements;
  for (const EqualDimsCheck &check : checks) {
    SmallVector<NamedAttribute, 3> fields;
    fields.push_back(b.getNamedAttr(
        "lhs", b.getDenseI64ArrayAttr({check.argument, check.dim})));
    if (check.otherArgument)
      fields.push_back(b.getNamedAttr(
          "rhs", b.getDenseI64ArrayAttr(
                     {*check.otherArgument, check.otherDimOrSize})));
    else
      fields.push_back(
          b.getNamedAttr("size", b.getI64IntegerAttr(check.otherDimOrSize)));
    fields.push_back(b.getNamedAttr("site", b.getStringAttr(check.site)));
    elements.push_back(b.getDictionaryAttr(fields));
  }
  return b.getArrayAttr(elements);
}

std::optional<std::vector<EqualDimsCheck>>
mlir::reduce::parseEqualDims(Attribute attr,
                             llvm::function_ref<int64_t(int64_t)> rankOf,
                             int64_t numArguments) {
  std::vector<EqualDimsCheck> checks;
  auto array = dyn_cast_if_present<ArrayAttr>(attr);
  if (!array)
    return std::nullopt;
  // An argument's dim, checked against the function's signature.
  auto isDim = [&](ArrayRef<int64_t> pair) {
    return pair.size() == 2 && pair[0] >= 0 && pair[0] < numArguments &&
           pair[1] >= 0 && pair[1] < rankOf(pair[0]);
  };
  for (Attribute element : array) {
    auto dict = dyn_cast<DictionaryAttr>(element);
    auto lhs = dict ? dict.getAs<DenseI64ArrayAttr>("lhs") : nullptr;
    auto site = dict ? dict.getAs<StringAttr>("site") : nullptr;
    if (!lhs || !site || !isDim(lhs.asArrayRef()))
      return std::nullopt;
    EqualDimsCheck check;
    check.argument = lhs[0];
    check.dim = lhs[1];
    check.site = site.str();
    if (auto rhs = dict.getAs<DenseI64ArrayAttr>("rhs")) {
      if (!isDim(rhs.asArrayRef()))
        return std::nullopt;
      check.otherArgument = rhs[0];
      check.otherDimOrSize = rhs[1];
    } else if (auto size = dict.getAs<IntegerAttr>("size")) {
      check.otherDimOrSize = size.getInt();
    } else {
      return std::nullopt;
    }
    checks.push_back(std::move(check));
  }
  return checks;
}
