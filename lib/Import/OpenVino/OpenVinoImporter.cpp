//===- OpenVinoImporter.cpp - Import OpenVINO IR ----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Turns the checked graph of an IR (IRGraph.h) into `@main`: the Parameter
// layers become the arguments (file order), the Result layers the results
// (file order), Const layers constants read from the weights, each Reduce
// layer one reduce op, the elementwise layers (Add, ..., Clamp, Convert)
// and Broadcast ModelBuilder's elementwise ops, ShapeOf a constant, SoftMax,
// LogSoftmax, MVN and NormalizeL2 the dialect's normalization ops; layers
// are built in topological order.
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/OpenVino.h"

#include "IRAttributes.h"
#include "IRGraph.h"

#include "reduce/Import/ModelBuilder.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::openvino;

namespace {

/// What a layer is, from its type and version.
enum class LayerKind {
  parameter,
  constant,
  result,
  reduction,
  /// Add, Subtract, ...: two inputs, `auto_broadcast`.
  binary,
  /// Sqrt, Exp, ...: one input.
  unary,
  clamp,
  convert,
  broadcast,
  shapeOf,
  /// SoftMax-1/8 and LogSoftmax-5: one input, `axis`.
  softmax,
  logSoftmax,
  /// MVN-6 and NormalizeL2-1: data and axes.
  mvn,
  normalizeL2,
  /// CumSum-3: data and an optional scalar axis.
  cumSum,
  /// TopK-1/3/11 with k = 1: data and k; the values and the indices.
  topK,
};

class Importer;

/// The ports a layer declares: `minInputs` to `maxInputs` input ports and
/// `outputs` output ports.
struct PortCounts {
  unsigned minInputs;
  unsigned maxInputs;
  unsigned outputs;
};

/// One input and one output (the unary layers, Clamp, Convert, ShapeOf,
/// SoftMax, LogSoftmax).
constexpr PortCounts kOneToOne = {1, 1, 1};
/// Two inputs (data and axes, or two operands) and one output.
constexpr PortCounts kTwoToOne = {2, 2, 1};

/// The layer types the importer knows, with the versions (opsets) each is
/// serialized with (one entry per version), the ports it declares, the
/// importer's handler that builds it and, for the Reduce and elementwise
/// layers, the op they become.
struct LayerInfo {
  llvm::StringLiteral type;
  llvm::StringLiteral version;
  LayerKind kind;
  PortCounts ports;
  /// Builds the layer (its sources are built); null for Parameter (built
  /// first, in file order) and Result (read last).
  llvm::Error (Importer::*import)(size_t index) = nullptr;
  /// The op of a Reduce layer (unused for the other kinds).
  ReductionKind reduction = ReductionKind::sum;
  /// The op of a binary or unary layer (unused for the other kinds).
  ElementwiseKind elementwise = ElementwiseKind::add;
};

/// "1 input port", "2 output ports".
static std::string countPorts(size_t count, llvm::StringRef direction) {
  return (llvm::Twine(count) + " " + direction + " port" +
          (count == 1 ? "" : "s"))
      .str();
}

/// Checks that `layer` declares the ports its entry gives.
static llvm::Error checkPortCounts(const Layer &layer, PortCounts ports) {
  size_t minInputs = ports.minInputs, maxInputs = ports.maxInputs,
         outputs = ports.outputs;
  size_t inputs = layer.inputs.size();
  if (inputs >= minInputs && inputs <= maxInputs &&
      layer.outputs.size() == outputs)
    return llvm::Error::success();
  std::string expectedInputs =
      minInputs == maxInputs
          ? countPorts(minInputs, "input")
          : (llvm::Twine(minInputs) + " or " + countPorts(maxInputs, "input"))
                .str();
  return layer.error("expected " + expectedInputs + " and " +
                     countPorts(outputs, "output") + ", but found " +
                     countPorts(inputs, "input") + " and " +
                     countPorts(layer.outputs.size(), "output"));
}

/// What input `input` of a layer of kind `kind` carries, for messages.
static llvm::StringRef getInputName(LayerKind kind, size_t input) {
  if ((kind == LayerKind::reduction || kind == LayerKind::mvn ||
       kind == LayerKind::normalizeL2) &&
      input == 1)
    return "axes";
  if (kind == LayerKind::cumSum && input == 1)
    return "axis";
  if (kind == LayerKind::topK && input == 1)
    return "k";
  if (kind == LayerKind::broadcast && input == 1)
    return "target shape";
  if (kind == LayerKind::broadcast && input == 2)
    return "axes mapping";
  return "data";
}

/// The data of a Const layer: a view into the weights.
struct ConstData {
  ElementType elementType;
  llvm::SmallVector<int64_t> shape;
  const char *data;

  BufferView getView() const { return {elementType, shape, data}; }
};

/// Builds `@main` from a checked graph.
class Importer {
public:
  Importer(MLIRContext *context, const Graph &graph,
           std::optional<llvm::StringRef> weights, llvm::StringRef xmlPath)
      : graph(graph), weights(weights), builder(context, xmlPath),
        states(graph.layers.size()) {}

  llvm::Expected<OwningOpRef<ModuleOp>> run();

private:
  /// What the importer knows of a layer once it is built.
  struct LayerState {
    const LayerInfo *info = nullptr;
    /// The type of the layer's output.
    TensorType type;
    /// The value of its output; for a Const or ShapeOf, null until an op
    /// uses it as a value (a Const used only as axes has no constant op).
    Value value;
    /// The values of its later output ports (TopK's indices).
    llvm::SmallVector<Value, 1> laterValues;
    /// The data of a Const (in the weights) or ShapeOf (in `ownedData`).
    std::optional<ConstData> constant;
    /// The bytes of a ShapeOf's constant (the state is never moved once
    /// the layers are built: `states` is sized up front).
    std::vector<char> ownedData;
  };

public:
  /// The handlers of the layer table (LayerInfo::import).
  llvm::Error importParameter(size_t index);
  llvm::Error importConst(size_t index);
  llvm::Error importReduction(size_t index);
  llvm::Error importElementwise(size_t index);
  llvm::Error importClamp(size_t index);
  llvm::Error importConvert(size_t index);
  llvm::Error importBroadcast(size_t index);
  llvm::Error importShapeOf(size_t index);
  llvm::Error importSoftmax(size_t index);
  llvm::Error importMvn(size_t index);
  llvm::Error importNormalizeL2(size_t index);
  llvm::Error importCumSum(size_t index);
  llvm::Error importTopK(size_t index);

private:
  /// The integers of the constant feeding input `input` of `layer` (a Const
  /// or ShapeOf of an integer type, 1-D or, with `allowScalar`, a scalar),
  /// or an error naming it as `what`.
  llvm::Expected<llvm::SmallVector<int64_t>>
  readConstInts(const Layer &layer, size_t input, llvm::StringRef what,
                bool allowScalar = false);

