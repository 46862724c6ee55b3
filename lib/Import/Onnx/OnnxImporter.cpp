//===- OnnxImporter.cpp - Import ONNX models --------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Walks the graph of a ModelProto in node order (ONNX requires a topological
// order, so a value used before it is defined is an error, which also
// rejects cycles) and dispatches each node through the op registry
// (OpRegistry.h) by its op type and the model's opset of the default
// domain: a node whose inputs are all constants and whose registration has
// a folder becomes a constant, so that shape subgraphs leave no op behind;
// otherwise the registration's importer builds its ops through
// ModelBuilder.
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/Onnx.h"

#include "OnnxImporter.h"
#include "TensorProto.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <climits>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::onnx_import;

namespace {

/// The newest opset of the default domain the importer knows:
/// RMSNormalization-23. (ReduceMax-20 and ReduceMin-20 are the last versions
/// of the Reduce ops; what opsets 21 to 23 change in the other ops it
/// imports is element types it does not have, such as int4 and float8.)
constexpr int64_t kNewestOpset = 23;

/// The MLIR type of a graph input or output declared by `type`.
llvm::Expected<TensorType> getTensorType(const onnx::TypeProto &type,
                                         MLIRContext *context) {
  if (type.value_case() != onnx::TypeProto::kTensorType)
    return makeImportError("is not a tensor (sequences, maps, optionals and "
                           "sparse tensors are not supported)");
  const onnx::TypeProto::Tensor &tensor = type.tensor_type();
  std::optional<ElementType> elementType = getElementType(tensor.elem_type());
  if (!elementType)
    return makeImportError("has element type " +
                           getDataTypeName(tensor.elem_type()) +
                           ", which is not supported: expected " +
                           getSupportedDataTypesText());
  Type element = toMlirType(*elementType, context);
  if (!tensor.has_shape())
    return TensorType(UnrankedTensorType::get(element));
  SmallVector<int64_t> shape;
  for (const onnx::TensorShapeProto::Dimension &dim : tensor.shape().dim()) {
    if (!dim.has_dim_value()) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    if (dim.dim_value() < 0)
      return makeImportError("has a negative dimension " +
                             llvm::Twine(dim.dim_value()));
    shape.push_back(dim.dim_value());
  }
  return TensorType(RankedTensorType::get(shape, element));
}

} // namespace

OnnxImporter::OnnxImporter(MLIRContext *context, llvm::StringRef modelPath)
    : builder(context, modelPath), modelPath(modelPath.str()) {
  // The view ops of values that are not constants.
  context->loadDialect<tensor::TensorDialect, linalg::LinalgDialect>();
  llvm::StringRef folder = llvm::sys::path::parent_path(modelPath);
  modelDir = folder.empty() ? "." : folder.str();
}

llvm::Error OnnxImporter::readOpset(const onnx::ModelProto &model) {
  for (const onnx::OperatorSetIdProto &entry : model.opset_import())
    if (entry.domain().empty() || entry.domain() == "ai.onnx")
      opset = entry.version();
  if (opset == 0)
    return makeImportError(
        "the model imports no version of the default domain (expected an "
        "opset_import entry with domain \"\" or \"ai.onnx\")");
  if (opset < 1 || opset > kNewestOpset)
    return makeImportError("the model imports opset " + llvm::Twine(opset) +
                           " of the default domain: expected 1 to " +
                           llvm::Twine(kNewestOpset));
  return llvm::Error::success();
}

llvm::Error OnnxImporter::define(const std::string &name, Value value) {
  if (name.empty())
    return makeImportError("a value has an empty name");
  if (!values.try_emplace(name, value).second || constants.count(name))
    return makeImportError("value '" + name + "' is defined twice");
  return llvm::Error::success();
}

const Buffer *OnnxImporter::getConstantData(const std::string &name) {
  auto it = constants.find(name);
  return it == constants.end() ? nullptr : &it->second;
}

