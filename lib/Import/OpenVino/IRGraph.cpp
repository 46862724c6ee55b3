//===- IRGraph.cpp - The layers and edges of an OpenVINO IR -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "IRGraph.h"

#include "reduce/Import/ModelBuilder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <queue>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::openvino;

std::string Layer::describe() const {
  return ("layer " + llvm::Twine(id) + " '" + name + "' (" + type + ", " +
          version + ")")
      .str();
}

llvm::Error Layer::error(const llvm::Twine &message) const {
  return makeImportError(describe() + ": " + message);
}

/// The value of the attribute `name` of `node`, or an error naming `what`
/// (the element the attribute belongs to) when it is missing.
static llvm::Expected<llvm::StringRef>
getRequiredAttribute(pugi::xml_node node, const char *name,
                     const llvm::Twine &what) {
  pugi::xml_attribute attribute = node.attribute(name);
  if (!attribute)
    return makeImportError(what + ": missing attribute '" + name + "'");
  return llvm::StringRef(attribute.value());
}

/// Reads the `<port>` children of `parent` (an `<input>` or `<output>`,
/// possibly absent) into `ports`.
static llvm::Error readPorts(const Layer &layer, pugi::xml_node parent,
                             llvm::SmallVectorImpl<Port> &ports) {
  for (pugi::xml_node node : parent.children("port")) {
    llvm::Expected<llvm::StringRef> text =
        getRequiredAttribute(node, "id", layer.describe() + ": a port");
    if (!text)
      return text.takeError();
    llvm::Expected<int64_t> id = parseNonNegativeInt(*text, "a port id");
    if (!id)
      return layer.error(llvm::toString(id.takeError()));
    ports.push_back({*id, node});
  }
  return llvm::Error::success();
}

/// Reads one `<layer>` (the `position`-th, from 0) without its edges.
static llvm::Expected<Layer> readLayer(pugi::xml_node node, size_t position) {
  std::string where = ("layer at position " + llvm::Twine(position)).str();
  Layer layer;
  layer.node = node;
  llvm::Expected<llvm::StringRef> id = getRequiredAttribute(node, "id", where);
  if (!id)
    return id.takeError();
  llvm::Expected<int64_t> idValue = parseNonNegativeInt(*id, "the layer id");
  if (!idValue)
    return makeImportError(where + ": " + llvm::toString(idValue.takeError()));
  layer.id = *idValue;
  where = ("layer " + llvm::Twine(layer.id)).str();
  for (auto [attribute, field] :
       {std::pair{"name", &layer.name}, std::pair{"type", &layer.type},
        std::pair{"version", &layer.version}}) {
    llvm::Expected<llvm::StringRef> value =
        getRequiredAttribute(node, attribute, where);
    if (!value)
      return value.takeError();
    *field = value->str();
  }
  if (llvm::Error error = readPorts(layer, node.child("input"), layer.inputs))
    return std::move(error);
  if (llvm::Error error = readPorts(layer, node.child("output"), layer.outputs))
    return std::move(error);
  // Port ids are unique within a layer, inputs and outputs together.
  llvm::SmallDenseMap<int64_t, bool> seen;
  for (const Port &port : llvm::concat<const Port>(layer.inputs, layer.outputs))
    if (!seen.try_emplace(port.id, true).second)
      return layer.error("port id " + llvm::Twine(port.id) +
                         " is declared twice: expected unique port ids");
  layer.sources.resize(layer.inputs.size());
  return layer;
}

/// The position of the port with id `id` in `ports`, if any.
static std::optional<size_t> findPort(llvm::ArrayRef<Port> ports, int64_t id) {
  for (auto [index, port] : llvm::enumerate(ports))
    if (port.id == id)
      return index;
  return std::nullopt;
}

