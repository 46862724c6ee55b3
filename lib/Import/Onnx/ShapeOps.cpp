//===- ShapeOps.cpp - Constants, shapes and views of ONNX -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Constant and Identity; Shape and Size of a static shape (constants); the
// views (Reshape, Squeeze, Unsqueeze, Flatten: tensor.collapse_shape /
// tensor.expand_shape of runtime values, copies of constants) and Expand;
// and the shape ops evaluated on constants only (Gather, Concat, Slice,
// Range, ConstantOfShape).
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"
#include "NodeAttributes.h"
#include "OnnxImporter.h"
#include "TensorProto.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::onnx_import;

namespace {

/// The value of a Constant node's single attribute.
llvm::Expected<Buffer> readConstantAttribute(const onnx::AttributeProto &attr,
                                             llvm::StringRef modelDir) {
  const std::string &name = attr.name();
  auto checkType = [&](onnx::AttributeProto::AttributeType type,
                       llvm::StringRef typeName) {
    return NodeAttributes::checkType(attr, type, typeName);
  };
  if (name == "value") {
    if (llvm::Error error = checkType(onnx::AttributeProto::TENSOR, "TENSOR"))
      return std::move(error);
    return readTensor(attr.t(), modelDir);
  }
  if (name == "value_float" || name == "value_int") {
    bool isFloatValue = name == "value_float";
    if (llvm::Error error =
            isFloatValue ? checkType(onnx::AttributeProto::FLOAT, "FLOAT")
                         : checkType(onnx::AttributeProto::INT, "INT"))
      return std::move(error);
    Buffer data(isFloatValue ? ElementType::f32 : ElementType::i64,
                ArrayRef<int64_t>{});
    if (isFloatValue)
      data.getElements<float>()[0] = attr.f();
    else
      data.getElements<int64_t>()[0] = attr.i();
    return data;
  }
  if (name == "value_floats" || name == "value_ints") {
    bool isFloatValue = name == "value_floats";
    if (llvm::Error error =
            isFloatValue ? checkType(onnx::AttributeProto::FLOATS, "FLOATS")
                         : checkType(onnx::AttributeProto::INTS, "INTS"))
      return std::move(error);
    int64_t count = isFloatValue ? attr.floats_size() : attr.ints_size();
    Buffer data(isFloatValue ? ElementType::f32 : ElementType::i64,
                ArrayRef<int64_t>{count});
    if (isFloatValue)
      llvm::copy(attr.floats(), data.getElements<float>().begin());
    else
      llvm::copy(attr.ints(), data.getElements<int64_t>().begin());
    return data;
  }
  return makeImportError("unsupported attribute '" + name +
                         "' (expected value, value_float, value_floats, "
                         "value_int or value_ints)");
}

llvm::Error importConstant(OnnxImporter &importer,
                           const onnx::NodeProto &node) {
  if (node.input_size() != 0)
    return makeImportError("expected no inputs, but found " +
                           llvm::Twine(node.input_size()));
  if (node.attribute_size() != 1)
    return makeImportError("expected exactly one attribute, but found " +
                           llvm::Twine(node.attribute_size()));
  llvm::Expected<Buffer> data =
      readConstantAttribute(node.attribute(0), importer.getModelDir());
  if (!data)
    return data.takeError();
  return importer.defineConstant(node.output(0), std::move(*data));
}

/// Identity of a runtime value: the value itself.
llvm::Error importIdentity(OnnxImporter &importer,
                           const onnx::NodeProto &node) {
  if (node.input_size() != 1 || node.attribute_size() != 0)
    return makeImportError("expected 1 input and no attributes");
  llvm::Expected<Value> input = importer.lookup(node.input(0));
  if (!input)
    return input.takeError();
  return importer.define(node.output(0), *input);
}

/// The static shape of the single input of Shape or Size.
llvm::Expected<RankedTensorType> getShapeOpInput(OnnxImporter &importer,
                                                 const onnx::NodeProto &node) {
  if (node.input_size() != 1)
    return makeImportError("expected 1 input, but found " +
                           llvm::Twine(node.input_size()));
  llvm::Expected<Value> input = importer.lookup(node.input(0));
  if (!input)
    return input.takeError();
  auto type = dyn_cast<RankedTensorType>(input->getType());
  if (type && type.hasStaticShape())
    return type;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "the shape of input '" << node.input(0) << "' (" << input->getType()
     << ") is not static: expected static dims, which the importer folds";
  return makeImportError(text);
}

/// Shape-1 (every dim) and Shape-15 (dims [start, end)).
llvm::Error importShape(bool hasRange, OnnxImporter &importer,
                        const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown(
          hasRange ? ArrayRef<llvm::StringRef>{"start", "end"}
                   : ArrayRef<llvm::StringRef>{}))
    return error;
  llvm::Expected<RankedTensorType> type = getShapeOpInput(importer, node);
  if (!type)
    return type.takeError();
  llvm::Expected<int64_t> start = attributes.getInt("start", 0);
  if (!start)
    return start.takeError();
  std::optional<int64_t> end;
  if (attributes.find("end")) {
    llvm::Expected<int64_t> value = attributes.getInt("end", 0);
    if (!value)
      return value.takeError();
    end = *value;
  }
  return importer.defineConstant(
      node.output(0), getShapeTensor(type->getShape(), *start, end));
}

