//===- OpRegistry.h - The ONNX ops the importer knows -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One registration per ONNX op type and opset version range: the op type,
// the first version it handles (it handles every later version up to the
// next registration of the same op type), a one-line summary for
// docs/importers.md, its importer and, where the op has one, its folder (it
// evaluates the node at import when every input is a constant). The graph
// walk's dispatch, the list of supported ops in the "unsupported op type"
// error and the table of docs/importers.md (`reduce-translate
// --list-onnx-ops`) all come from the registrations; there is no other list
// of op names.
//
// Adding an op is one `registry.onOp(...)` call in the file of its family
// (ReduceOps.cpp, ElementwiseOps.cpp, NormalizationOps.cpp, ShapeOps.cpp),
// in the style of torch-mlir's `patterns.onOp("Abs", 1, ...)`.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_IMPORT_ONNX_OPREGISTRY_H
#define REDUCE_LIB_IMPORT_ONNX_OPREGISTRY_H

#include "reduce/Runtime/Buffer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <onnx/onnx_pb.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mlir::reduce::onnx_import {

class OnnxImporter;

/// What a folder sees of a node whose inputs are all constants.
struct FoldInputs {
  const onnx::NodeProto &node;
  /// The model's opset of the default domain.
  int64_t opset;
  /// One per node input (null for an absent optional input), without
  /// trailing absent ones.
  llvm::ArrayRef<const Buffer *> inputs;
  /// The folder of the model, which holds the external data of tensor
  /// attributes.
  llvm::StringRef modelDir;
};

/// Builds the ops of `node` (and defines its outputs) through the graph
/// walk `importer`; the error says what was expected, without the node's
/// name (the walk adds it).
using OpImporter =
    std::function<llvm::Error(OnnxImporter &importer,
                              const onnx::NodeProto &node)>;

/// Evaluates a node on constants: the value of its output 0.
using OpFolder = std::function<llvm::Expected<Buffer>(const FoldInputs &)>;

/// One op type over one range of opset versions.
struct OnnxOp {
  std::string opType;
  /// The first opset version handled.
  int64_t since;
  /// The last version handled (the next registration's `since` minus 1),
  /// or nullopt for every later version.
  std::optional<int64_t> until;
  /// What the op imports as, for the table of docs/importers.md.
  std::string summary;
  /// Null for ops that are evaluated on constants only.
  OpImporter importer;
  /// Null for ops that are never evaluated at import.
  OpFolder folder;
  /// The largest number of outputs the node may have.
  int maxOutputs = 1;
};

/// The registrations, by op type and version.
class OnnxOpRegistry {
public:
  /// Registers `opType` from version `since` on (until another
  /// registration of it starts); at least one of `importer` and `folder`
  /// is set.
  OnnxOp &onOp(llvm::StringRef opType, int64_t since, llvm::StringRef summary,
               OpImporter importer, OpFolder folder = nullptr);

  /// The registration of `opType` for `opset`, or null.
  const OnnxOp *lookup(llvm::StringRef opType, int64_t opset) const;

  /// The first version of `opType` registered, or nullopt when the op type
  /// is not registered.
  std::optional<int64_t> getFirstVersion(llvm::StringRef opType) const;

  /// "Abs, Add, ..., Where": every op type, sorted.
  std::string getOpTypesText() const;

  /// The markdown table of docs/importers.md: one row per registration.
  void printTable(llvm::raw_ostream &os) const;

  /// Every registration, sorted by op type and version (after finalize()).
  llvm::ArrayRef<OnnxOp> getOps() const { return ops; }

  /// Sorts the registrations and sets their `until`.
  void finalize();

private:
  std::vector<OnnxOp> ops;
};

/// The registrations of every op family, made once.
const OnnxOpRegistry &getOnnxOpRegistry();

/// The families (one file each).
void populateAxisOps(OnnxOpRegistry &registry);
void populateReduceOps(OnnxOpRegistry &registry);
void populateElementwiseOps(OnnxOpRegistry &registry);
void populateNormalizationOps(OnnxOpRegistry &registry);
void populateShapeOps(OnnxOpRegistry &registry);

} // namespace mlir::reduce::onnx_import

#endif // REDUCE_LIB_IMPORT_ONNX_OPREGISTRY_H