/// Resolves the `<edge>` elements of `edges` into the layers' sources.
static llvm::Error
readEdges(pugi::xml_node edges, std::vector<Layer> &layers,
          const llvm::DenseMap<int64_t, size_t> &layerById) {
  size_t position = 0;
  for (pugi::xml_node node : edges.children("edge")) {
    std::string where = ("edge at position " + llvm::Twine(position++)).str();
    int64_t ends[4];
    const char *names[4] = {"from-layer", "from-port", "to-layer", "to-port"};
    for (int i = 0; i < 4; ++i) {
      llvm::Expected<llvm::StringRef> text =
          getRequiredAttribute(node, names[i], where);
      if (!text)
        return text.takeError();
      llvm::Expected<int64_t> value =
          parseNonNegativeInt(*text, llvm::Twine("'") + names[i] + "'");
      if (!value)
        return makeImportError(where + ": " +
                               llvm::toString(value.takeError()));
      ends[i] = *value;
    }
    auto [fromId, fromPort, toId, toPort] = ends;
    where = ("edge from layer " + llvm::Twine(fromId) + " port " +
             llvm::Twine(fromPort) + " to layer " + llvm::Twine(toId) +
             " port " + llvm::Twine(toPort))
                .str();
    auto from = layerById.find(fromId);
    auto to = layerById.find(toId);
    if (from == layerById.end() || to == layerById.end())
      return makeImportError(
          where + ": there is no layer with id " +
          llvm::Twine(from == layerById.end() ? fromId : toId));
    Layer &source = layers[from->second];
    Layer &target = layers[to->second];
    std::optional<size_t> output = findPort(source.outputs, fromPort);
    if (!output)
      return makeImportError(where + ": " + source.describe() +
                             " has no output port " + llvm::Twine(fromPort));
    std::optional<size_t> input = findPort(target.inputs, toPort);
    if (!input)
      return makeImportError(where + ": " + target.describe() +
                             " has no input port " + llvm::Twine(toPort));
    std::optional<PortRef> &slot = target.sources[*input];
    if (slot) {
      const Layer &other = layers[slot->layer];
      return makeImportError(
          where + ": input port " + llvm::Twine(toPort) + " of " +
          target.describe() + " already has an edge, from layer " +
          llvm::Twine(other.id) + " port " +
          llvm::Twine(other.outputs[slot->output].id) +
          ": expected one edge per input port");
    }
    slot = PortRef{from->second, *output};
  }
  return llvm::Error::success();
}

llvm::Expected<Graph>
openvino::readGraph(const pugi::xml_document &document) {
  pugi::xml_node net = document.document_element();
  if (llvm::StringRef(net.name()) != "net") {
    std::string found =
        net ? "<" + std::string(net.name()) + ">" : "no element";
    return makeImportError(
        "expected an OpenVINO IR (a <net> root element), but found " + found);
  }
  pugi::xml_attribute versionAttribute = net.attribute("version");
  if (!versionAttribute)
    return makeImportError("the <net> element has no 'version' attribute: "
                           "expected version 10 or 11");
  llvm::StringRef versionText =
      llvm::StringRef(versionAttribute.value()).trim();
  Graph graph;
  if (versionText == "10")
    graph.version = IRVersion::v10;
  else if (versionText == "11")
    graph.version = IRVersion::v11;
  else
    return makeImportError("IR version '" + versionText.take_front(20) +
                           "' is not supported: expected 10 or 11");

  pugi::xml_node layersNode = net.child("layers");
  if (!layersNode)
    return makeImportError(
        "expected a <layers> element in <net>, but found none");
  llvm::DenseMap<int64_t, size_t> layerById;
  size_t position = 0;
  for (pugi::xml_node node : layersNode.children("layer")) {
    llvm::Expected<Layer> layer = readLayer(node, position++);
    if (!layer)
      return layer.takeError();
    auto [it, inserted] = layerById.try_emplace(layer->id, graph.layers.size());
    if (!inserted)
      return layer->error("the id " + llvm::Twine(layer->id) +
                          " is also the id of " +
                          graph.layers[it->second].describe() +
                          ": expected unique layer ids");
    graph.layers.push_back(std::move(*layer));
  }
  if (llvm::Error error =
          readEdges(net.child("edges"), graph.layers, layerById))
    return std::move(error);
  return graph;
}

llvm::Expected<llvm::SmallVector<size_t>>
openvino::sortTopologically(const Graph &graph) {
  size_t count = graph.layers.size();
  // Kahn's algorithm; the ready layers leave in file order (smallest index
  // first), so the order is the file order whenever the edges allow it.
  std::vector<size_t> pending(count, 0);
  std::vector<llvm::SmallVector<size_t, 2>> consumers(count);
  for (auto [index, layer] : llvm::enumerate(graph.layers))
    for (const std::optional<PortRef> &source : layer.sources)
      if (source) {
        ++pending[index];
        consumers[source->layer].push_back(index);
      }
  std::priority_queue<size_t, std::vector<size_t>, std::greater<size_t>> ready;
  for (size_t index = 0; index < count; ++index)
    if (!pending[index])
      ready.push(index);
  llvm::SmallVector<size_t> order;
  order.reserve(count);
  while (!ready.empty()) {
    size_t index = ready.top();
    ready.pop();
    order.push_back(index);
    for (size_t consumer : consumers[index])
      if (--pending[consumer] == 0)
        ready.push(consumer);
  }
  if (order.size() == count)
    return order;

  // Every layer left has an input from another layer left: walking those
  // inputs back from any of them must revisit a layer, which is on a cycle.
  size_t current = 0;
  while (!pending[current])
    ++current;
  std::vector<bool> visited(count, false);
  while (!visited[current]) {
    visited[current] = true;
    for (const std::optional<PortRef> &source :
         graph.layers[current].sources)
      if (source && pending[source->layer]) {
        current = source->layer;
        break;
      }
  }
  return graph.layers[current].error(
      "the edges form a cycle through this layer: expected an acyclic graph");
}
