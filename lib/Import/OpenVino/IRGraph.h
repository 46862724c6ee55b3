//===- IRGraph.h - The layers and edges of an OpenVINO IR -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The graph of an OpenVINO IR as the XML states it, checked for structure
// only: a `<net>` of version 10 or 11, layers with unique ids and declared
// ports, and edges that each join an existing output port to an existing
// input port, at most one edge per input port. What a layer means (its type,
// its attributes, how many ports it needs) is the importer's business.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_IMPORT_OPENVINO_IRGRAPH_H
#define REDUCE_LIB_IMPORT_OPENVINO_IRGRAPH_H

#include "IRAttributes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <pugixml.hpp>
#include <string>
#include <vector>

namespace mlir::reduce::openvino {

/// A `<port>` of a layer's `<input>` or `<output>`.
struct Port {
  int64_t id;
  pugi::xml_node node;
};

/// The output port an edge comes from: a layer (index in Graph::layers) and
/// the position of the port in that layer's outputs.
struct PortRef {
  size_t layer;
  size_t output;
};

/// A `<layer>`, with its ports in the order the XML declares them.
struct Layer {
  int64_t id;
  std::string name;
  std::string type;
  std::string version;
  pugi::xml_node node;
  llvm::SmallVector<Port> inputs;
  llvm::SmallVector<Port> outputs;
  /// One entry per input port: the output port its edge comes from, nullopt
  /// when no edge reaches it.
  llvm::SmallVector<std::optional<PortRef>> sources;

  /// "layer 5 'reduce1' (ReduceSum, opset1)".
  std::string describe() const;
  /// An error whose message is `describe()` followed by `message`.
  llvm::Error error(const llvm::Twine &message) const;
};

/// The layers of the IR in file order, with the edges resolved into
/// `Layer::sources`.
struct Graph {
  IRVersion version;
  std::vector<Layer> layers;
};

/// Reads the graph of the IR document `document`.
llvm::Expected<Graph> readGraph(const pugi::xml_document &document);

/// The indices of the layers of `graph` ordered so that every layer comes
/// after the layers its inputs come from (file order among independent
/// layers), or an error naming a layer on a cycle.
llvm::Expected<llvm::SmallVector<size_t>> sortTopologically(const Graph &graph);

} // namespace mlir::reduce::openvino

#endif // REDUCE_LIB_IMPORT_OPENVINO_IRGRAPH_H
