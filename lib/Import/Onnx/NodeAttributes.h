//===- NodeAttributes.h - Typed access to an ONNX node's attributes -*- C++ -*-//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Reads the attributes of a NodeProto by name with their ONNX type checked;
// an attribute the op version does not have is an error naming the ones it
// has.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_IMPORT_ONNX_NODEATTRIBUTES_H
#define REDUCE_LIB_IMPORT_ONNX_NODEATTRIBUTES_H

#include "reduce/Import/ModelBuilder.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <onnx/onnx_pb.h>

#include <optional>
#include <string>

namespace mlir::reduce::onnx_import {

/// The attributes of one node.
class NodeAttributes {
public:
  explicit NodeAttributes(const onnx::NodeProto &node) : node(node) {}

  /// An error for the first attribute not in `known` ("unsupported attribute
  /// 'x' (expected a, b)"; "(expected none)" when `known` is empty).
  llvm::Error checkKnown(llvm::ArrayRef<llvm::StringRef> known) const {
    for (const onnx::AttributeProto &attribute : node.attribute()) {
      if (llvm::is_contained(known, llvm::StringRef(attribute.name())))
        continue;
      std::string expected;
      for (llvm::StringRef name : known)
        expected += (expected.empty() ? "" : ", ") + name.str();
      return makeImportError("unsupported attribute '" + attribute.name() +
                             "' (expected " +
                             (expected.empty() ? "none" : expected) + ")");
    }
    return llvm::Error::success();
  }

  /// The attribute `name`, or null.
  const onnx::AttributeProto *find(llvm::StringRef name) const {
    for (const onnx::AttributeProto &attribute : node.attribute())
      if (attribute.name() == name)
        return &attribute;
    return nullptr;
  }

  /// The INT attribute `name`, or `fallback` when absent.
  llvm::Expected<int64_t> getInt(llvm::StringRef name,
                                 int64_t fallback) const {
    const onnx::AttributeProto *attribute = find(name);
    if (!attribute)
      return fallback;
    if (llvm::Error error = checkType(*attribute, onnx::AttributeProto::INT,
                                      "INT"))
      return std::move(error);
    return attribute->i();
  }

  /// The INT attribute `name` that must be 0 or 1, or `fallback`.
  llvm::Expected<bool> getBool(llvm::StringRef name, bool fallback) const {
    llvm::Expected<int64_t> value = getInt(name, fallback);
    if (!value)
      return value.takeError();
    if (*value != 0 && *value != 1)
      return makeImportError("attribute '" + name + "' is " +
                             llvm::Twine(*value) + ": expected 0 or 1");
    return *value == 1;
  }

  /// The FLOAT attribute `name`, or `fallback` when absent.
  llvm::Expected<float> getFloat(llvm::StringRef name, float fallback) const {
    const onnx::AttributeProto *attribute = find(name);
    if (!attribute)
      return fallback;
    if (llvm::Error error = checkType(*attribute, onnx::AttributeProto::FLOAT,
                                      "FLOAT"))
      return std::move(error);
    return attribute->f();
  }

  /// The INTS attribute `name`, or nullopt when absent.
  llvm::Expected<std::optional<llvm::SmallVector<int64_t>>>
  getInts(llvm::StringRef name) const {
    const onnx::AttributeProto *attribute = find(name);
    if (!attribute)
      return std::nullopt;
    if (llvm::Error error = checkType(*attribute, onnx::AttributeProto::INTS,
                                      "INTS"))
      return std::move(error);
    return llvm::SmallVector<int64_t>(attribute->ints().begin(),
                                      attribute->ints().end());
  }

  static llvm::Error checkType(const onnx::AttributeProto &attribute,
                               onnx::AttributeProto::AttributeType type,
                               llvm::StringRef typeName) {
    if (attribute.type() == type)
      return llvm::Error::success();
    return makeImportError("attribute '" + attribute.name() +
                           "' must be of type " + typeName);
  }

private:
  const onnx::NodeProto &node;
};

} // namespace mlir::reduce::onnx_import

#endif // REDUCE_LIB_IMPORT_ONNX_NODEATTRIBUTES_H