  /// Records `value` as the output of layer `index` and checks it against
  /// its output port.
  llvm::Error setOutput(size_t index, Value value);

  /// The value feeding input port `input` of layer `index` (which has an
  /// edge and whose source is built), a Const materialized on first use.
  Value getInput(size_t index, size_t input);

  /// The static axes of a Reduce layer whose axes come from a Const, for an
  /// input of rank `rank`: normalized (negative axes mapped, repeats merged,
  /// sorted) when all are in range, else as written for the verifier to
  /// name the bad one.
  llvm::Expected<llvm::SmallVector<int64_t>>
  readConstAxes(const Layer &layer, const ConstData &axes, int64_t rank);

  /// Checks the dims output port `output` (the first by default) of `layer`
  /// declares, if any, against `type`.
  llvm::Error checkOutputPort(const Layer &layer, TensorType type,
                              size_t output = 0);

  const Graph &graph;
  std::optional<llvm::StringRef> weights;
  ModelBuilder builder;
  std::vector<LayerState> states;
};

const LayerInfo knownLayers[] = {
    {"Parameter", "opset1", LayerKind::parameter, {0, 0, 1}, nullptr},
    {"Const", "opset1", LayerKind::constant, {0, 0, 1}, &Importer::importConst},
    {"Result", "opset1", LayerKind::result, {1, 1, 0}, nullptr},
    {"ReduceSum", "opset1", LayerKind::reduction, kTwoToOne,
     &Importer::importReduction, ReductionKind::sum},
    {"ReduceMean", "opset1", LayerKind::reduction, kTwoToOne,
     &Importer::importReduction, ReductionKind::mean},
    {"ReduceProd", "opset1", LayerKind::reduction, kTwoToOne,
     &Importer::importReduction, ReductionKind::prod},
    {"ReduceMin", "opset1", LayerKind::reduction, kTwoToOne,
     &Importer::importReduction, ReductionKind::min},
    {"ReduceMax", "opset1", LayerKind::reduction, kTwoToOne,
     &Importer::importReduction, ReductionKind::max},
    {"ReduceL1", "opset4", LayerKind::reduction, kTwoToOne,
     &Importer::importReduction, ReductionKind::l1},
    {"ReduceL2", "opset4", LayerKind::reduction, kTwoToOne,
     &Importer::importReduction, ReductionKind::l2},
    {"ReduceLogicalAnd", "opset1", LayerKind::reduction, kTwoToOne,
     &Importer::importReduction, ReductionKind::logical_and},
    {"ReduceLogicalOr", "opset1", LayerKind::reduction, kTwoToOne,
     &Importer::importReduction, ReductionKind::logical_or},
    {"Add", "opset1", LayerKind::binary, kTwoToOne,
     &Importer::importElementwise, ReductionKind::sum, ElementwiseKind::add},
    {"Subtract", "opset1", LayerKind::binary, kTwoToOne,
     &Importer::importElementwise, ReductionKind::sum, ElementwiseKind::sub},
    {"Multiply", "opset1", LayerKind::binary, kTwoToOne,
     &Importer::importElementwise, ReductionKind::sum, ElementwiseKind::mul},
    {"Divide", "opset1", LayerKind::binary, kTwoToOne,
     &Importer::importElementwise, ReductionKind::sum, ElementwiseKind::div},
    {"Power", "opset1", LayerKind::binary, kTwoToOne,
     &Importer::importElementwise, ReductionKind::sum, ElementwiseKind::pow},
    {"SquaredDifference", "opset1", LayerKind::binary, kTwoToOne,
     &Importer::importElementwise, ReductionKind::sum,
     ElementwiseKind::squared_difference},
    {"Maximum", "opset1", LayerKind::binary, kTwoToOne,
     &Importer::importElementwise, ReductionKind::sum, ElementwiseKind::max},
    {"Minimum", "opset1", LayerKind::binary, kTwoToOne,
     &Importer::importElementwise, ReductionKind::sum, ElementwiseKind::min},
    {"Sqrt", "opset1", LayerKind::unary, kOneToOne,
     &Importer::importElementwise, ReductionKind::sum, ElementwiseKind::sqrt},
    {"Exp", "opset1", LayerKind::unary, kOneToOne, &Importer::importElementwise,
     ReductionKind::sum, ElementwiseKind::exp},
    {"Log", "opset1", LayerKind::unary, kOneToOne, &Importer::importElementwise,
     ReductionKind::sum, ElementwiseKind::log},
    {"Abs", "opset1", LayerKind::unary, kOneToOne, &Importer::importElementwise,
     ReductionKind::sum, ElementwiseKind::abs},
    {"Negative", "opset1", LayerKind::unary, kOneToOne,
     &Importer::importElementwise, ReductionKind::sum, ElementwiseKind::neg},
    {"Clamp", "opset1", LayerKind::clamp, kOneToOne, &Importer::importClamp},
    {"Convert", "opset1", LayerKind::convert, kOneToOne,
     &Importer::importConvert},
    {"Broadcast",
     "opset1",
     LayerKind::broadcast,
     {2, 3, 1},
     &Importer::importBroadcast},
    {"Broadcast",
     "opset3",
     LayerKind::broadcast,
     {2, 3, 1},
     &Importer::importBroadcast},
    {"ShapeOf", "opset1", LayerKind::shapeOf, kOneToOne,
     &Importer::importShapeOf},
    {"ShapeOf", "opset3", LayerKind::shapeOf, kOneToOne,
     &Importer::importShapeOf},
    {"SoftMax", "opset1", LayerKind::softmax, kOneToOne,
     &Importer::importSoftmax},
    {"SoftMax", "opset8", LayerKind::softmax, kOneToOne,
     &Importer::importSoftmax},
    {"LogSoftmax", "opset5", LayerKind::logSoftmax, kOneToOne,
     &Importer::importSoftmax},
    {"MVN", "opset6", LayerKind::mvn, kTwoToOne, &Importer::importMvn},
    {"NormalizeL2", "opset1", LayerKind::normalizeL2, kTwoToOne,
     &Importer::importNormalizeL2},
    {"CumSum", "opset3", LayerKind::cumSum, {1, 2, 1}, &Importer::importCumSum},
    {"TopK", "opset1", LayerKind::topK, {2, 2, 2}, &Importer::importTopK},
    {"TopK", "opset3", LayerKind::topK, {2, 2, 2}, &Importer::importTopK},
    {"TopK", "opset11", LayerKind::topK, {2, 2, 2}, &Importer::importTopK},
};

/// "A, B or C".
static std::string joinOr(llvm::ArrayRef<llvm::StringRef> items) {
  std::string text;
  for (auto [i, item] : llvm::enumerate(items)) {
    if (i > 0)
      text += i + 1 == items.size() ? " or " : ", ";
    text += item.str();
  }
  return text;
}

/// The entry of `layer`'s type and version, or an error.
static llvm::Expected<const LayerInfo *> lookUpLayer(const Layer &layer) {
  llvm::SmallVector<llvm::StringRef> versions;
  for (const LayerInfo &info : knownLayers) {
    if (info.type != layer.type)
      continue;
    if (info.version == layer.version)
      return &info;
    versions.push_back(info.version);
  }
  if (!versions.empty())
    return layer.error("unsupported version of " + layer.type + ": expected " +
                       joinOr(versions));
  llvm::SmallVector<llvm::StringRef> types;
  for (const LayerInfo &info : knownLayers)
    if (!llvm::is_contained(types, info.type))
      types.push_back(info.type);
  return layer.error("unsupported layer type: expected " + joinOr(types));
}

} // namespace

