//===- NormalizationOps.cpp - The normalizations of ONNX --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Softmax, LogSoftmax, LayerNormalization, RMSNormalization and
// MeanVarianceNormalization: ModelBuilder's normalization API (the
// dialect's ops).
//
//===----------------------------------------------------------------------===//

#include "NodeAttributes.h"
#include "OnnxImporter.h"
#include "TensorProto.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::onnx_import;

namespace {

/// Softmax-1/11 and LogSoftmax-1/11 flatten the input to 2-D at `axis`
/// (default 1, `coerce2d`); from 13 on they normalize over `axis` (default
/// -1).
llvm::Error importSoftmax(bool logarithm, bool coerce2d,
                          OnnxImporter &importer,
                          const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown({"axis"}))
    return error;
  llvm::Expected<int64_t> axis = attributes.getInt("axis", coerce2d ? 1 : -1);
  if (!axis)
    return axis.takeError();
  llvm::Expected<Value> input = importer.lookupOnlyInput(node);
  if (!input)
    return input.takeError();
  llvm::Expected<Value> result = importer.getBuilder().addSoftmax(
      importer.getNodeName(), *input, *axis, coerce2d, logarithm);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

/// The attributes LayerNormalization and RMSNormalization share: axis
/// (default -1), epsilon (default 1e-5) and stash_type (default FLOAT, a
/// float type).
struct NormAttributes {
  int64_t axis;
  float epsilon;
  Type stashType;
};

llvm::Expected<NormAttributes> getNormAttributes(OnnxImporter &importer,
                                                 const onnx::NodeProto &node) {
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
                        toMlirType(*type, importer.getContext())};
}

/// PyTorch 1.13 exports F.layer_norm without a weight as a
/// LayerNormalization whose Scale is the empty name (which the ONNX checker
/// rejects): a scale of ones, of the normalized dims' shape.
llvm::Expected<Value> buildUnitScale(OnnxImporter &importer, Value input,
                                     int64_t axis) {
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
  return importer.getBuilder().addConstant(ones.getView(),
                                           importer.getNodeName());
}

llvm::Error importLayerNorm(OnnxImporter &importer,
                            const onnx::NodeProto &node) {
  llvm::Expected<NormAttributes> attributes = getNormAttributes(importer, node);
  if (!attributes)
    return attributes.takeError();
  llvm::Expected<SmallVector<Value>> inputs =
      importer.lookupInputs(node, 2, 3);
  if (!inputs)
    return inputs.takeError();
  Value input = (*inputs)[0], scale = (*inputs)[1];
  Value bias = inputs->size() > 2 ? (*inputs)[2] : Value();
  if (!input)
    return makeImportError("the input name is empty");
  if (!scale) {
    llvm::Expected<Value> ones =
        buildUnitScale(importer, input, attributes->axis);
    if (!ones)
      return ones.takeError();
    scale = *ones;
  }
  llvm::Expected<SmallVector<Value>> results =
      importer.getBuilder().addLayerNorm(
          importer.getNodeName(), input, scale, bias, attributes->axis,
          attributes->epsilon, attributes->stashType);
  if (!results)
    return results.takeError();
  for (int k = 0; k < node.output_size() && k < 3; ++k)
    if (!node.output(k).empty())
      if (llvm::Error error = importer.define(node.output(k), (*results)[k]))
        return error;
  return llvm::Error::success();
}

llvm::Error importRmsNorm(OnnxImporter &importer,
                          const onnx::NodeProto &node) {
  llvm::Expected<NormAttributes> attributes = getNormAttributes(importer, node);
  if (!attributes)
    return attributes.takeError();
  llvm::Expected<SmallVector<Value>> inputs =
      importer.lookupInputs(node, 2, 2);
  if (!inputs)
    return inputs.takeError();
  if (llvm::is_contained(*inputs, Value()))
    return makeImportError("an input name is empty");
  llvm::Expected<Value> result = importer.getBuilder().addRmsNorm(
      importer.getNodeName(), (*inputs)[0], (*inputs)[1], attributes->axis,
      attributes->epsilon, attributes->stashType);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

/// The ONNX function: (X - mean) / (sqrt(var) + 1e-9), over axes [0, 2, 3]
/// by default.
llvm::Error importMvn(OnnxImporter &importer, const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown({"axes"}))
    return error;
  llvm::Expected<std::optional<SmallVector<int64_t>>> axes =
      attributes.getInts("axes");
  if (!axes)
    return axes.takeError();
  llvm::Expected<Value> input = importer.lookupOnlyInput(node);
  if (!input)
    return input.takeError();
  SmallVector<int64_t> dims = axes->value_or(SmallVector<int64_t>{0, 2, 3});
  llvm::Expected<Value> result = importer.getBuilder().addMvn(
      importer.getNodeName(), *input, dims, /*normalizeVariance=*/true,
      /*epsilon=*/1e-9, /*epsInsideSqrt=*/false);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

} // namespace

void onnx_import::populateNormalizationOps(OnnxOpRegistry &registry) {
  for (bool logarithm : {false, true}) {
    llvm::StringRef opType = logarithm ? "LogSoftmax" : "Softmax";
    std::string op = logarithm ? "`reduce.log_softmax`" : "`reduce.softmax`";
    for (bool coerce2d : {true, false})
      registry.onOp(
          opType, coerce2d ? 1 : 13,
          op + (coerce2d ? " over every dim from `axis` on (default 1; the "
                           "input coerced to 2-D)"
                         : " over `axis` (default -1)"),
          [=](OnnxImporter &importer, const onnx::NodeProto &node) {
            return importSoftmax(logarithm, coerce2d, importer, node);
          });
  }
  registry
      .onOp("LayerNormalization", 17,
            "`reduce.layer_norm`; `axis` -1, `epsilon` 1e-5, `stash_type` 1; "
            "outputs Y and the optional Mean and InvStdDev",
            importLayerNorm)
      .maxOutputs = 3;
  registry.onOp("RMSNormalization", 23,
                "`reduce.rms_norm`; `axis` -1, `epsilon` 1e-5, `stash_type` 1",
                importRmsNorm);
  registry.onOp("MeanVarianceNormalization", 1,
                "`reduce.mvn`; `axes` [0, 2, 3], `(X - mean) / (sqrt(var) + "
                "1e-9)`",
                importMvn);
}
