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
// rejects cycles) and builds the ops of each node through ModelBuilder
// (reductions, normalizations, elementwise ops with numpy broadcasting). A
// node whose inputs are all constants and whose op the folder knows
// (ConstantFolding.h), and Shape/Size of a static shape, become constants,
// so that shape subgraphs leave no op behind; views of runtime values are
// tensor.collapse_shape / tensor.expand_shape. The model's opset for the
// default domain selects each op's version: for the Reduce ops, axes as an
// attribute before the version that made them an input (13 for ReduceSum,
// 18 for the others), `noop_with_empty_axes` from that version on, bool
// inputs to ReduceMin/ReduceMax from version 20; Softmax's 2-D coercion
// before 13; Squeeze/Unsqueeze axes as an input from 13; Clip's bounds as
// inputs from 11.
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/Onnx.h"

#include "ConstantFolding.h"
#include "NodeAttributes.h"
#include "TensorProto.h"

#include "reduce/Import/ModelBuilder.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
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

/// An elementwise op of ONNX and the ModelBuilder op it imports as.
struct ElementwiseOpInfo {
  llvm::StringLiteral opType;
  ElementwiseKind kind;
  /// The number of inputs; 0 for the variadic ops (one or more).
  int arity;
};

constexpr ElementwiseOpInfo kElementwiseOps[] = {
    {"Add", ElementwiseKind::add, 2},
    {"Sub", ElementwiseKind::sub, 2},
    {"Mul", ElementwiseKind::mul, 2},
    {"Div", ElementwiseKind::div, 2},
    {"Pow", ElementwiseKind::pow, 2},
    {"Max", ElementwiseKind::max, 0},
    {"Min", ElementwiseKind::min, 0},
    {"Sum", ElementwiseKind::add, 0},
    {"Mean", ElementwiseKind::add, 0},
    {"Equal", ElementwiseKind::equal, 2},
    {"Less", ElementwiseKind::less, 2},
    {"Greater", ElementwiseKind::greater, 2},
    {"LessOrEqual", ElementwiseKind::less_equal, 2},
    {"GreaterOrEqual", ElementwiseKind::greater_equal, 2},
    {"Sqrt", ElementwiseKind::sqrt, 1},
    {"Exp", ElementwiseKind::exp, 1},
    {"Log", ElementwiseKind::log, 1},
    {"Abs", ElementwiseKind::abs, 1},
    {"Neg", ElementwiseKind::neg, 1},
    {"Reciprocal", ElementwiseKind::reciprocal, 1},
};