llvm::Expected<OwningOpRef<ModuleOp>> Importer::run() {
  for (auto [index, layer] : llvm::enumerate(graph.layers)) {
    llvm::Expected<const LayerInfo *> info = lookUpLayer(layer);
    if (!info)
      return info.takeError();
    if (llvm::Error error = checkPortCounts(layer, (*info)->ports))
      return std::move(error);
    for (auto [input, source] : llvm::enumerate(layer.sources))
      if (!source)
        return layer.error(
            "input port " + llvm::Twine(layer.inputs[input].id) +
            " has no edge: expected one from the layer producing its " +
            getInputName((*info)->kind, input));
    states[index].info = *info;
  }
  llvm::Expected<llvm::SmallVector<size_t>> order = sortTopologically(graph);
  if (!order)
    return order.takeError();

  // The arguments are the Parameter layers in file order, whatever the
  // order of the edges.
  for (size_t index = 0; index < graph.layers.size(); ++index)
    if (states[index].info->kind == LayerKind::parameter)
      if (llvm::Error error = importParameter(index))
        return std::move(error);
  for (size_t index : *order)
    if (auto import = states[index].info->import)
      if (llvm::Error error = (this->*import)(index))
        return std::move(error);
  // The results are the Result layers in file order; every layer is built.
  llvm::SmallVector<Value> results;
  for (size_t index = 0; index < graph.layers.size(); ++index)
    if (states[index].info->kind == LayerKind::result)
      results.push_back(getInput(index, 0));
  return builder.finish(results);
}

llvm::Error Importer::checkOutputPort(const Layer &layer, TensorType type,
                                      size_t output) {
  const Port &port = layer.outputs[output];
  if (!port.node.child("dim"))
    return llvm::Error::success();
  llvm::SmallVector<int64_t> dims;
  for (pugi::xml_node dim : port.node.children("dim")) {
    llvm::Expected<int64_t> size = parseDim(dim.child_value(), graph.version);
    if (!size)
      return layer.error("output port " + llvm::Twine(port.id) + ": " +
                         llvm::toString(size.takeError()));
    dims.push_back(*size);
  }
  auto declared = RankedTensorType::get(dims, type.getElementType());
  if (isCompatibleResultType(declared, type))
    return llvm::Error::success();
  std::string inferred;
  llvm::raw_string_ostream os(inferred);
  os << type;
  return layer.error("output port " + llvm::Twine(port.id) +
                     " declares the shape " + formatDims(dims) +
                     ", but the layer's type is " + inferred);
}

/// Reads the element type and shape of the `<data>` of `layer`.
static llvm::Expected<std::pair<ElementType, llvm::SmallVector<int64_t>>>
readTypeAndShape(const Layer &layer, IRVersion version) {
  pugi::xml_node data = layer.node.child("data");
  pugi::xml_attribute elementType = data.attribute("element_type");
  pugi::xml_attribute shape = data.attribute("shape");
  if (!elementType || !shape)
    return layer.error(llvm::Twine("missing attribute '") +
                       (elementType ? "shape" : "element_type") +
                       "' in <data>");
  llvm::Expected<ElementType> type = parseElementType(elementType.value());
  if (!type)
    return layer.error(llvm::toString(type.takeError()));
  llvm::Expected<llvm::SmallVector<int64_t>> dims =
      parseShape(shape.value(), version);
  if (!dims)
    return layer.error("shape: " + llvm::toString(dims.takeError()));
  return std::pair{*type, std::move(*dims)};
}

llvm::Error Importer::importParameter(size_t index) {
  const Layer &layer = graph.layers[index];
  auto typeAndShape = readTypeAndShape(layer, graph.version);
  if (!typeAndShape)
    return typeAndShape.takeError();
  auto &[elementType, shape] = *typeAndShape;
  auto type = RankedTensorType::get(
      shape, toMlirType(elementType, builder.getContext()));
  if (llvm::Error error = checkOutputPort(layer, type))
    return error;
  states[index].type = type;
  states[index].value = builder.addArgument(type, layer.name);
  return llvm::Error::success();
}

