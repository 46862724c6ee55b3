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
// rejects cycles) and builds one op per node through ModelBuilder. The
// model's opset for the default domain selects each Reduce op's version:
// axes as an attribute before the version that made them an input (13 for
// ReduceSum, 18 for the others), `noop_with_empty_axes` from that version
// on, bool inputs to ReduceMin/ReduceMax from version 20.
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/Onnx.h"

#include "TensorProto.h"

#include "reduce/Import/ModelBuilder.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <climits>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::onnx_import;

namespace {

/// The newest opset of the default domain whose Reduce ops the importer
/// knows (ReduceMax-20 and ReduceMin-20 are the last versions).
constexpr int64_t kNewestOpset = 20;

/// A Reduce op of ONNX and the reduction it imports as.
struct ReduceOpInfo {
  llvm::StringLiteral opType;
  ReductionKind kind;
  /// The first version that takes the axes as an input.
  int64_t axesInputSince;
};

constexpr ReduceOpInfo kReduceOps[] = {
    {"ReduceSum", ReductionKind::sum, 13},
    {"ReduceL1", ReductionKind::l1, 18},
    {"ReduceL2", ReductionKind::l2, 18},
    {"ReduceMin", ReductionKind::min, 18},
    {"ReduceMax", ReductionKind::max, 18},
    {"ReduceProd", ReductionKind::prod, 18},
    {"ReduceMean", ReductionKind::mean, 18},
    {"ReduceSumSquare", ReductionKind::sum_square, 18},
    {"ReduceLogSum", ReductionKind::log_sum, 18},
    {"ReduceLogSumExp", ReductionKind::log_sum_exp, 18},
};

/// The version from which ReduceMin and ReduceMax accept bool inputs (as
/// logical and / or).
constexpr int64_t kBoolMinMaxSince = 20;

const ReduceOpInfo *lookupReduceOp(llvm::StringRef opType) {
  for (const ReduceOpInfo &info : kReduceOps)
    if (info.opType == opType)
      return &info;
  return nullptr;
}

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

/// Imports one model: the state of the walk over its graph.
class OnnxImporter {
public:
  OnnxImporter(MLIRContext *context, llvm::StringRef modelPath)
      : builder(context, modelPath), modelPath(modelPath.str()) {
    llvm::StringRef folder = llvm::sys::path::parent_path(modelPath);
    modelDir = folder.empty() ? "." : folder.str();
  }

  llvm::Expected<OwningOpRef<ModuleOp>> import(const onnx::ModelProto &model);

private:
  llvm::Error readOpset(const onnx::ModelProto &model);
  llvm::Error addInputs(const onnx::GraphProto &graph);
  llvm::Error addNode(const onnx::NodeProto &node, int index);
  llvm::Error addConstantNode(const onnx::NodeProto &node);
  llvm::Error addReduceNode(const onnx::NodeProto &node,
                            const ReduceOpInfo &info);
  llvm::Expected<SmallVector<Value>> getOutputs(const onnx::GraphProto &graph);

  /// Defines `name` as `value`; a name defined twice is an error.
  llvm::Error define(const std::string &name, Value value);
  /// The value named `name`: a graph input, an earlier node's output or an
  /// initializer (a constant, created on first use).
  llvm::Expected<Value> lookup(const std::string &name);
  /// The data of `name` when it is an initializer or a Constant's output.
  const Buffer *getConstantData(const std::string &name);