const ElementwiseOpInfo *lookupElementwiseOp(llvm::StringRef opType) {
  for (const ElementwiseOpInfo &info : kElementwiseOps)
    if (info.opType == opType)
      return &info;
  return nullptr;
}

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
    // The view ops of values that are not constants.
    context->loadDialect<tensor::TensorDialect, linalg::LinalgDialect>();
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
  llvm::Error addShapeNode(const onnx::NodeProto &node);
  llvm::Error addElementwiseNode(const onnx::NodeProto &node,
                                 const ElementwiseOpInfo &info);
  llvm::Error addCastNode(const onnx::NodeProto &node);
  llvm::Error addClipNode(const onnx::NodeProto &node);
  llvm::Error addWhereNode(const onnx::NodeProto &node);
  llvm::Error addLogicalNode(const onnx::NodeProto &node);
  llvm::Error addSoftmaxNode(const onnx::NodeProto &node);
  llvm::Error addLayerNormNode(const onnx::NodeProto &node);
  llvm::Error addRmsNormNode(const onnx::NodeProto &node);
  llvm::Error addMvnNode(const onnx::NodeProto &node);
  /// The attributes LayerNormalization and RMSNormalization share, after
  /// checking that the model's opset has the op (`since`): axis (default
  /// -1), epsilon (default 1e-5) and stash_type (default FLOAT, a float
  /// type).
  struct NormAttributes {
    int64_t axis;
    float epsilon;
    Type stashType;
  };
  llvm::Expected<NormAttributes>
  getNormAttributes(const onnx::NodeProto &node, int64_t since);
  /// The values of the inputs of `node` (null for an empty name); exactly
  /// `count` of them, or between `min` and `max`.
  llvm::Expected<SmallVector<Value>> lookupInputs(const onnx::NodeProto &node,
                                                  int min, int max);
  llvm::Error addViewNode(const onnx::NodeProto &node);
  llvm::Error addExpandNode(const onnx::NodeProto &node);
  /// Evaluates `node` when every input is a constant and the folder knows
  /// its op; returns false (and does nothing) otherwise.
  llvm::Expected<bool> tryFold(const onnx::NodeProto &node);
  llvm::Expected<SmallVector<Value>> getOutputs(const onnx::GraphProto &graph);

  /// The static shape of `value` (input `name` of the current node), or an
  /// error.
  llvm::Expected<RankedTensorType> getStaticType(Value value,
                                                 const std::string &name);
  /// `input` (of a static shape) viewed as `shape` (as many elements):
  /// tensor.collapse_shape and/or tensor.expand_shape.
  llvm::Expected<Value> buildReshape(Value input, ArrayRef<int64_t> shape);
  /// Defines output 0 of the current node as the constant `data`.
  llvm::Error defineConstant(const std::string &name, Buffer data);

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
  /// What a message calls the node being imported, and the name of its ops.
  std::string nodeText;
  std::string nodeName;
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

  // A reduction of a constant (the element counts of shape subgraphs) is
  // folded; an axis out of range is left to the dialect's diagnostic.
  if (const Buffer *data = getConstantData(node.input(0));
      data && !axesOperand) {
    auto rank = static_cast<int64_t>(data->getShape().size());
    SmallVector<int64_t> dims;
    bool inRange = true;
    for (int64_t axis : *staticAxes) {
      int64_t dim = axis < 0 ? axis + rank : axis;
      inRange &= dim >= 0 && dim < rank;
      dims.push_back(dim);
    }
    llvm::sort(dims);
    dims.erase(llvm::unique(dims), dims.end());
    if (inRange)
      if (std::optional<Buffer> folded =
              foldReduction(kind, *data, dims, keepDims)) {
        // The input's constant op, made by the lookup above, may be dead.
        if (Operation *op = input->getDefiningOp(); op && op->use_empty()) {
          values.erase(node.input(0));
          op->erase();
        }
        return defineConstant(node.output(0), std::move(*folded));
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

llvm::Expected<bool> OnnxImporter::tryFold(const onnx::NodeProto &node) {
  if (!isFoldable(node.op_type()))
    return false;
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
  llvm::Expected<Buffer> result = foldNode(node, opset, inputs, modelDir);
  if (!result)
    return result.takeError();
  if (llvm::Error error = defineConstant(node.output(0), std::move(*result)))
    return std::move(error);
  return true;
}

llvm::Error OnnxImporter::addShapeNode(const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  bool isShape = node.op_type() == "Shape";
  if (llvm::Error error = attributes.checkKnown(
          isShape && opset >= 15 ? ArrayRef<llvm::StringRef>{"start", "end"}
                                 : ArrayRef<llvm::StringRef>{}))
    return error;
  if (node.input_size() != 1)
    return makeImportError("expected 1 input, but found " +
                           llvm::Twine(node.input_size()));
  llvm::Expected<Value> input = lookup(node.input(0));
  if (!input)
    return input.takeError();
  auto type = dyn_cast<RankedTensorType>(input->getType());
  if (!type || !type.hasStaticShape()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "the shape of input '" << node.input(0) << "' (" << input->getType()
       << ") is not static: expected static dims, which the importer folds";
    return makeImportError(text);
  }
  if (!isShape) {
    Buffer size(ElementType::i64, {});
    size.getElements<int64_t>()[0] = type.getNumElements();
    return defineConstant(node.output(0), std::move(size));
  }
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
  return defineConstant(node.output(0),
                        getShapeTensor(type.getShape(), *start, end));
}

llvm::Error OnnxImporter::addViewNode(const onnx::NodeProto &node) {
  if (node.input_size() < 1)
    return makeImportError("expected the data input");
  llvm::Expected<Value> input = lookup(node.input(0));
  if (!input)
    return input.takeError();
  llvm::Expected<RankedTensorType> type = getStaticType(*input, node.input(0));
  if (!type)
    return type.takeError();
  SmallVector<const Buffer *> rest;
  for (int k = 1; k < node.input_size(); ++k) {
    if (node.input(k).empty()) {
      rest.push_back(nullptr);
      continue;
    }
    const Buffer *data = getConstantData(node.input(k));
    if (!data) {
      if (llvm::Expected<Value> value = lookup(node.input(k)); !value)
        return value.takeError();
      return makeImportError("input '" + node.input(k) +
                             "' must be a constant (an initializer, a "
                             "Constant or a folded shape computation)");
    }
    rest.push_back(data);
  }
  while (!rest.empty() && !rest.back())
    rest.pop_back();
  llvm::Expected<SmallVector<int64_t>> shape =
      getViewShape(node, opset, type->getShape(), rest);
  if (!shape)
    return shape.takeError();
  llvm::Expected<Value> result = buildReshape(*input, *shape);
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
}

llvm::Error OnnxImporter::addExpandNode(const onnx::NodeProto &node) {
  if (llvm::Error error = NodeAttributes(node).checkKnown({}))
    return error;
  if (node.input_size() != 2)
    return makeImportError("expected 2 inputs (input, shape), but found " +
                           llvm::Twine(node.input_size()));
  llvm::Expected<Value> input = lookup(node.input(0));
  if (!input)
    return input.takeError();
  const Buffer *target = getConstantData(node.input(1));
  if (!target) {
    if (llvm::Expected<Value> value = lookup(node.input(1)); !value)
      return value.takeError();
    return makeImportError("input '" + node.input(1) +
                           "' must be a constant (an initializer, a Constant "
                           "or a folded shape computation)");
  }
  llvm::Expected<SmallVector<int64_t>> shape = readShapeInput(*target);
  if (!shape)
    return shape.takeError();
  llvm::Expected<Value> result = builder.addBroadcast(
      nodeName, *input, *shape, BroadcastMode::bidirectional);
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
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

llvm::Error OnnxImporter::addElementwiseNode(const onnx::NodeProto &node,
                                             const ElementwiseOpInfo &info) {
  if (llvm::Error error = NodeAttributes(node).checkKnown({}))
    return error;
  llvm::Expected<SmallVector<Value>> inputs =
      info.arity ? lookupInputs(node, info.arity, info.arity)
                 : lookupInputs(node, 1, INT_MAX);
  if (!inputs)
    return inputs.takeError();
  if (llvm::is_contained(*inputs, Value()))
    return makeImportError("an input name is empty");
  Value result = (*inputs)[0];
  if (info.arity == 1) {
    llvm::Expected<Value> value =
        builder.addElementwise(nodeName, info.kind, {result});
    if (!value)
      return value.takeError();
    return define(node.output(0), *value);
  }
  for (Value operand : llvm::drop_begin(*inputs)) {
    Type base = getElementTypeOrSelf(result.getType());
    Type exponent = getElementTypeOrSelf(operand.getType());
    if (info.kind == ElementwiseKind::pow && base != exponent) {
      // Pow-12+ takes an exponent of another type; the result has the
      // base's. A float base takes the exponent converted to its type; an
      // integer base with a float exponent is computed in f64 and truncated.
      Type compute = isa<FloatType>(base) ? base
                                          : Float64Type::get(builder.getContext());
      llvm::Expected<Value> lhs = builder.addConvert(nodeName, result, compute);
      if (!lhs)
        return lhs.takeError();
      llvm::Expected<Value> rhs =
          builder.addConvert(nodeName, operand, compute);
      if (!rhs)
        return rhs.takeError();
      llvm::Expected<Value> power =
          builder.addElementwise(nodeName, info.kind, {*lhs, *rhs});
      if (!power)
        return power.takeError();
      llvm::Expected<Value> converted =
          builder.addConvert(nodeName, *power, base);
      if (!converted)
        return converted.takeError();
      result = *converted;
      continue;
    }
    llvm::Expected<Value> value =
        builder.addElementwise(nodeName, info.kind, {result, operand});
    if (!value)
      return value.takeError();
    result = *value;
  }
  if (info.opType == "Mean" && inputs->size() > 1) {
    // The sum divided by the number of inputs (float types only in ONNX).
    Type element = getElementTypeOrSelf(result.getType());
    llvm::Expected<Value> mean = builder.addElementwise(
        nodeName, ElementwiseKind::div,
        {result, builder.addScalarConstant(nodeName, element,
                                           static_cast<double>(
                                               inputs->size()))});
    if (!mean)
      return mean.takeError();
    result = *mean;
  }
  return define(node.output(0), result);
}

llvm::Error OnnxImporter::addCastNode(const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown({"to", "saturate"}))
    return error;
  if (!attributes.find("to"))
    return makeImportError("attribute 'to' is missing");
  llvm::Expected<int64_t> to = attributes.getInt("to", 0);
  if (!to)
    return to.takeError();
  std::optional<ElementType> type = getElementType(static_cast<int32_t>(*to));
  if (!type)
    return makeImportError("cannot cast to " +
                           getDataTypeName(static_cast<int32_t>(*to)) +
                           ": expected " + getSupportedDataTypesText());
  llvm::Expected<SmallVector<Value>> inputs = lookupInputs(node, 1, 1);
  if (!inputs)
    return inputs.takeError();
  llvm::Expected<Value> result = builder.addConvert(
      nodeName, (*inputs)[0], toMlirType(*type, builder.getContext()));
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
}

llvm::Error OnnxImporter::addClipNode(const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  bool boundsAsInputs = opset >= 11;
  if (llvm::Error error = attributes.checkKnown(
          boundsAsInputs ? ArrayRef<llvm::StringRef>{}
                         : ArrayRef<llvm::StringRef>{"min", "max"}))
    return error;
  llvm::Expected<SmallVector<Value>> inputs =
      lookupInputs(node, 1, boundsAsInputs ? 3 : 1);
  if (!inputs)
    return inputs.takeError();
  Value input = (*inputs)[0];
  if (!input)
    return makeImportError("the input name is empty");
  Value low = inputs->size() > 1 ? (*inputs)[1] : Value();
  Value high = inputs->size() > 2 ? (*inputs)[2] : Value();
  if (!boundsAsInputs) {
    Type element = getElementTypeOrSelf(input.getType());
    for (auto [name, bound] :
         {std::pair<llvm::StringRef, Value *>{"min", &low}, {"max", &high}}) {
      if (!attributes.find(name))
        continue;
      llvm::Expected<float> value = attributes.getFloat(name, 0);
      if (!value)
        return value.takeError();
      *bound = builder.addScalarConstant(nodeName, element, *value);
    }
  }
  llvm::Expected<Value> result = builder.addClamp(nodeName, input, low, high);
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
}

llvm::Error OnnxImporter::addWhereNode(const onnx::NodeProto &node) {
  if (llvm::Error error = NodeAttributes(node).checkKnown({}))
    return error;
  llvm::Expected<SmallVector<Value>> inputs = lookupInputs(node, 3, 3);
  if (!inputs)
    return inputs.takeError();
  if (llvm::is_contained(*inputs, Value()))
    return makeImportError("an input name is empty");
  llvm::Expected<Value> result = builder.addSelect(
      nodeName, (*inputs)[0], (*inputs)[1], (*inputs)[2]);
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
}

llvm::Error OnnxImporter::addLogicalNode(const onnx::NodeProto &node) {
  if (llvm::Error error = NodeAttributes(node).checkKnown({}))
    return error;
  const std::string &opType = node.op_type();
  bool isNot = opType == "Not";
  llvm::Expected<SmallVector<Value>> inputs =
      lookupInputs(node, isNot ? 1 : 2, isNot ? 1 : 2);
  if (!inputs)
    return inputs.takeError();
  MLIRContext *context = builder.getContext();
  Type i1 = IntegerType::get(context, 1), i8 = IntegerType::get(context, 8);
  // On 0/1 bytes: and = min, or = max, xor = a - b != 0, not = (x == 0).
  SmallVector<Value> bytes;
  for (Value input : *inputs) {
    if (!input)
      return makeImportError("an input name is empty");
    if (getElementTypeOrSelf(input.getType()) != i1) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << opType << " takes BOOL inputs, but found " << input.getType();
      return makeImportError(text);
    }
    llvm::Expected<Value> byte = builder.addConvert(nodeName, input, i8);
    if (!byte)
      return byte.takeError();
    bytes.push_back(*byte);
  }
  auto combine = [&]() -> llvm::Expected<Value> {
    if (isNot)
      return builder.addElementwise(
          nodeName, ElementwiseKind::equal,
          {bytes[0], builder.addScalarConstant(nodeName, i8, 0)});
    ElementwiseKind kind = opType == "And"  ? ElementwiseKind::min
                           : opType == "Or" ? ElementwiseKind::max
                                            : ElementwiseKind::sub;
    llvm::Expected<Value> combined =
        builder.addElementwise(nodeName, kind, bytes);
    if (!combined)
      return combined.takeError();
    return builder.addConvert(nodeName, *combined, i1);
  };
  llvm::Expected<Value> result = combine();
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
}

llvm::Error OnnxImporter::addSoftmaxNode(const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown({"axis"}))
    return error;
  // Softmax-1/11 and LogSoftmax-1/11 flatten the input to 2-D at `axis`
  // (default 1); from 13 on they normalize over `axis` (default -1).
  bool coerce2d = opset < 13;
  llvm::Expected<int64_t> axis = attributes.getInt("axis", coerce2d ? 1 : -1);
  if (!axis)
    return axis.takeError();
  llvm::Expected<SmallVector<Value>> inputs = lookupInputs(node, 1, 1);
  if (!inputs)
    return inputs.takeError();
  if (!(*inputs)[0])
    return makeImportError("the input name is empty");
  llvm::Expected<Value> result =
      builder.addSoftmax(nodeName, (*inputs)[0], *axis, coerce2d,
                         /*logarithm=*/node.op_type() == "LogSoftmax");
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
}