llvm::Error Importer::importConst(size_t index) {
  const Layer &layer = graph.layers[index];
  auto typeAndShape = readTypeAndShape(layer, graph.version);
  if (!typeAndShape)
    return typeAndShape.takeError();
  auto &[elementType, shape] = *typeAndShape;
  if (llvm::any_of(shape, ShapedType::isDynamic))
    return layer.error("expected a static shape, but got " + formatDims(shape));
  pugi::xml_node data = layer.node.child("data");
  int64_t range[2];
  const char *names[2] = {"offset", "size"};
  for (int i = 0; i < 2; ++i) {
    const char *name = names[i];
    pugi::xml_attribute attribute = data.attribute(name);
    if (!attribute)
      return layer.error(llvm::Twine("missing attribute '") + name +
                         "' in <data>");
    llvm::Expected<int64_t> value =
        parseNonNegativeInt(attribute.value(), llvm::Twine("'") + name + "'");
    if (!value)
      return layer.error(llvm::toString(value.takeError()));
    range[i] = *value;
  }
  auto [offset, size] = range;
  // The element count fits in int64_t (parseShape); the byte count may not.
  int64_t count = *getNumElements(shape);
  int64_t width = getByteWidth(elementType);
  if (count > INT64_MAX / width)
    return layer.error("shape " + formatDims(shape) + " of " +
                       getOpenVinoName(elementType) +
                       " has more bytes than fit in 64 bits");
  if (size != count * width)
    return layer.error("expected 'size' to be " + llvm::Twine(count * width) +
                       " (shape " + formatDims(shape) + " of " +
                       getOpenVinoName(elementType) + "), but got " +
                       llvm::Twine(size));
  if (!weights)
    return layer.error("the IR has no weights file (.bin), but this Const "
                       "needs " +
                       llvm::Twine(size) + " bytes of it");
  uint64_t length = weights->size();
  if (static_cast<uint64_t>(offset) > length ||
      static_cast<uint64_t>(size) > length - offset)
    return layer.error("bytes [" + llvm::Twine(offset) + ", " +
                       llvm::Twine(static_cast<uint64_t>(offset) + size) +
                       ") are past the end of the weights file (" +
                       llvm::Twine(length) + " bytes)");
  const char *bytes = weights->data() + offset;
  if (isBool(elementType)) {
    if (std::optional<int64_t> bad = findInvalidBool(bytes, count)) {
      unsigned byte = static_cast<uint8_t>(bytes[*bad]);
      return layer.error("boolean element " + llvm::Twine(*bad) +
                         " is the byte " + llvm::Twine(byte) +
                         ": expected 0 or 1");
    }
  }
  LayerState &state = states[index];
  state.constant = ConstData{elementType, std::move(shape), bytes};
  state.type = RankedTensorType::get(
      state.constant->shape, toMlirType(elementType, builder.getContext()));
  return checkOutputPort(layer, state.type);
}

Value Importer::getInput(size_t index, size_t input) {
  PortRef source = *graph.layers[index].sources[input];
  LayerState &state = states[source.layer];
  if (source.output > 0)
    return state.laterValues[source.output - 1];
  if (!state.value)
    state.value = builder.addConstant(state.constant->getView(),
                                      graph.layers[source.layer].name);
  return state.value;
}

llvm::Expected<llvm::SmallVector<int64_t>>
Importer::readConstAxes(const Layer &layer, const ConstData &axes,
                        int64_t rank) {
  if (axes.elementType != ElementType::i32 &&
      axes.elementType != ElementType::i64)
    return layer.error(
        "expected the axes (input port " + llvm::Twine(layer.inputs[1].id) +
        ") to be i32 or i64, but got " + getOpenVinoName(axes.elementType));
  if (axes.shape.size() > 1)
    return layer.error("expected the axes (input port " +
                       llvm::Twine(layer.inputs[1].id) +
                       ") to be a scalar or a 1-D tensor, but got shape " +
                       formatDims(axes.shape));
  int64_t count = *getNumElements(axes.shape);
  llvm::SmallVector<int64_t> values;
  values.reserve(count);
  for (int64_t i = 0; i < count; ++i)
    values.push_back(loadAsInt64(axes.elementType, axes.data, i));
  // OpenVINO reduces over the set of the axes: a repeat, written the same
  // way or once negative, counts once.
  FailureOr<SmallVector<int64_t>> normalized = normalizeAxes(values, rank);
  if (failed(normalized))
    return values;
  return std::move(*normalized);
}

llvm::Error Importer::importReduction(size_t index) {
  const Layer &layer = graph.layers[index];
  bool keepDims = false;
  if (pugi::xml_attribute attribute =
          layer.node.child("data").attribute("keep_dims")) {
    llvm::Expected<bool> value = parseBool(attribute.value(), "'keep_dims'");
    if (!value)
      return layer.error(llvm::toString(value.takeError()));
    keepDims = *value;
  }
  Value input = getInput(index, 0);
  auto inputType = cast<TensorType>(input.getType());
  // Axes from a Const become the static list when the input rank is known
  // (always, except below a reduction with runtime axes); otherwise they
  // are an operand, a constant one for a Const.
  const LayerState &axesSource = states[layer.sources[1]->layer];
  std::optional<llvm::SmallVector<int64_t>> staticAxes;
  Value axesOperand;
  if (axesSource.constant && inputType.hasRank()) {
    llvm::Expected<llvm::SmallVector<int64_t>> axes =
        readConstAxes(layer, *axesSource.constant, inputType.getRank());
    if (!axes)
      return axes.takeError();
    staticAxes = std::move(*axes);
  } else {
    axesOperand = getInput(index, 1);
  }
  // OpenVINO computes an integer ReduceL2 in f32 and converts it back
  // rounding to nearest (its op_reference tests: the norm of [5, 6] is 8).
  ReductionKind kind = states[index].info->reduction;
  IntRounding rounding =
      kind == ReductionKind::l2 && isa<IntegerType>(inputType.getElementType())
          ? IntRounding::nearest_even
          : IntRounding::toward_zero;
  llvm::Expected<Value> result = builder.addReduction(
      layer.name, kind, input,
      staticAxes ? std::optional<llvm::ArrayRef<int64_t>>(*staticAxes)
                 : std::nullopt,
      axesOperand, keepDims, EmptyAxesMode::noop, rounding);
  if (!result)
    return layer.error(llvm::toString(result.takeError()));
  states[index].value = *result;
  states[index].type = cast<TensorType>(result->getType());
  return checkOutputPort(layer, states[index].type);
}

