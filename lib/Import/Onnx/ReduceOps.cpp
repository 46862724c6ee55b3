//===- ReduceOps.cpp - The Reduce ops of ONNX -------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The Reduce* ops: each becomes one reduce op. Their versions differ in
// where the axes are (an attribute before the version that made them an
// input: 13 for ReduceSum, 18 for the others, which also brings
// `noop_with_empty_axes`) and in the bool inputs ReduceMin-20 and
// ReduceMax-20 take (as logical and / or): one registration per range.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"
#include "OnnxImporter.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::onnx_import;

namespace {

/// The version from which ReduceMin and ReduceMax accept bool inputs.
constexpr int64_t kBoolMinMaxSince = 20;

/// What one version range of a Reduce op is.
struct ReduceVersion {
  llvm::StringRef opType;
  ReductionKind kind;
  /// The axes are an input (with `noop_with_empty_axes`), not an attribute.
  bool axesAsInput;
  /// Bool inputs are logical and (min) / or (max).
  bool takesBool;
};

/// The attributes of a Reduce node.
struct ReduceAttributes {
  bool keepDims = true;
  bool noopWithEmptyAxes = false;
  std::optional<SmallVector<int64_t>> axes;
};

llvm::Expected<ReduceAttributes>
readReduceAttributes(const onnx::NodeProto &node, bool axesAsInput) {
  ReduceAttributes result;
  for (const onnx::AttributeProto &attribute : node.attribute()) {
    const std::string &name = attribute.name();
    if (name == "keepdims" || (axesAsInput && name == "noop_with_empty_axes")) {
      if (attribute.type() != onnx::AttributeProto::INT)
        return makeImportError("attribute '" + name + "' must be of type INT");
      if (attribute.i() != 0 && attribute.i() != 1)
        return makeImportError("attribute '" + name + "' is " +
                               llvm::Twine(attribute.i()) +
                               ": expected 0 or 1");
      (name == "keepdims" ? result.keepDims : result.noopWithEmptyAxes) =
          attribute.i();
    } else if (!axesAsInput && name == "axes") {
      if (attribute.type() != onnx::AttributeProto::INTS)
        return makeImportError("attribute 'axes' must be of type INTS");
      result.axes.emplace(attribute.ints().begin(), attribute.ints().end());
    } else {
      return makeImportError(
          "unsupported attribute '" + name + "' (expected keepdims" +
          (axesAsInput ? ", noop_with_empty_axes; the axes are an input from "
                         "this version on"
                       : ", axes") +
          ")");
    }
  }
  return result;
}

/// The reduction of `version` on elements of `elementType`: bools are
/// logical and / or where the version takes them.
llvm::Expected<ReductionKind> getReductionKind(const ReduceVersion &version,
                                               Type elementType,
                                               int64_t opset) {
  ReductionKind kind = version.kind;
  if (!elementType.isInteger(1))
    return kind;
  if (kind != ReductionKind::min && kind != ReductionKind::max)
    return makeImportError("input element type BOOL is not supported by " +
                           version.opType);
  if (!version.takesBool)
    return makeImportError("input element type BOOL needs " + version.opType +
                           "-" + llvm::Twine(kBoolMinMaxSince) +
                           ", but the model imports opset " +
                           llvm::Twine(opset));
  return kind == ReductionKind::min ? ReductionKind::logical_and
                                    : ReductionKind::logical_or;
}

/// The axes of a Reduce node: static (an attribute, an initializer or a
/// Constant) or a runtime operand.
struct ReduceAxes {
  std::optional<SmallVector<int64_t>> list;
  Value operand;
};

llvm::Expected<ReduceAxes> readAxes(OnnxImporter &importer,
                                    const onnx::NodeProto &node,
                                    std::optional<SmallVector<int64_t>> attr) {
  ReduceAxes axes{std::move(attr), Value()};
  if (node.input_size() != 2 || node.input(1).empty())
    return axes;
  if (const Buffer *data = importer.getConstantData(node.input(1))) {
    if (data->getElementType() != ElementType::i64 ||
        data->getShape().size() > 1)
      return makeImportError("axes '" + node.input(1) +
                             "' must be a 0-D or 1-D INT64 tensor");
    axes.list.emplace(data->getElements<int64_t>());
    return axes;
  }
  llvm::Expected<Value> operand = importer.lookup(node.input(1));
  if (!operand)
    return operand.takeError();
  axes.operand = *operand;
  return axes;
}

/// The static axes as the op takes them: absent or empty ones are every dim
/// (none with `noop_with_empty_axes`; an empty axes attribute counts as an
/// absent one, as in ONNX Runtime), and a repeated axis names its dim once
/// (ONNX runtimes accept repeats).
llvm::Expected<SmallVector<int64_t>>
completeStaticAxes(std::optional<SmallVector<int64_t>> axes,
                   TensorType inputType, bool noopWithEmptyAxes,
                   const std::string &inputName) {
  if (!axes || axes->empty()) {
    if (noopWithEmptyAxes)
      return SmallVector<int64_t>();
    if (!inputType.hasRank())
      return makeImportError("reducing every dim needs the rank of input '" +
                             inputName + "', which is not known");
    return llvm::to_vector(llvm::seq<int64_t>(0, inputType.getRank()));
  }
  if (!inputType.hasRank())
    return std::move(*axes);
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> unique;
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t axis : *axes) {
    int64_t dim = axis < 0 ? axis + rank : axis;
    if (dim >= 0 && dim < rank && !seen.insert(dim).second)
      continue;
    unique.push_back(axis);
  }
  return unique;
}

