//===- IRAttributes.cpp - Attribute values of an OpenVINO IR ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "IRAttributes.h"

#include "reduce/Import/ModelBuilder.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::openvino;

/// `text` quoted for a message, cut short when long (fuzzed inputs).
static std::string quote(llvm::StringRef text) {
  constexpr size_t maxLength = 40;
  if (text.size() <= maxLength)
    return ("'" + text + "'").str();
  return ("'" + text.take_front(maxLength) + "...'").str();
}

llvm::Expected<int64_t> openvino::parseNonNegativeInt(llvm::StringRef text,
                                                      const llvm::Twine &what) {
  int64_t value;
  if (text.trim().getAsInteger(10, value) || value < 0)
    return makeImportError("expected " + what +
                           " to be a non-negative integer, but got " +
                           quote(text));
  return value;
}

llvm::Expected<bool> openvino::parseBool(llvm::StringRef text,
                                         llvm::StringRef what) {
  llvm::StringRef trimmed = text.trim();
  if (trimmed.equals_insensitive("true") || trimmed == "1")
    return true;
  if (trimmed.equals_insensitive("false") || trimmed == "0")
    return false;
  return makeImportError("expected " + what +
                         " to be true, false, 1 or 0, but got " + quote(text));
}

llvm::Expected<ElementType> openvino::parseElementType(llvm::StringRef text) {
  // getOpenVinoName is the one table of the spellings.
  llvm::StringRef trimmed = text.trim();
  for (ElementType type : getAllElementTypes())
    if (getOpenVinoName(type) == trimmed)
      return type;
  return makeImportError(
      "element type " + quote(text) +
      " is not supported: expected f16, bf16, f32, f64, i8, i16, i32, i64, "
      "u8, u16, u32, u64 or boolean");
}

llvm::StringRef openvino::getOpenVinoName(ElementType type) {
  switch (type) {
  case ElementType::f16:
    return "f16";
  case ElementType::bf16:
    return "bf16";
  case ElementType::f32:
    return "f32";
  case ElementType::f64:
    return "f64";
  case ElementType::i8:
    return "i8";
  case ElementType::i16:
    return "i16";
  case ElementType::i32:
    return "i32";
  case ElementType::i64:
    return "i64";
  case ElementType::u8:
    return "u8";
  case ElementType::u16:
    return "u16";
  case ElementType::u32:
    return "u32";
  case ElementType::u64:
    return "u64";
  case ElementType::i1:
    return "boolean";
  }
  llvm_unreachable("unknown element type");
}

/// Parses one bound of an interval `a..b`; an empty bound is unbounded.
static llvm::Expected<std::optional<int64_t>> parseBound(llvm::StringRef text,
                                                         llvm::StringRef dim) {
  if (text.trim().empty())
    return std::nullopt;
  int64_t value;
  if (text.trim().getAsInteger(10, value) || value < 0)
    return makeImportError("expected the bounds of the interval dimension " +
                           quote(dim) +
                           " to be non-negative integers, but got " +
                           quote(text));
  return value;
}

llvm::Expected<int64_t> openvino::parseDim(llvm::StringRef text,
                                           IRVersion version) {
  llvm::StringRef trimmed = text.trim();
  bool isDynamic = trimmed == "?" || trimmed == "-1";
  size_t dots = trimmed.find("..");
  if (!isDynamic && dots != llvm::StringRef::npos) {
    llvm::Expected<std::optional<int64_t>> lower =
        parseBound(trimmed.take_front(dots), text);
    if (!lower)
      return lower.takeError();
    llvm::Expected<std::optional<int64_t>> upper =
        parseBound(trimmed.drop_front(dots + 2), text);
    if (!upper)
      return upper.takeError();
    if (*lower && *upper && **lower > **upper)
      return makeImportError("expected the interval dimension " + quote(text) +
                             " to have a lower bound no greater than its "
                             "upper bound");
    isDynamic = true;
  }
  if (isDynamic) {
    if (version == IRVersion::v10)
      return makeImportError("dynamic dimension " + quote(text) +
                             " needs IR version 11, but the IR is version 10");
    return ShapedType::kDynamic;
  }
  int64_t value;
  if (trimmed.getAsInteger(10, value) || value < 0)
    return makeImportError(
        "expected a dimension to be a non-negative integer, '?', '-1' or an "
        "interval 'a..b', but got " +
        quote(text));
  return value;
}

std::string openvino::formatDims(llvm::ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      shape, os,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim))
          os << '?';
        else
          os << dim;
      },
      ",");
  os << ']';
  return text;
}

llvm::Error openvino::checkElementCount(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      continue;
    if (dim != 0 && count > INT64_MAX / dim)
      return makeImportError("shape " + formatDims(shape) +
                             " has more elements than fit in 64 bits");
    count *= dim;
  }
  return llvm::Error::success();
}

llvm::Expected<llvm::SmallVector<int64_t>>
openvino::parseShape(llvm::StringRef text, IRVersion version) {
  llvm::SmallVector<int64_t> shape;
  llvm::StringRef trimmed = text.trim();
  if (trimmed == "...")
    return makeImportError("dynamic rank ('...') is not supported: expected "
                           "a shape of known rank");
  if (trimmed.empty())
    return shape;
  llvm::SmallVector<llvm::StringRef> parts;
  trimmed.split(parts, ',');
  for (llvm::StringRef part : parts) {
    llvm::Expected<int64_t> dim = parseDim(part, version);
    if (!dim)
      return dim.takeError();
    shape.push_back(*dim);
  }
  if (llvm::Error error = checkElementCount(shape))
    return std::move(error);
  return shape;
}