llvm::Error Importer::setOutput(size_t index, Value value) {
  states[index].value = value;
  states[index].type = cast<TensorType>(value.getType());
  return checkOutputPort(graph.layers[index], states[index].type);
}

/// The attribute `name` of the `<data>` of `layer` (null when absent).
static pugi::xml_attribute getDataAttribute(const Layer &layer,
                                            const char *name) {
  return layer.node.child("data").attribute(name);
}

/// `text` quoted for a message, cut short when long (fuzzed inputs).
static std::string quoteValue(llvm::StringRef text) {
  constexpr size_t maxLength = 40;
  if (text.size() <= maxLength)
    return ("'" + text + "'").str();
  return ("'" + text.take_front(maxLength) + "...'").str();
}

/// The `auto_broadcast` of a binary layer: true for numpy (the default),
/// false for none.
static llvm::Expected<bool> readAutoBroadcast(const Layer &layer) {
  pugi::xml_attribute attribute = getDataAttribute(layer, "auto_broadcast");
  if (!attribute)
    return true;
  llvm::StringRef value = llvm::StringRef(attribute.value()).trim();
  if (value.equals_insensitive("numpy"))
    return true;
  if (value.equals_insensitive("none"))
    return false;
  return layer.error("unsupported auto_broadcast " + quoteValue(value) +
                     ": expected numpy or none");
}

llvm::Error Importer::importElementwise(size_t index) {
  const Layer &layer = graph.layers[index];
  const LayerInfo &info = *states[index].info;
  llvm::SmallVector<Value> operands;
  for (size_t input = 0; input < layer.inputs.size(); ++input)
    operands.push_back(getInput(index, input));
  ElementwiseOptions options;
  if (info.kind == LayerKind::binary) {
    llvm::Expected<bool> numpy = readAutoBroadcast(layer);
    if (!numpy)
      return numpy.takeError();
    auto a = cast<TensorType>(operands[0].getType());
    auto b = cast<TensorType>(operands[1].getType());
    if (!*numpy && a.hasRank() && b.hasRank() && a.getShape() != b.getShape())
      return layer.error("expected inputs of one shape (auto_broadcast none), "
                         "but got " +
                         formatDynamicShape(a.getShape()) + " and " +
                         formatDynamicShape(b.getShape()));
    // OpenVINO's reference Maximum and Minimum are std::max and std::min.
    options.minMaxNan = MinMaxNan::first_if_unordered;
    // Divide floors integer quotients unless m_pythondiv is false.
    bool pythonDiv = true;
    if (pugi::xml_attribute attribute =
            getDataAttribute(layer, "m_pythondiv")) {
      llvm::Expected<bool> value =
          parseBool(attribute.value(), "'m_pythondiv'");
      if (!value)
        return layer.error(llvm::toString(value.takeError()));
      pythonDiv = *value;
    }
    options.intDivision =
        pythonDiv ? IntDivision::floor : IntDivision::truncate;
  }

  // Sqrt of integers rounds half up (the spec's example: [4, 7, 9, 10]
  // gives [2, 3, 3, 3]): computed in f64, where every integer square root
  // rounds to the right integer.
  auto type = cast<TensorType>(operands[0].getType());
  auto intType = dyn_cast<IntegerType>(type.getElementType());
  if (info.elementwise == ElementwiseKind::sqrt && intType &&
      intType.getWidth() > 1) {
    llvm::Expected<Value> wide = builder.addConvert(
        layer.name, operands[0], Float64Type::get(builder.getContext()));
    if (!wide)
      return layer.error(llvm::toString(wide.takeError()));
    llvm::Expected<Value> root =
        builder.addElementwise(layer.name, ElementwiseKind::sqrt, *wide);
    if (!root)
      return layer.error(llvm::toString(root.takeError()));
    llvm::Expected<math::RoundOp> rounded =
        builder.create<math::RoundOp>(layer.name, *root);
    if (!rounded)
      return layer.error(llvm::toString(rounded.takeError()));
    llvm::Expected<Value> result =
        builder.addConvert(layer.name, *rounded, intType);
    if (!result)
      return layer.error(llvm::toString(result.takeError()));
    return setOutput(index, *result);
  }

  llvm::Expected<Value> result =
      builder.addElementwise(layer.name, info.elementwise, operands, options);
  if (!result)
    return layer.error(llvm::toString(result.takeError()));
  return setOutput(index, *result);
}

llvm::Error Importer::importClamp(size_t index) {
  const Layer &layer = graph.layers[index];
  Value input = getInput(index, 0);
  Type elementType = cast<TensorType>(input.getType()).getElementType();
  double bounds[2];
  llvm::StringRef texts[2];
  const char *names[2] = {"min", "max"};
  for (int i = 0; i < 2; ++i) {
    pugi::xml_attribute attribute = getDataAttribute(layer, names[i]);
    if (!attribute)
      return layer.error(llvm::Twine("missing attribute '") + names[i] +
                         "' in <data>");
    llvm::StringRef text = llvm::StringRef(attribute.value()).trim();
    texts[i] = text;
    if (text.getAsDouble(bounds[i]) || std::isnan(bounds[i]))
      return layer.error(llvm::Twine("expected '") + names[i] +
                         "' to be a number, but got " + quoteValue(text));
  }
  if (bounds[0] > bounds[1])
    return layer.error("expected 'min' to be at most 'max', but got min " +
                       quoteValue(texts[0]) + " and max " +
                       quoteValue(texts[1]));
  if (elementType.isInteger(1))
    return layer.error("expected a numeric element type, but got boolean");
  Value low, high;
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    // The spec: ceil(min) and floor(max) for integer types. A bound beyond
    // the type's range bounds nothing.
    unsigned width = intType.getWidth();
    double typeMin = intType.isUnsigned() ? 0.0 : -std::ldexp(1.0, width - 1);
    double typeMax = intType.isUnsigned() ? std::ldexp(1.0, width) - 1
                                          : std::ldexp(1.0, width - 1) - 1;
    double lowValue = std::ceil(bounds[0]);
    double highValue = std::floor(bounds[1]);
    if (lowValue > typeMin)
      low = builder.addScalarConstant(layer.name, elementType,
                                      std::min(lowValue, typeMax));
    if (highValue < typeMax)
      high = builder.addScalarConstant(layer.name, elementType,
                                       std::max(highValue, typeMin));
  } else {
    // Rounded to the element type (an infinite bound bounds nothing).
    low = builder.addScalarConstant(layer.name, elementType, bounds[0]);
    high = builder.addScalarConstant(layer.name, elementType, bounds[1]);
  }
  llvm::Expected<Value> result = builder.addClamp(layer.name, input, low, high);
  if (!result)
    return layer.error(llvm::toString(result.takeError()));
  return setOutput(index, *result);
}