/// A reduction of a constant (the element counts of shape subgraphs)
/// evaluated at import; nullopt when an axis is out of range (left to the
/// dialect's diagnostic) or the folder leaves the kind or type to the
/// dialect.
std::optional<Buffer> foldConstantReduction(ReductionKind kind,
                                            const Buffer &data,
                                            ArrayRef<int64_t> axes,
                                            bool keepDims) {
  auto rank = static_cast<int64_t>(data.getShape().size());
  SmallVector<int64_t> dims;
  for (int64_t axis : axes) {
    int64_t dim = axis < 0 ? axis + rank : axis;
    if (dim < 0 || dim >= rank)
      return std::nullopt;
    dims.push_back(dim);
  }
  llvm::sort(dims);
  dims.erase(llvm::unique(dims), dims.end());
  return foldReduction(kind, data, dims, keepDims);
}

llvm::Error importReduce(const ReduceVersion &version, OnnxImporter &importer,
                         const onnx::NodeProto &node) {
  llvm::Expected<ReduceAttributes> attributes =
      readReduceAttributes(node, version.axesAsInput);
  if (!attributes)
    return attributes.takeError();
  int maxInputs = version.axesAsInput ? 2 : 1;
  if (node.input_size() < 1 || node.input_size() > maxInputs)
    return makeImportError(
        "expected " +
        llvm::Twine(version.axesAsInput ? "1 or 2 inputs (data, axes)"
                                        : "1 input (data)") +
        ", but found " + llvm::Twine(node.input_size()));
  llvm::Expected<Value> input = importer.lookup(node.input(0));
  if (!input)
    return input.takeError();
  auto inputType = cast<TensorType>(input->getType());
  llvm::Expected<ReductionKind> kind = getReductionKind(
      version, inputType.getElementType(), importer.getOpset());
  if (!kind)
    return kind.takeError();
  llvm::Expected<ReduceAxes> axes =
      readAxes(importer, node, std::move(attributes->axes));
  if (!axes)
    return axes.takeError();

  if (!axes->operand) {
    llvm::Expected<SmallVector<int64_t>> list =
        completeStaticAxes(std::move(axes->list), inputType,
                           attributes->noopWithEmptyAxes, node.input(0));
    if (!list)
      return list.takeError();
    axes->list = std::move(*list);
    if (const Buffer *data = importer.getConstantData(node.input(0)))
      if (std::optional<Buffer> folded = foldConstantReduction(
              *kind, *data, *axes->list, attributes->keepDims)) {
        // The input's constant op, made by the lookup above, may be dead.
        importer.eraseIfUnused(node.input(0));
        return importer.defineConstant(node.output(0), std::move(*folded));
      }
  }
  llvm::Expected<Value> result = importer.getBuilder().addReduction(
      node.name().empty() ? node.output(0) : node.name(), *kind, *input,
      axes->operand ? std::nullopt
                    : std::optional<ArrayRef<int64_t>>(*axes->list),
      axes->operand, attributes->keepDims,
      axes->operand && !attributes->noopWithEmptyAxes ? EmptyAxesMode::all
                                                      : EmptyAxesMode::noop);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

/// Registers `opType` as `kind`: axes an attribute from version 1, an input
/// from `axesInputSince`; for min and max, bools from version 20.
void onReduceOp(OnnxOpRegistry &registry, llvm::StringLiteral opType,
                ReductionKind kind, int64_t axesInputSince) {
  auto on = [&](int64_t since, ReduceVersion version, const llvm::Twine &doc) {
    registry.onOp(opType, since, doc.str(),
                  [version](OnnxImporter &importer,
                            const onnx::NodeProto &node) {
                    return importReduce(version, importer, node);
                  });
  };
  std::string op = ("`reduce." + stringifyReductionKind(kind) + "`").str();
  llvm::StringLiteral inputAxes = "; axes an input, `noop_with_empty_axes`";
  on(1, {opType, kind, false, false}, op + "; axes an attribute");
  on(axesInputSince, {opType, kind, true, false}, op + inputAxes);
  if (kind == ReductionKind::min || kind == ReductionKind::max)
    on(kBoolMinMaxSince, {opType, kind, true, true},
       op + " (`reduce.logical_" +
           (kind == ReductionKind::min ? "and" : "or") + "` on BOOL)" +
           inputAxes);
}

} // namespace

void onnx_import::populateReduceOps(OnnxOpRegistry &registry) {
  onReduceOp(registry, "ReduceSum", ReductionKind::sum, 13);
  onReduceOp(registry, "ReduceL1", ReductionKind::l1, 18);
  onReduceOp(registry, "ReduceL2", ReductionKind::l2, 18);
  onReduceOp(registry, "ReduceMin", ReductionKind::min, 18);
  onReduceOp(registry, "ReduceMax", ReductionKind::max, 18);
  onReduceOp(registry, "ReduceProd", ReductionKind::prod, 18);
  onReduceOp(registry, "ReduceMean", ReductionKind::mean, 18);
  onReduceOp(registry, "ReduceSumSquare", ReductionKind::sum_square, 18);
  onReduceOp(registry, "ReduceLogSum", ReductionKind::log_sum, 18);
  onReduceOp(registry, "ReduceLogSumExp", ReductionKind::log_sum_exp, 18);
}