llvm::Error importSize(OnnxImporter &importer, const onnx::NodeProto &node) {
  if (llvm::Error error = NodeAttributes(node).checkKnown({}))
    return error;
  llvm::Expected<RankedTensorType> type = getShapeOpInput(importer, node);
  if (!type)
    return type.takeError();
  Buffer size(ElementType::i64, {});
  size.getElements<int64_t>()[0] = type->getNumElements();
  return importer.defineConstant(node.output(0), std::move(size));
}

/// A view of a runtime value: its shape from `getShape` (the inputs after
/// the data must be constants), built as a collapse and/or an expansion.
llvm::Error importView(const ViewShapeFn &getShape, OnnxImporter &importer,
                       const onnx::NodeProto &node) {
  if (node.input_size() < 1)
    return makeImportError("expected the data input");
  llvm::Expected<Value> input = importer.lookup(node.input(0));
  if (!input)
    return input.takeError();
  llvm::Expected<RankedTensorType> type =
      importer.getStaticType(*input, node.input(0));
  if (!type)
    return type.takeError();
  SmallVector<const Buffer *> rest;
  for (int k = 1; k < node.input_size(); ++k) {
    if (node.input(k).empty()) {
      rest.push_back(nullptr);
      continue;
    }
    llvm::Expected<const Buffer *> data = importer.getConstantInput(node, k);
    if (!data)
      return data.takeError();
    rest.push_back(*data);
  }
  while (!rest.empty() && !rest.back())
    rest.pop_back();
  llvm::Expected<SmallVector<int64_t>> shape =
      getShape(node, type->getShape(), rest);
  if (!shape)
    return shape.takeError();
  llvm::Expected<Value> result = importer.buildReshape(*input, *shape);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

/// Expand of a runtime value (the shape a constant): ModelBuilder's
/// bidirectional broadcast.
llvm::Error importExpand(OnnxImporter &importer, const onnx::NodeProto &node) {
  if (llvm::Error error = NodeAttributes(node).checkKnown({}))
    return error;
  if (node.input_size() != 2)
    return makeImportError("expected 2 inputs (input, shape), but found " +
                           llvm::Twine(node.input_size()));
  llvm::Expected<Value> input = importer.lookup(node.input(0));
  if (!input)
    return input.takeError();
  llvm::Expected<const Buffer *> target = importer.getConstantInput(node, 1);
  if (!target)
    return target.takeError();
  llvm::Expected<SmallVector<int64_t>> shape = readShapeInput(**target);
  if (!shape)
    return shape.takeError();
  llvm::Expected<Value> result = importer.getBuilder().addBroadcast(
      importer.getNodeName(), *input, *shape, BroadcastMode::bidirectional);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

/// Registers the view op `opType` from version `since`, its result shape
/// from `getShape`.
void onViewOp(OnnxOpRegistry &registry, llvm::StringRef opType, int64_t since,
              llvm::StringRef summary, ViewShapeFn getShape) {
  registry.onOp(
      opType, since, summary,
      [getShape](OnnxImporter &importer, const onnx::NodeProto &node) {
        return importView(getShape, importer, node);
      },
      [getShape](const FoldInputs &in) { return foldView(in, getShape); });
}

} // namespace

void onnx_import::populateShapeOps(OnnxOpRegistry &registry) {
  registry.onOp("Constant", 1,
                "a constant (`value`, `value_float(s)`, `value_int(s)`)",
                importConstant);
  registry.onOp("Identity", 1, "its input", importIdentity, foldIdentity);
  for (bool hasRange : {false, true})
    registry.onOp("Shape", hasRange ? 15 : 1,
                  hasRange ? "a constant (static shapes only); `start`, `end`"
                           : "a constant (static shapes only)",
                  [=](OnnxImporter &importer, const onnx::NodeProto &node) {
                    return importShape(hasRange, importer, node);
                  });
  registry.onOp("Size", 1, "a constant (static shapes only)", importSize);

  std::string collapseOrExpand =
      "`tensor.collapse_shape` / `tensor.expand_shape`";
  for (bool allowZero : {false, true})
    onViewOp(registry, "Reshape", allowZero ? 14 : 5,
             collapseOrExpand +
                 (allowZero ? "; `allowzero`" : "; 0 copies a dim"),
             [=](const onnx::NodeProto &node, ArrayRef<int64_t> shape,
                 ArrayRef<const Buffer *> inputs) {
               return getReshapeShape(node, allowZero, shape, inputs);
             });
  onViewOp(registry, "Flatten", 1, collapseOrExpand, getFlattenShape);
  for (bool axesAsInput : {false, true}) {
    std::string axes = axesAsInput ? "; axes an input" : "; axes an attribute";
    onViewOp(registry, "Squeeze", axesAsInput ? 13 : 1,
             collapseOrExpand + axes,
             [=](const onnx::NodeProto &node, ArrayRef<int64_t> shape,
                 ArrayRef<const Buffer *> inputs) {
               return getSqueezeShape(node, axesAsInput, shape, inputs);
             });
    onViewOp(registry, "Unsqueeze", axesAsInput ? 13 : 1,
             collapseOrExpand + axes,
             [=](const onnx::NodeProto &node, ArrayRef<int64_t> shape,
                 ArrayRef<const Buffer *> inputs) {
               return getUnsqueezeShape(node, axesAsInput, shape, inputs);
             });
  }
  registry.onOp("Expand", 1,
                "`linalg.broadcast` (bidirectional; the shape a constant)",
                importExpand, foldExpand);

  llvm::StringLiteral constantsOnly = "a constant";
  registry.onOp("Gather", 1, constantsOnly, nullptr, foldGather);
  registry.onOp("Concat", 1, constantsOnly, nullptr, foldConcat);
  for (bool rangesAsInputs : {false, true})
    registry.onOp(
        "Slice", rangesAsInputs ? 10 : 1,
        rangesAsInputs ? "a constant; starts, ends, axes, steps inputs"
                       : "a constant; starts, ends, axes attributes",
        nullptr, [=](const FoldInputs &in) {
          return foldSlice(in, rangesAsInputs);
        });
  registry.onOp("Range", 1, constantsOnly, nullptr, foldRange);
  registry.onOp("ConstantOfShape", 1, constantsOnly, nullptr,
                foldConstantOfShape);
}