llvm::Error Importer::importConvert(size_t index) {
  const Layer &layer = graph.layers[index];
  pugi::xml_attribute attribute = getDataAttribute(layer, "destination_type");
  if (!attribute)
    return layer.error("missing attribute 'destination_type' in <data>");
  llvm::Expected<ElementType> type = parseElementType(attribute.value());
  if (!type)
    return layer.error("destination_type: " + llvm::toString(type.takeError()));
  // Float to integer rounds toward zero (the op_reference tests: f32
  // [-1, -2, 2.2, 3.8] to i8 is [-1, -2, 2, 3]).
  llvm::Expected<Value> result = builder.addConvert(
      layer.name, getInput(index, 0), toMlirType(*type, builder.getContext()));
  if (!result)
    return layer.error(llvm::toString(result.takeError()));
  return setOutput(index, *result);
}

llvm::Expected<llvm::SmallVector<int64_t>>
Importer::readConstInts(const Layer &layer, size_t input, llvm::StringRef what,
                        bool allowScalar) {
  const PortRef &source = *layer.sources[input];
  const LayerState &state = states[source.layer];
  std::string port =
      (llvm::Twine(" (input port ") + llvm::Twine(layer.inputs[input].id) + ")")
          .str();
  if (!state.constant)
    return layer.error("expected the " + what + port +
                       " to be constant (a Const or ShapeOf layer), but it "
                       "comes from " +
                       graph.layers[source.layer].describe());
  const ConstData &data = *state.constant;
  if (isFloat(data.elementType) || isBool(data.elementType))
    return layer.error("expected the " + what + port +
                       " to be of an integer type, but got " +
                       getOpenVinoName(data.elementType));
  if (data.shape.size() > 1 || (data.shape.empty() && !allowScalar))
    return layer.error("expected the " + what + port + " to be a " +
                       (allowScalar ? "scalar or a " : "") +
                       "1-D tensor, but got shape " + formatDims(data.shape));
  llvm::SmallVector<int64_t> values;
  int64_t count = data.shape.empty() ? 1 : data.shape[0];
  for (int64_t i = 0; i < count; ++i)
    values.push_back(loadAsInt64(data.elementType, data.data, i));
  return values;
}

llvm::Error Importer::importBroadcast(size_t index) {
  const Layer &layer = graph.layers[index];
  bool isOpset3 = states[index].info->version == "opset3";
  llvm::StringRef mode = "numpy";
  if (pugi::xml_attribute attribute = getDataAttribute(layer, "mode"))
    mode = llvm::StringRef(attribute.value()).trim();
  bool isExplicit = mode.equals_insensitive("explicit");
  bool isBidirectional = isOpset3 && mode.equals_insensitive("bidirectional");
  if (!isExplicit && !isBidirectional && !mode.equals_insensitive("numpy"))
    return layer.error("unsupported mode " + quoteValue(mode) +
                       (isOpset3 ? ": expected numpy, explicit or bidirectional"
                                 : ": expected numpy or explicit"));
  size_t inputs = layer.inputs.size();
  if (isExplicit != (inputs == 3))
    return layer.error(
        "mode " + quoteValue(mode.lower()) +
        (isExplicit ? " needs an axes mapping input: expected 3 input ports, "
                      "but found 2"
                    : " takes no axes mapping input: expected 2 input ports, "
                      "but found 3"));
  llvm::Expected<llvm::SmallVector<int64_t>> shape =
      readConstInts(layer, 1, "target shape");
  if (!shape)
    return shape.takeError();
  std::optional<llvm::SmallVector<int64_t>> mapping;
  if (isExplicit) {
    llvm::Expected<llvm::SmallVector<int64_t>> values =
        readConstInts(layer, 2, "axes mapping");
    if (!values)
      return values.takeError();
    mapping = std::move(*values);
  }
  Value data = getInput(index, 0);
  llvm::Expected<Value> result =
      mapping ? builder.addBroadcastExplicit(layer.name, data, *shape, *mapping)
              : builder.addBroadcast(layer.name, data, *shape,
                                     isBidirectional
                                         ? BroadcastMode::bidirectional
                                         : BroadcastMode::unidirectional);
  if (!result)
    return layer.error(llvm::toString(result.takeError()));
  return setOutput(index, *result);
}

llvm::Error Importer::importShapeOf(size_t index) {
  const Layer &layer = graph.layers[index];
  TensorType inputType = states[layer.sources[0]->layer].type;
  if (!inputType.hasStaticShape())
    return layer.error("expected an input of static shape, but got " +
                       (inputType.hasRank()
                            ? formatDynamicShape(inputType.getShape())
                            : std::string("an unranked tensor")));
  ElementType elementType = ElementType::i64;
  if (states[index].info->version == "opset3") {
    if (pugi::xml_attribute attribute =
            getDataAttribute(layer, "output_type")) {
      llvm::StringRef value = llvm::StringRef(attribute.value()).trim();
      if (value == "i32")
        elementType = ElementType::i32;
      else if (value != "i64")
        return layer.error("unsupported output_type " + quoteValue(value) +
                           ": expected i64 or i32");
    }
  }
  // The shape is known here: the layer is a constant.
  if (elementType == ElementType::i32)
    for (int64_t dim : inputType.getShape())
      if (dim > std::numeric_limits<int32_t>::max())
        return layer.error("dim " + llvm::Twine(dim) +
                           " does not fit output_type i32");
  LayerState &state = states[index];
  int64_t rank = inputType.getRank();
  state.ownedData.resize(rank * getByteWidth(elementType));
  for (auto [i, dim] : llvm::enumerate(inputType.getShape())) {
    if (elementType == ElementType::i32) {
      int32_t value = static_cast<int32_t>(dim);
      std::memcpy(state.ownedData.data() + 4 * i, &value, 4);
    } else {
      std::memcpy(state.ownedData.data() + 8 * i, &dim, 8);
    }
  }
  state.constant = ConstData{elementType, {rank}, state.ownedData.data()};
  state.type = RankedTensorType::get(
      {rank}, toMlirType(elementType, builder.getContext()));
  return checkOutputPort(layer, state.type);
}