llvm::Expected<Value> OnnxImporter::lookup(const std::string &name) {
  if (Value value = values.lookup(name))
    return value;
  if (const Buffer *data = getConstantData(name)) {
    Value value = builder.addConstant(data->getView(), name);
    values[name] = value;
    return value;
  }
  return makeImportError("input '" + name +
                         "' is not a graph input, an initializer or the "
                         "output of an earlier node (nodes must be in "
                         "topological order)");
}

llvm::Error OnnxImporter::defineConstant(const std::string &name,
                                         Buffer data) {
  if (name.empty() || values.count(name) || constants.count(name))
    return makeImportError("output '" + name + "' is empty or defined twice");
  constants.try_emplace(name, std::move(data));
  return llvm::Error::success();
}

llvm::Expected<RankedTensorType>
OnnxImporter::getStaticType(Value value, const std::string &name) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (type && type.hasStaticShape())
    return type;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "input '" << name << "' has type " << value.getType()
     << ": expected a static shape";
  return makeImportError(text);
}

llvm::Expected<Value> OnnxImporter::buildReshape(Value input,
                                                ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(input.getType());
  ArrayRef<int64_t> source = type.getShape();
  if (source == shape)
    return input;
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  auto collapse = [&](Value value, RankedTensorType to,
                      ArrayRef<ReassociationIndices> groups)
      -> llvm::Expected<Value> {
    llvm::Expected<tensor::CollapseShapeOp> op =
        builder.create<tensor::CollapseShapeOp>(nodeName, to, value, groups);
    if (!op)
      return op.takeError();
    return op->getResult();
  };
  auto expand = [&](Value value, RankedTensorType to,
                    ArrayRef<ReassociationIndices> groups)
      -> llvm::Expected<Value> {
    llvm::Expected<tensor::ExpandShapeOp> op =
        builder.create<tensor::ExpandShapeOp>(nodeName, to, value, groups);
    if (!op)
      return op.takeError();
    return op->getResult();
  };
  // One collapse or one expansion when the dims group that way.
  if (shape.size() < source.size())
    if (auto groups = getReassociationIndicesForCollapse(source, shape))
      return collapse(input, resultType, *groups);
  if (shape.size() > source.size())
    if (auto groups = getReassociationIndicesForCollapse(shape, source))
      return expand(input, resultType, *groups);
  // Otherwise through one dimension (or none, from or to a scalar: then
  // there is one element).
  if (source.empty())
    return expand(input, resultType, {});
  if (shape.empty())
    return collapse(input, resultType, {});
  Value flat = input;
  if (source.size() != 1) {
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, source.size()));
    llvm::Expected<Value> collapsed = collapse(
        input,
        RankedTensorType::get({type.getNumElements()}, type.getElementType()),
        {all});
    if (!collapsed)
      return collapsed.takeError();
    flat = *collapsed;
  }
  if (shape.size() == 1)
    return flat;
  ReassociationIndices all =
      llvm::to_vector(llvm::seq<int64_t>(0, shape.size()));
  return expand(flat, resultType, {all});
}

llvm::Error OnnxImporter::addInputs(const onnx::GraphProto &graph) {
  for (const onnx::TensorProto &initializer : graph.initializer()) {
    llvm::Expected<Buffer> data = readTensor(initializer, modelDir);
    if (!data)
      return makeImportError("initializer '" + initializer.name() +
                             "': " + llvm::toString(data.takeError()));
    if (initializer.name().empty())
      return makeImportError("an initializer has an empty name");
    if (!constants.try_emplace(initializer.name(), std::move(*data)).second)
      return makeImportError("initializer '" + initializer.name() +
                             "' is defined twice");
  }
  if (graph.sparse_initializer_size())
    return makeImportError("sparse initializers are not supported");
  // Inputs with an initializer of the same name (IR version 3 and earlier
  // list them) are constants, not arguments.
  for (const onnx::ValueInfoProto &input : graph.input()) {
    if (constants.count(input.name()))
      continue;
    llvm::Expected<TensorType> type =
        getTensorType(input.type(), builder.getContext());
    if (!type)
      return makeImportError("graph input '" + input.name() + "' " +
                             llvm::toString(type.takeError()));
    if (!isa<RankedTensorType>(*type))
      return makeImportError("graph input '" + input.name() +
                             "' has no shape: expected at least its rank");
    if (llvm::Error error =
            define(input.name(), builder.addArgument(*type, input.name())))
      return error;
  }
  return llvm::Error::success();
}