  ModelBuilder builder;
  std::string modelPath;
  std::string modelDir;
  int64_t opset = 0;
  /// Values defined so far, by name.
  llvm::StringMap<Value> values;
  /// Initializers and the outputs of Constant nodes, by name.
  llvm::StringMap<Buffer> constants;
  /// What a message calls the node being imported.
  std::string nodeText;
};

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

llvm::Error OnnxImporter::addConstantNode(const onnx::NodeProto &node) {
  if (node.attribute_size() != 1)
    return makeImportError("expected exactly one attribute, but found " +
                           llvm::Twine(node.attribute_size()));
  const onnx::AttributeProto &attribute = node.attribute(0);
  const std::string &name = attribute.name();
  auto checkType = [&](onnx::AttributeProto::AttributeType type,
                       llvm::StringRef typeName) -> llvm::Error {
    if (attribute.type() == type)
      return llvm::Error::success();
    return makeImportError("attribute '" + name + "' must be of type " +
                           typeName);
  };
  std::optional<Buffer> data;
  if (name == "value") {
    if (llvm::Error error = checkType(onnx::AttributeProto::TENSOR, "TENSOR"))
      return error;
    llvm::Expected<Buffer> tensor = readTensor(attribute.t(), modelDir);
    if (!tensor)
      return tensor.takeError();
    data = std::move(*tensor);
  } else if (name == "value_float" || name == "value_int") {
    bool isFloatValue = name == "value_float";
    if (llvm::Error error =
            isFloatValue ? checkType(onnx::AttributeProto::FLOAT, "FLOAT")
                         : checkType(onnx::AttributeProto::INT, "INT"))
      return error;
    data.emplace(isFloatValue ? ElementType::f32 : ElementType::i64,
                 ArrayRef<int64_t>{});
    if (isFloatValue)
      data->getElements<float>()[0] = attribute.f();
    else
      data->getElements<int64_t>()[0] = attribute.i();
  } else if (name == "value_floats" || name == "value_ints") {
    bool isFloatValue = name == "value_floats";
    if (llvm::Error error =
            isFloatValue ? checkType(onnx::AttributeProto::FLOATS, "FLOATS")
                         : checkType(onnx::AttributeProto::INTS, "INTS"))
      return error;
    int64_t count = isFloatValue ? attribute.floats_size() : attribute.ints_size();
    data.emplace(isFloatValue ? ElementType::f32 : ElementType::i64,
                 ArrayRef<int64_t>{count});
    if (isFloatValue)
      llvm::copy(attribute.floats(), data->getElements<float>().begin());
    else
      llvm::copy(attribute.ints(), data->getElements<int64_t>().begin());
  } else {
    return makeImportError("unsupported attribute '" + name +
                           "' (expected value, value_float, value_floats, "
                           "value_int or value_ints)");
  }
  const std::string &output = node.output(0);
  if (output.empty() || values.count(output) || constants.count(output))
    return makeImportError("output '" + output +
                           "' is empty or defined twice");
  constants.try_emplace(output, std::move(*data));
  return llvm::Error::success();
}

llvm::Error OnnxImporter::addReduceNode(const onnx::NodeProto &node,
                                        const ReduceOpInfo &info) {
  bool axesAsInput = opset >= info.axesInputSince;
  bool keepDims = true;
  bool noopWithEmptyAxes = false;
  std::optional<SmallVector<int64_t>> axesAttribute;
  for (const onnx::AttributeProto &attribute : node.attribute()) {
    const std::string &name = attribute.name();
    if (name == "keepdims" || (axesAsInput && name == "noop_with_empty_axes")) {
      if (attribute.type() != onnx::AttributeProto::INT)
        return makeImportError("attribute '" + name + "' must be of type INT");
      if (attribute.i() != 0 && attribute.i() != 1)
        return makeImportError("attribute '" + name + "' is " +
                               llvm::Twine(attribute.i()) +
                               ": expected 0 or 1");
      (name == "keepdims" ? keepDims : noopWithEmptyAxes) = attribute.i();
    } else if (!axesAsInput && name == "axes") {
      if (attribute.type() != onnx::AttributeProto::INTS)
        return makeImportError("attribute 'axes' must be of type INTS");
      axesAttribute.emplace(attribute.ints().begin(), attribute.ints().end());
    } else {
      return makeImportError(
          "unsupported attribute '" + name + "' (expected keepdims" +
          (axesAsInput ? ", noop_with_empty_axes; the axes are an input from "
                         "this version on"
                       : ", axes") +
          ")");
    }
  }
  int maxInputs = axesAsInput ? 2 : 1;
  if (node.input_size() < 1 || node.input_size() > maxInputs)
    return makeImportError("expected " +
                           llvm::Twine(axesAsInput ? "1 or 2 inputs (data, "
                                                     "axes)"
                                                   : "1 input (data)") +
                           ", but found " + llvm::Twine(node.input_size()));
  llvm::Expected<Value> input = lookup(node.input(0));
  if (!input)
    return input.takeError();
  auto inputType = cast<TensorType>(input->getType());

  // Bool inputs: ReduceMin-20 and ReduceMax-20 are logical and / or.
  ReductionKind kind = info.kind;
  if (inputType.getElementType().isInteger(1)) {
    if (kind != ReductionKind::min && kind != ReductionKind::max)
      return makeImportError("input element type BOOL is not supported by " +
                             info.opType);
    if (opset < kBoolMinMaxSince)
      return makeImportError("input element type BOOL needs " + info.opType +
                             "-20, but the model imports opset " +
                             llvm::Twine(opset));
    kind = kind == ReductionKind::min ? ReductionKind::logical_and
                                      : ReductionKind::logical_or;
  }

  // The axes: static (an attribute, an initializer or a Constant), or a
  // runtime operand; absent or empty ones mean every dim, or none with
  // noop_with_empty_axes.
  std::optional<SmallVector<int64_t>> staticAxes = axesAttribute;
  Value axesOperand;
  bool hasAxesInput = node.input_size() == 2 && !node.input(1).empty();
  if (hasAxesInput) {
    if (const Buffer *data = getConstantData(node.input(1))) {
      if (data->getElementType() != ElementType::i64 ||
          data->getShape().size() > 1)
        return makeImportError("axes '" + node.input(1) +
                               "' must be a 0-D or 1-D INT64 tensor");
      staticAxes.emplace(data->getElements<int64_t>());
    } else {
      llvm::Expected<Value> axes = lookup(node.input(1));
      if (!axes)
        return axes.takeError();
      axesOperand = *axes;
    }
  }
  if (!axesOperand) {
    if (!staticAxes || staticAxes->empty()) {
      // An empty axes attribute counts as an absent one, as in ONNX
      // Runtime: every dim.
      if (!noopWithEmptyAxes) {
        if (!inputType.hasRank())
          return makeImportError("reducing every dim needs the rank of input '" +
                                 node.input(0) + "', which is not known");
        staticAxes = llvm::to_vector(llvm::seq<int64_t>(0, inputType.getRank()));
      } else {
        staticAxes.emplace();
      }
    }
    // ONNX runtimes accept a repeated axis; it names its dim once.
    if (inputType.hasRank()) {
      int64_t rank = inputType.getRank();
      SmallVector<int64_t> unique;
      llvm::SmallDenseSet<int64_t> seen;
      for (int64_t axis : *staticAxes) {
        int64_t dim = axis < 0 ? axis + rank : axis;
        if (dim >= 0 && dim < rank && !seen.insert(dim).second)
          continue;
        unique.push_back(axis);
      }
      *staticAxes = std::move(unique);
    }
  }

  llvm::Expected<Value> result = builder.addReduction(
      node.name().empty() ? node.output(0) : node.name(), kind, *input,
      axesOperand ? std::nullopt
                  : std::optional<ArrayRef<int64_t>>(*staticAxes),
      axesOperand, keepDims,
      axesOperand && !noopWithEmptyAxes ? EmptyAxesMode::all
                                        : EmptyAxesMode::noop);
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
}

llvm::Error OnnxImporter::addNode(const onnx::NodeProto &node, int index) {
  nodeText = "node " + (node.name().empty() ? "#" + std::to_string(index)
                                            : "'" + node.name() + "'") +
             " (" + node.op_type() + ", opset " + std::to_string(opset) + ")";
  auto fail = [&](llvm::Error error) {
    return makeImportError(nodeText + ": " + llvm::toString(std::move(error)));
  };
  if (!node.domain().empty() && node.domain() != "ai.onnx")
    return fail(makeImportError("unsupported domain '" + node.domain() +
                                "' (expected the default ONNX domain)"));
  if (node.output_size() != 1)
    return fail(makeImportError("expected 1 output, but found " +
                                llvm::Twine(node.output_size())));
  if (node.op_type() == "Constant") {
    if (node.input_size() != 0)
      return fail(makeImportError("expected no inputs, but found " +
                                  llvm::Twine(node.input_size())));
    if (llvm::Error error = addConstantNode(node))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (node.op_type() == "Identity") {
    if (node.input_size() != 1 || node.attribute_size() != 0)
      return fail(makeImportError("expected 1 input and no attributes"));
    llvm::Expected<Value> input = lookup(node.input(0));
    if (!input)
      return fail(input.takeError());
    if (llvm::Error error = define(node.output(0), *input))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (const ReduceOpInfo *info = lookupReduceOp(node.op_type())) {
    if (llvm::Error error = addReduceNode(node, *info))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  return fail(makeImportError(
      "unsupported op type (expected a Reduce op, Constant or Identity)"));
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

} // namespace

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
