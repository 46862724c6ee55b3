//===- AxisOps.cpp - ONNX ArgMax, ArgMin and CumSum ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ONNX ops along one axis: ArgMax and ArgMin (opsets 1 to 13; `axis` 0
// and `keepdims` 1 by default, `select_last_index` from 12) as
// reduce.argmax / reduce.argmin with i64 indices, and CumSum (11, 14; the
// axis an input, which must be a constant; `exclusive`, `reverse`) as
// reduce.cumsum.
//
//===----------------------------------------------------------------------===//

#include "NodeAttributes.h"
#include "OnnxImporter.h"

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::onnx_import;

namespace {

llvm::Error importArgReduction(bool isMax, bool hasSelectLastIndex,
                               OnnxImporter &importer,
                               const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  SmallVector<StringRef, 3> known = {"axis", "keepdims"};
  if (hasSelectLastIndex)
    known.push_back("select_last_index");
  else if (attributes.find("select_last_index"))
    return makeImportError(
        "attribute 'select_last_index' needs " + node.op_type() +
        "-12, but the model imports opset " +
        llvm::Twine(importer.getOpset()));
  if (llvm::Error error = attributes.checkKnown(known))
    return error;
  llvm::Expected<int64_t> axis = attributes.getInt("axis", 0);
  if (!axis)
    return axis.takeError();
  llvm::Expected<bool> keepDims = attributes.getBool("keepdims", true);
  if (!keepDims)
    return keepDims.takeError();
  llvm::Expected<bool> selectLastIndex =
      attributes.getBool("select_last_index", false);
  if (!selectLastIndex)
    return selectLastIndex.takeError();
  llvm::Expected<Value> input = importer.lookupOnlyInput(node);
  if (!input)
    return input.takeError();
  llvm::Expected<Value> result = importer.getBuilder().addArgReduction(
      importer.getNodeName(), *input, isMax, *axis, *keepDims,
      *selectLastIndex);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

/// The constant axis input of CumSum: a 0-D (or one-element 1-D) INT32 or
/// INT64 tensor.
llvm::Expected<int64_t> readScanAxis(OnnxImporter &importer,
                                     const onnx::NodeProto &node) {
  llvm::Expected<const Buffer *> constant = importer.getConstantInput(node, 1);
  if (!constant)
    return constant.takeError();
  const Buffer *data = *constant;
  const std::string &name = node.input(1);
  bool isInt = data->getElementType() == ElementType::i64 ||
               data->getElementType() == ElementType::i32;
  if (!isInt || data->getShape().size() > 1 || data->getNumElements() != 1)
    return makeImportError("axis '" + name +
                           "' must be a 0-D INT32 or INT64 tensor");
  if (data->getElementType() == ElementType::i32)
    return data->getElements<int32_t>()[0];
  return data->getElements<int64_t>()[0];
}

llvm::Error importCumSum(OnnxImporter &importer, const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown({"exclusive", "reverse"}))
    return error;
  llvm::Expected<bool> exclusive = attributes.getBool("exclusive", false);
  if (!exclusive)
    return exclusive.takeError();
  llvm::Expected<bool> reverse = attributes.getBool("reverse", false);
  if (!reverse)
    return reverse.takeError();
  if (node.input_size() != 2 || node.input(0).empty() ||
      node.input(1).empty())
    return makeImportError("expected 2 inputs (x, axis), but found " +
                           llvm::Twine(node.input_size()));
  llvm::Expected<int64_t> axis = readScanAxis(importer, node);
  if (!axis)
    return axis.takeError();
  llvm::Expected<Value> input = importer.lookup(node.input(0));
  if (!input)
    return input.takeError();
  if (llvm::Error error = ModelBuilder::checkAxis(*input, *axis))
    return error;
  llvm::Expected<Value> result = importer.getBuilder().addScan(
      importer.getNodeName(), ReductionKind::sum, *input, *axis, *exclusive,
      *reverse);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

} // namespace

void onnx_import::populateAxisOps(OnnxOpRegistry &registry) {
  for (bool isMax : {true, false}) {
    llvm::StringRef opType = isMax ? "ArgMax" : "ArgMin";
    std::string op = isMax ? "`reduce.argmax`" : "`reduce.argmin`";
    for (bool hasSelectLastIndex : {false, true})
      registry.onOp(
          opType, hasSelectLastIndex ? 12 : 1,
          op + ", i64 indices; `axis` 0, `keepdims` 1" +
              (hasSelectLastIndex ? ", `select_last_index` 0" : ""),
          [=](OnnxImporter &importer, const onnx::NodeProto &node) {
            return importArgReduction(isMax, hasSelectLastIndex, importer,
                                      node);
          });
  }
  registry.onOp("CumSum", 11,
                "`reduce.cumsum`; the axis a constant input, `exclusive` 0, "
                "`reverse` 0",
                importCumSum);
}