void OnnxImporter::eraseIfUnused(const std::string &name) {
  Value value = values.lookup(name);
  if (Operation *op = value ? value.getDefiningOp() : nullptr;
      op && op->use_empty()) {
    values.erase(name);
    op->erase();
  }
}

llvm::Expected<const Buffer *>
OnnxImporter::getConstantInput(const onnx::NodeProto &node, int index) {
  const std::string &name = node.input(index);
  if (const Buffer *data = getConstantData(name))
    return data;
  if (llvm::Expected<Value> value = lookup(name); !value)
    return value.takeError();
  return makeImportError("input '" + name +
                         "' must be a constant (an initializer, a Constant "
                         "or a folded shape computation)");
}

llvm::Expected<SmallVector<Value>>
OnnxImporter::lookupInputs(const onnx::NodeProto &node, int min, int max) {
  if (node.input_size() < min || node.input_size() > max)
    return makeImportError(
        "expected " +
        (min == max ? llvm::Twine(min)
                    : llvm::Twine(min) + " to " + llvm::Twine(max)) +
        (max == 1 ? " input" : " inputs") + ", but found " +
        llvm::Twine(node.input_size()));
  SmallVector<Value> inputs;
  for (const std::string &name : node.input()) {
    if (name.empty()) {
      inputs.push_back(nullptr);
      continue;
    }
    llvm::Expected<Value> value = lookup(name);
    if (!value)
      return value.takeError();
    inputs.push_back(*value);
  }
  return inputs;
}

llvm::Expected<Value>
OnnxImporter::lookupOnlyInput(const onnx::NodeProto &node) {
  llvm::Expected<SmallVector<Value>> inputs = lookupInputs(node, 1, 1);
  if (!inputs)
    return inputs.takeError();
  if (!inputs->front())
    return makeImportError("the input name is empty");
  return inputs->front();
}

llvm::Expected<bool> OnnxImporter::tryFold(const onnx::NodeProto &node,
                                           const OnnxOp &op) {
  SmallVector<const Buffer *> inputs;
  for (const std::string &name : node.input()) {
    if (name.empty()) {
      inputs.push_back(nullptr);
      continue;
    }
    const Buffer *data = getConstantData(name);
    if (!data) {
      if (!values.count(name))
        return makeImportError(
            "input '" + name +
            "' is not a graph input, an initializer or the output of an "
            "earlier node (nodes must be in topological order)");
      return false;
    }
    inputs.push_back(data);
  }
  // Trailing empty names are absent optional inputs.
  while (!inputs.empty() && !inputs.back())
    inputs.pop_back();
  llvm::Expected<Buffer> result =
      op.folder(FoldInputs{node, opset, inputs, modelDir});
  if (!result)
    return result.takeError();
  if (llvm::Error error = defineConstant(node.output(0), std::move(*result)))
    return std::move(error);
  return true;
}

