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
// (file order), Const layers constants read from the weights, and each
// Reduce layer one reduce op; layers are built in topological order.
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/OpenVino.h"

#include "IRAttributes.h"
#include "IRGraph.h"

#include "reduce/Import/ModelBuilder.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstring>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::openvino;

namespace {

/// What a layer is, from its type and version.
enum class LayerKind { parameter, constant, result, reduction };

/// The layer types the importer knows, with the one version (opset) each is
/// serialized with and, for the Reduce layers, the op they become.
struct LayerInfo {
  llvm::StringLiteral type;
  llvm::StringLiteral version;
  LayerKind kind;
  /// The op of a Reduce layer (unused for the other kinds).
  ReductionKind reduction;
};

constexpr LayerInfo knownLayers[] = {
    {"Parameter", "opset1", LayerKind::parameter, ReductionKind::sum},
    {"Const", "opset1", LayerKind::constant, ReductionKind::sum},
    {"Result", "opset1", LayerKind::result, ReductionKind::sum},
    {"ReduceSum", "opset1", LayerKind::reduction, ReductionKind::sum},
    {"ReduceMean", "opset1", LayerKind::reduction, ReductionKind::mean},
    {"ReduceProd", "opset1", LayerKind::reduction, ReductionKind::prod},
    {"ReduceMin", "opset1", LayerKind::reduction, ReductionKind::min},
    {"ReduceMax", "opset1", LayerKind::reduction, ReductionKind::max},
    {"ReduceL1", "opset4", LayerKind::reduction, ReductionKind::l1},
    {"ReduceL2", "opset4", LayerKind::reduction, ReductionKind::l2},
    {"ReduceLogicalAnd", "opset1", LayerKind::reduction,
     ReductionKind::logical_and},
    {"ReduceLogicalOr", "opset1", LayerKind::reduction,
     ReductionKind::logical_or},
};

/// The entry of `layer`'s type and version, or an error.
static llvm::Expected<const LayerInfo *> lookUpLayer(const Layer &layer) {
  for (const LayerInfo &info : knownLayers) {
    if (info.type != layer.type)
      continue;
    if (info.version != layer.version)
      return layer.error("unsupported version of " + layer.type +
                         ": expected " + info.version);
    return &info;
  }
  return layer.error(
      "unsupported layer type: expected Parameter, Const, Result, ReduceSum, "
      "ReduceMean, ReduceProd, ReduceMin, ReduceMax, ReduceL1, ReduceL2, "
      "ReduceLogicalAnd or ReduceLogicalOr");
}

/// "1 input port", "2 output ports".
static std::string countPorts(size_t count, llvm::StringRef direction) {
  return (llvm::Twine(count) + " " + direction + " port" +
          (count == 1 ? "" : "s"))
      .str();
}

/// Checks that `layer` declares the ports its kind has: Parameter and Const
/// one output, Result one input, a Reduce layer two inputs (data, axes) and
/// one output.
static llvm::Error checkPortCounts(const Layer &layer, LayerKind kind) {
  size_t inputs = kind == LayerKind::reduction ? 2
                  : kind == LayerKind::result  ? 1
                                               : 0;
  size_t outputs = kind == LayerKind::result ? 0 : 1;
  if (layer.inputs.size() == inputs && layer.outputs.size() == outputs)
    return llvm::Error::success();
  return layer.error("expected " + countPorts(inputs, "input") + " and " +
                     countPorts(outputs, "output") + ", but found " +
                     countPorts(layer.inputs.size(), "input") + " and " +
                     countPorts(layer.outputs.size(), "output"));
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
    /// The type of the layer's output (Parameter, Const, Reduce).
    TensorType type;
    /// The value of its output; for a Const, null until an op uses it as a
    /// value (a Const used only as axes has no constant op).
    Value value;
    std::optional<ConstData> constant;
  };

  llvm::Error importParameter(size_t index);
  llvm::Error importConst(size_t index);
  llvm::Error importReduction(size_t index);

  /// The value feeding input port `input` of layer `index` (which has an
  /// edge and whose source is built), a Const materialized on first use.
  Value getInput(size_t index, size_t input);

  /// The static axes of a Reduce layer whose axes come from a Const, for an
  /// input of rank `rank`: normalized (negative axes mapped, repeats merged,
  /// sorted) when all are in range, else as written for the verifier to
  /// name the bad one.
  llvm::Expected<llvm::SmallVector<int64_t>>
  readConstAxes(const Layer &layer, const ConstData &axes, int64_t rank);

  /// Checks the dims the first output port of `layer` declares, if any,
  /// against `type`.
  llvm::Error checkOutputPort(const Layer &layer, TensorType type);

  const Graph &graph;
  std::optional<llvm::StringRef> weights;
  ModelBuilder builder;
  std::vector<LayerState> states;
};

} // namespace

llvm::Expected<OwningOpRef<ModuleOp>> Importer::run() {
  for (auto [index, layer] : llvm::enumerate(graph.layers)) {
    llvm::Expected<const LayerInfo *> info = lookUpLayer(layer);
    if (!info)
      return info.takeError();
    if (llvm::Error error = checkPortCounts(layer, (*info)->kind))
      return std::move(error);
    for (auto [input, source] : llvm::enumerate(layer.sources))
      if (!source)
        return layer.error(
            "input port " + llvm::Twine(layer.inputs[input].id) +
            " has no edge: expected one from the layer producing its " +
            ((*info)->kind == LayerKind::reduction && input == 1 ? "axes"
                                                                 : "data"));
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
  for (size_t index : *order) {
    switch (states[index].info->kind) {
    case LayerKind::parameter:
    case LayerKind::result:
      break;
    case LayerKind::constant:
      if (llvm::Error error = importConst(index))
        return std::move(error);
      break;
    case LayerKind::reduction:
      if (llvm::Error error = importReduction(index))
        return std::move(error);
      break;
    }
  }
  // The results are the Result layers in file order; every layer is built.
  llvm::SmallVector<Value> results;
  for (size_t index = 0; index < graph.layers.size(); ++index)
    if (states[index].info->kind == LayerKind::result)
      results.push_back(getInput(index, 0));
  return builder.finish(results);
}

llvm::Error Importer::checkOutputPort(const Layer &layer, TensorType type) {
  const Port &port = layer.outputs.front();
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
    return layer.error("expected the axes (input port " +
                       llvm::Twine(layer.inputs[1].id) +
                       ") to be i32 or i64, but got " +
                       getOpenVinoName(axes.elementType));
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

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importOpenVinoIR(MLIRContext *context, llvm::StringRef xml,
                               std::optional<llvm::StringRef> weights,
                               llvm::StringRef xmlPath) {
  auto fail = [&](llvm::Error error) {
    return makeImportError("'" + xmlPath + "': " +
                           llvm::toString(std::move(error)));
  };
  pugi::xml_document document;
  pugi::xml_parse_result parsed =
      document.load_buffer(xml.data(), xml.size());
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