/// The attribute `name` of the `<data>` of `layer`, required.
static llvm::Expected<llvm::StringRef> getRequiredData(const Layer &layer,
                                                       const char *name) {
  pugi::xml_attribute attribute = getDataAttribute(layer, name);
  if (!attribute)
    return layer.error(llvm::Twine("missing attribute '") + name +
                       "' in <data>");
  return llvm::StringRef(attribute.value()).trim();
}

/// The `eps` of an MVN or NormalizeL2 layer: a finite number.
static llvm::Expected<double> readEpsilon(const Layer &layer) {
  llvm::Expected<llvm::StringRef> text = getRequiredData(layer, "eps");
  if (!text)
    return text.takeError();
  double value;
  if (text->getAsDouble(value) || !std::isfinite(value))
    return layer.error("expected 'eps' to be a finite number, but got " +
                       quoteValue(*text));
  return value;
}

/// The `eps_mode` of an MVN or NormalizeL2 layer: true for `first`, false
/// for `second`.
static llvm::Expected<bool>
readEpsMode(const Layer &layer, llvm::StringRef first, llvm::StringRef second) {
  llvm::Expected<llvm::StringRef> text = getRequiredData(layer, "eps_mode");
  if (!text)
    return text.takeError();
  if (text->equals_insensitive(first))
    return true;
  if (text->equals_insensitive(second))
    return false;
  return layer.error("unsupported eps_mode " + quoteValue(*text) +
                     ": expected " + first + " or " + second);
}

llvm::Error Importer::importSoftmax(size_t index) {
  const Layer &layer = graph.layers[index];
  const LayerInfo &info = *states[index].info;
  // The axis defaults to 1. SoftMax-1 takes a non-negative axis; SoftMax-8
  // and LogSoftmax-5 count a negative one from the back (the op's verifier
  // checks the range [-r, r-1]).
  int64_t axis = 1;
  if (pugi::xml_attribute attribute = getDataAttribute(layer, "axis")) {
    llvm::StringRef text = llvm::StringRef(attribute.value()).trim();
    if (text.getAsInteger(10, axis))
      return layer.error("expected 'axis' to be an integer, but got " +
                         quoteValue(text));
  }
  if (info.kind == LayerKind::softmax && info.version == "opset1" && axis < 0)
    return layer.error("expected a non-negative 'axis' (SoftMax-1), but got " +
                       llvm::Twine(axis));
  llvm::Expected<Value> result = builder.addSoftmax(
      layer.name, getInput(index, 0), axis, /*coerce2d=*/false,
      /*logarithm=*/info.kind == LayerKind::logSoftmax);
  if (!result)
    return layer.error(llvm::toString(result.takeError()));
  return setOutput(index, *result);
}

llvm::Error Importer::importMvn(size_t index) {
  const Layer &layer = graph.layers[index];
  llvm::Expected<llvm::StringRef> normalize =
      getRequiredData(layer, "normalize_variance");
  if (!normalize)
    return normalize.takeError();
  llvm::Expected<bool> normalizeVariance =
      parseBool(*normalize, "'normalize_variance'");
  if (!normalizeVariance)
    return layer.error(llvm::toString(normalizeVariance.takeError()));
  llvm::Expected<double> epsilon = readEpsilon(layer);
  if (!epsilon)
    return epsilon.takeError();
  llvm::Expected<bool> inside =
      readEpsMode(layer, "inside_sqrt", "outside_sqrt");
  if (!inside)
    return inside.takeError();
  // The axes are a list in any order; the op's verifier checks the range
  // and that none repeats.
  llvm::Expected<llvm::SmallVector<int64_t>> axes =
      readConstInts(layer, 1, "axes");
  if (!axes)
    return axes.takeError();
  llvm::Expected<Value> result =
      builder.addMvn(layer.name, getInput(index, 0), *axes, *normalizeVariance,
                     *epsilon, *inside);
  if (!result)
    return layer.error(llvm::toString(result.takeError()));
  return setOutput(index, *result);
}

/// CumSum-3: the running sums along the axis of input port 1 (a scalar
/// Const; 0 when the port is absent), `exclusive` and `reverse` false by
/// default.
llvm::Error Importer::importCumSum(size_t index) {
  const Layer &layer = graph.layers[index];
  bool flags[2] = {false, false};
  const char *names[2] = {"exclusive", "reverse"};
  for (auto [flag, name] : llvm::zip(flags, names)) {
    pugi::xml_attribute attribute = getDataAttribute(layer, name);
    if (!attribute)
      continue;
    llvm::Expected<bool> value =
        parseBool(attribute.value(), ("'" + llvm::Twine(name) + "'").str());
    if (!value)
      return layer.error(llvm::toString(value.takeError()));
    flag = *value;
  }
  int64_t axis = 0;
  if (layer.sources.size() > 1) {
    llvm::Expected<llvm::SmallVector<int64_t>> axes =
        readConstInts(layer, 1, "axis", /*allowScalar=*/true);
    if (!axes)
      return axes.takeError();
    if (axes->size() != 1)
      return layer.error("expected one axis, but got " +
                         llvm::Twine(axes->size()));
    axis = axes->front();
  }
  llvm::Expected<Value> result =
      builder.addScan(layer.name, ReductionKind::sum, getInput(index, 0), axis,
                      flags[0], flags[1]);
  if (!result)
    return layer.error(llvm::toString(result.takeError()));
  return setOutput(index, *result);
}