llvm::Expected<OnnxImporter::NormAttributes>
OnnxImporter::getNormAttributes(const onnx::NodeProto &node, int64_t since) {
  if (opset < since)
    return makeImportError(node.op_type() + " needs opset " +
                           llvm::Twine(since) + ", but the model imports opset " +
                           llvm::Twine(opset));
  NodeAttributes attributes(node);
  if (llvm::Error error =
          attributes.checkKnown({"axis", "epsilon", "stash_type"}))
    return std::move(error);
  llvm::Expected<int64_t> axis = attributes.getInt("axis", -1);
  if (!axis)
    return axis.takeError();
  llvm::Expected<float> epsilon = attributes.getFloat("epsilon", 1e-5f);
  if (!epsilon)
    return epsilon.takeError();
  llvm::Expected<int64_t> stash =
      attributes.getInt("stash_type", onnx::TensorProto::FLOAT);
  if (!stash)
    return stash.takeError();
  std::optional<ElementType> type =
      getElementType(static_cast<int32_t>(*stash));
  if (!type || !isFloat(*type))
    return makeImportError(
        "attribute 'stash_type' is " +
        getDataTypeName(static_cast<int32_t>(*stash)) +
        ": expected FLOAT, DOUBLE, FLOAT16 or BFLOAT16");
  return NormAttributes{*axis, *epsilon,
                        toMlirType(*type, builder.getContext())};
}