llvm::Error OnnxImporter::addNode(const onnx::NodeProto &node, int index) {
  nodeText = "node " + (node.name().empty() ? "#" + std::to_string(index)
                                            : "'" + node.name() + "'") +
             " (" + node.op_type() + ", opset " + std::to_string(opset) + ")";
  nodeName = node.name().empty()
                 ? (node.output_size() ? node.output(0) : nodeText)
                 : node.name();
  auto fail = [&](llvm::Error error) {
    return makeImportError(nodeText + ": " + llvm::toString(std::move(error)));
  };
  if (!node.domain().empty() && node.domain() != "ai.onnx")
    return fail(makeImportError("unsupported domain '" + node.domain() +
                                "' (expected the default ONNX domain)"));
  const OnnxOpRegistry &registry = getOnnxOpRegistry();
  const std::string &opType = node.op_type();
  const OnnxOp *op = registry.lookup(opType, opset);
  int maxOutputs = op ? op->maxOutputs : 1;
  if (node.output_size() < 1 || node.output_size() > maxOutputs)
    return fail(makeImportError(
        "expected " +
        (maxOutputs == 1 ? llvm::Twine("1 output")
                         : llvm::Twine("1 to ") + llvm::Twine(maxOutputs) +
                               " outputs") +
        ", but found " + llvm::Twine(node.output_size())));
  if (!op) {
    if (std::optional<int64_t> since = registry.getFirstVersion(opType))
      return fail(makeImportError(opType + " needs opset " +
                                  llvm::Twine(*since) +
                                  ", but the model imports opset " +
                                  llvm::Twine(opset)));
    return fail(makeImportError("unsupported op type (expected one of " +
                                registry.getOpTypesText() + ")"));
  }
  if (op->folder) {
    llvm::Expected<bool> folded = tryFold(node, *op);
    if (!folded)
      return fail(folded.takeError());
    if (*folded)
      return llvm::Error::success();
  }
  if (op->importer) {
    if (llvm::Error error = op->importer(*this, node))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  std::string runtime;
  for (const std::string &name : node.input())
    if (!name.empty() && !getConstantData(name) && runtime.empty())
      runtime = name;
  return fail(makeImportError(
      "supported only on constants (initializers, Constant outputs and "
      "shape computations), but input '" +
      runtime + "' is computed at run time"));
}

llvm::Expected<SmallVector<Value>>
OnnxImporter::getOutputs(const onnx::GraphProto &graph) {
  SmallVector<Value> results;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    llvm::Expected<Value> value = lookup(output.name());
    if (!value)
      return makeImportError("graph output '" + output.name() +
                             "' is not defined by the graph");
    // A declared type (one with an element type) must agree with the
    // computed one.
    if (output.type().tensor_type().elem_type() != 0) {
      llvm::Expected<TensorType> declared =
          getTensorType(output.type(), builder.getContext());
      if (!declared)
        return makeImportError("graph output '" + output.name() + "' " +
                               llvm::toString(declared.takeError()));
      auto computed = cast<TensorType>(value->getType());
      if (declared->getElementType() != computed.getElementType() ||
          (isa<RankedTensorType>(*declared) &&
           !isCompatibleResultType(
               declared->clone(computed.getElementType()), computed))) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << "graph output '" << output.name() << "' is declared as "
           << *declared << ", but the graph computes " << computed;
        return makeImportError(text);
      }
    }
    results.push_back(*value);
  }
  return results;
}

llvm::Expected<OwningOpRef<ModuleOp>>
OnnxImporter::import(const onnx::ModelProto &model) {
  if (llvm::Error error = readOpset(model))
    return std::move(error);
  if (!model.has_graph())
    return makeImportError("the model has no graph");
  const onnx::GraphProto &graph = model.graph();
  if (llvm::Error error = addInputs(graph))
    return std::move(error);
  for (auto [index, node] : llvm::enumerate(graph.node()))
    if (llvm::Error error = addNode(node, static_cast<int>(index)))
      return std::move(error);
  llvm::Expected<SmallVector<Value>> results = getOutputs(graph);
  if (!results)
    return results.takeError();
  return builder.finish(*results);
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importOnnxModel(MLIRContext *context, llvm::StringRef bytes,
                              llvm::StringRef modelPath) {
  onnx::ModelProto model;
  if (bytes.size() > INT_MAX ||
      !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return makeImportError("'" + modelPath +
                           "' is not an ONNX model (the protobuf does not "
                           "parse as a ModelProto: truncated or corrupt)");
  OnnxImporter importer(context, modelPath);
  llvm::Expected<OwningOpRef<ModuleOp>> module = importer.import(model);
  if (!module)
    return makeImportError("'" + modelPath +
                           "': " + llvm::toString(module.takeError()));
  return module;
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importOnnxModelFile(MLIRContext *context,
                                  llvm::StringRef modelPath) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(modelPath, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return makeImportError("cannot read '" + modelPath +
                           "': " + file.getError().message());
  return importOnnxModel(context, (*file)->getBuffer(), modelPath);
}