/// TopK-1/3/11 with k = 1: along `axis`, the largest (`mode` max) or the
/// smallest (min) value, kept as a dim of size 1, and its index: the first
/// of tied values (TopK-11's stable order; the others leave ties open), NaN
/// the largest or smallest (reduce.max/min and reduce.argmax/argmin).
/// Indices are i32 unless `index_element_type` (TopK-3 and -11) is i64;
/// `sort` does not matter for one element. Another k is an error.
llvm::Error Importer::importTopK(size_t index) {
  const Layer &layer = graph.layers[index];
  llvm::Expected<llvm::StringRef> axisText = getRequiredData(layer, "axis");
  if (!axisText)
    return axisText.takeError();
  int64_t axis;
  if (axisText->getAsInteger(10, axis))
    return layer.error("expected 'axis' to be an integer, but got " +
                       quoteValue(*axisText));
  llvm::Expected<llvm::StringRef> mode = getRequiredData(layer, "mode");
  if (!mode)
    return mode.takeError();
  if (*mode != "max" && *mode != "min")
    return layer.error("unsupported mode " + quoteValue(*mode) +
                       ": expected max or min");
  bool isMax = *mode == "max";
  Type indexType = IntegerType::get(builder.getContext(), 32);
  if (pugi::xml_attribute attribute =
          getDataAttribute(layer, "index_element_type")) {
    llvm::StringRef name = llvm::StringRef(attribute.value()).trim();
    if (name != "i32" && name != "i64")
      return layer.error("unsupported index_element_type " +
                         quoteValue(name) + ": expected i32 or i64");
    indexType = IntegerType::get(builder.getContext(), name == "i32" ? 32 : 64);
  }
  llvm::Expected<llvm::SmallVector<int64_t>> k =
      readConstInts(layer, 1, "k", /*allowScalar=*/true);
  if (!k)
    return k.takeError();
  if (k->size() != 1 || k->front() != 1)
    return layer.error(
        "only k = 1 is supported (the values and indices of an "
        "arg-reduction), but got k = " +
        (k->size() == 1 ? llvm::Twine(k->front()).str()
                        : formatDims(*k)));
  Value input = getInput(index, 0);
  if (llvm::Error error = ModelBuilder::checkAxis(input, axis))
    return layer.error(llvm::toString(std::move(error)));
  llvm::Expected<Value> values = builder.addReduction(
      layer.name, isMax ? ReductionKind::max : ReductionKind::min, input,
      llvm::ArrayRef<int64_t>{axis}, Value(), /*keepDims=*/true,
      EmptyAxesMode::noop);
  if (!values)
    return layer.error(llvm::toString(values.takeError()));
  llvm::Expected<Value> indices = builder.addArgReduction(
      layer.name, input, isMax, axis, /*keepDims=*/true,
      /*selectLastIndex=*/false, indexType);
  if (!indices)
    return layer.error(llvm::toString(indices.takeError()));
  if (llvm::Error error = setOutput(index, *values))
    return error;
  states[index].laterValues = {*indices};
  return checkOutputPort(layer, cast<TensorType>(indices->getType()),
                         /*output=*/1);
}

llvm::Error Importer::importNormalizeL2(size_t index) {
  const Layer &layer = graph.layers[index];
  llvm::Expected<double> epsilon = readEpsilon(layer);
  if (!epsilon)
    return epsilon.takeError();
  llvm::Expected<bool> isMax = readEpsMode(layer, "max", "add");
  if (!isMax)
    return isMax.takeError();
  llvm::Expected<llvm::SmallVector<int64_t>> axes =
      readConstInts(layer, 1, "axes", /*allowScalar=*/true);
  if (!axes)
    return axes.takeError();
  llvm::Expected<Value> result = builder.addNormalizeL2(
      layer.name, getInput(index, 0), *axes, *epsilon, *isMax);
  if (!result)
    return layer.error(llvm::toString(result.takeError()));
  return setOutput(index, *result);
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importOpenVinoIR(MLIRContext *context, llvm::StringRef xml,
                               std::optional<llvm::StringRef> weights,
                               llvm::StringRef xmlPath) {
  auto fail = [&](llvm::Error error) {
    return makeImportError("'" + xmlPath +
                           "': " + llvm::toString(std::move(error)));
  };
  pugi::xml_document document;
  pugi::xml_parse_result parsed = document.load_buffer(xml.data(), xml.size());
  if (!parsed)
    return fail(makeImportError(
        llvm::Twine("expected an OpenVINO IR, but the XML does not parse: ") +
        parsed.description() + " at offset " + llvm::Twine(parsed.offset)));
  llvm::Expected<Graph> graph = readGraph(document);
  if (!graph)
    return fail(graph.takeError());
  llvm::Expected<OwningOpRef<ModuleOp>> module =
      Importer(context, *graph, weights, xmlPath).run();
  if (!module)
    return fail(module.takeError());
  return module;
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importOpenVinoIRFile(MLIRContext *context,
                                   llvm::StringRef xmlPath,
                                   llvm::StringRef weightsPath) {
  auto read = [](llvm::StringRef path)
      -> llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> {
    return llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false);
  };
  auto xml = read(xmlPath);
  if (!xml)
    return makeImportError("cannot read '" + xmlPath +
                           "': " + xml.getError().message());
  // Without an explicit path the weights are the `.bin` beside the XML,
  // which an IR without Const layers may lack.
  bool explicitWeights = !weightsPath.empty();
  llvm::SmallString<256> binPath(weightsPath);
  if (!explicitWeights) {
    binPath = xmlPath;
    llvm::sys::path::replace_extension(binPath, "bin");
  }
  std::unique_ptr<llvm::MemoryBuffer> bin;
  if (auto buffer = read(binPath))
    bin = std::move(*buffer);
  else if (explicitWeights ||
           buffer.getError() != std::errc::no_such_file_or_directory)
    return makeImportError("cannot read '" + binPath +
                           "': " + buffer.getError().message());
  std::optional<llvm::StringRef> weights;
  if (bin)
    weights = bin->getBuffer();
  return importOpenVinoIR(context, (*xml)->getBuffer(), weights, xmlPath);
}