llvm::Error OnnxImporter::addLayerNormNode(const onnx::NodeProto &node) {
  llvm::Expected<NormAttributes> attributes = getNormAttributes(node, 17);
  if (!attributes)
    return attributes.takeError();
  int64_t axis = attributes->axis;
  llvm::Expected<SmallVector<Value>> inputs = lookupInputs(node, 2, 3);
  if (!inputs)
    return inputs.takeError();
  Value input = (*inputs)[0], scale = (*inputs)[1];
  Value bias = inputs->size() > 2 ? (*inputs)[2] : Value();
  if (!input)
    return makeImportError("the input name is empty");
  if (!scale) {
    // PyTorch 1.13 exports F.layer_norm without a weight as a
    // LayerNormalization whose Scale is the empty name (which the ONNX
    // checker rejects): a scale of ones, of the normalized dims' shape.
    auto type = dyn_cast<RankedTensorType>(input.getType());
    int64_t rank = type ? type.getRank() : 0;
    std::optional<ElementType> element =
        type ? toElementType(type.getElementType()) : std::nullopt;
    if (!type || !element || axis < -rank || axis >= rank)
      return makeImportError("the Scale input is empty, and the input's "
                             "normalized dims are not known");
    ArrayRef<int64_t> dims =
        type.getShape().drop_front(axis < 0 ? axis + rank : axis);
    if (ShapedType::isDynamicShape(dims))
      return makeImportError("the Scale input is empty, and the input's "
                             "normalized dims are not static");
    Buffer ones(*element, dims);
    for (int64_t i = 0; i < ones.getNumElements(); ++i)
      storeDouble(*element, ones.getData(), i, 1.0);
    scale = builder.addConstant(ones.getView(), nodeName);
  }
  llvm::Expected<SmallVector<Value>> results = builder.addLayerNorm(
      nodeName, input, scale, bias, axis, attributes->epsilon,
      attributes->stashType);
  if (!results)
    return results.takeError();
  for (int k = 0; k < node.output_size() && k < 3; ++k)
    if (!node.output(k).empty())
      if (llvm::Error error = define(node.output(k), (*results)[k]))
        return error;
  return llvm::Error::success();
}

llvm::Error OnnxImporter::addRmsNormNode(const onnx::NodeProto &node) {
  llvm::Expected<NormAttributes> attributes = getNormAttributes(node, 23);
  if (!attributes)
    return attributes.takeError();
  llvm::Expected<SmallVector<Value>> inputs = lookupInputs(node, 2, 2);
  if (!inputs)
    return inputs.takeError();
  if (llvm::is_contained(*inputs, Value()))
    return makeImportError("an input name is empty");
  llvm::Expected<Value> result =
      builder.addRmsNorm(nodeName, (*inputs)[0], (*inputs)[1],
                         attributes->axis, attributes->epsilon,
                         attributes->stashType);
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
}

llvm::Error OnnxImporter::addMvnNode(const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown({"axes"}))
    return error;
  llvm::Expected<std::optional<SmallVector<int64_t>>> axes =
      attributes.getInts("axes");
  if (!axes)
    return axes.takeError();
  llvm::Expected<SmallVector<Value>> inputs = lookupInputs(node, 1, 1);
  if (!inputs)
    return inputs.takeError();
  if (!(*inputs)[0])
    return makeImportError("the input name is empty");
  // The ONNX function: (X - mean) / (sqrt(var) + 1e-9), over axes [0, 2, 3]
  // by default.
  SmallVector<int64_t> dims =
      axes->value_or(SmallVector<int64_t>{0, 2, 3});
  llvm::Expected<Value> result =
      builder.addMvn(nodeName, (*inputs)[0], dims, /*normalizeVariance=*/true,
                     /*epsilon=*/1e-9, /*epsInsideSqrt=*/false);
  if (!result)
    return result.takeError();
  return define(node.output(0), *result);
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
  const std::string &opType = node.op_type();
  // LayerNormalization has the optional outputs Mean and InvStdDev.
  int maxOutputs = opType == "LayerNormalization" ? 3 : 1;
  if (node.output_size() < 1 || node.output_size() > maxOutputs)
    return fail(makeImportError(
        "expected " +
        (maxOutputs == 1 ? llvm::Twine("1 output")
                         : llvm::Twine("1 to ") + llvm::Twine(maxOutputs) +
                               " outputs") +
        ", but found " + llvm::Twine(node.output_size())));
  if (opType == "Constant") {
    if (node.input_size() != 0)
      return fail(makeImportError("expected no inputs, but found " +
                                  llvm::Twine(node.input_size())));
    if (llvm::Error error = addConstantNode(node))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (opType == "Identity" && !getConstantData(
                                  node.input_size() ? node.input(0) : "")) {
    if (node.input_size() != 1 || node.attribute_size() != 0)
      return fail(makeImportError("expected 1 input and no attributes"));
    llvm::Expected<Value> input = lookup(node.input(0));
    if (!input)
      return fail(input.takeError());
    if (llvm::Error error = define(node.output(0), *input))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (const ReduceOpInfo *info = lookupReduceOp(opType)) {
    if (llvm::Error error = addReduceNode(node, *info))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (opType == "Shape" || opType == "Size") {
    if (llvm::Error error = addShapeNode(node))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  llvm::Expected<bool> folded = tryFold(node);
  if (!folded)
    return fail(folded.takeError());
  if (*folded)
    return llvm::Error::success();
  if (isViewOp(opType)) {
    if (llvm::Error error = addViewNode(node))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (opType == "Expand") {
    if (llvm::Error error = addExpandNode(node))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (const ElementwiseOpInfo *info = lookupElementwiseOp(opType)) {
    if (llvm::Error error = addElementwiseNode(node, *info))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (opType == "Softmax" || opType == "LogSoftmax" ||
      opType == "LayerNormalization" || opType == "RMSNormalization" ||
      opType == "MeanVarianceNormalization") {
    llvm::Error error =
        opType == "LayerNormalization" ? addLayerNormNode(node)
        : opType == "RMSNormalization" ? addRmsNormNode(node)
        : opType == "MeanVarianceNormalization" ? addMvnNode(node)
                                                : addSoftmaxNode(node);
    if (error)
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (opType == "And" || opType == "Or" || opType == "Xor" ||
      opType == "Not") {
    if (llvm::Error error = addLogicalNode(node))
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (opType == "Cast" || opType == "Clip" || opType == "Where") {
    llvm::Error error = opType == "Cast"   ? addCastNode(node)
                        : opType == "Clip" ? addClipNode(node)
                                           : addWhereNode(node);
    if (error)
      return fail(std::move(error));
    return llvm::Error::success();
  }
  if (isFoldable(opType)) {
    std::string runtime;
    for (const std::string &name : node.input())
      if (!name.empty() && !getConstantData(name) && runtime.empty())
        runtime = name;
    return fail(makeImportError(
        "supported only on constants (initializers, Constant outputs and "
        "shape computations), but input '" + runtime +
        "' is computed at run time"));
  }
  return fail(makeImportError(
      "unsupported op type (expected a Reduce op, a normalization, an "
      "elementwise op, a shape op, Constant or Identity)"));
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
