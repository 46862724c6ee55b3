//===- ElementwiseOps.cpp - The elementwise ops of ONNX ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The arithmetic, comparison and logical ops, Cast, Clip and Where:
// ModelBuilder's elementwise API (numpy broadcasting, arith/math ops on
// tensors) on runtime values, the folder (ConstantFolding.h) on constants.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"
#include "NodeAttributes.h"
#include "OnnxImporter.h"
#include "TensorProto.h"

#include <climits>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::onnx_import;

namespace {

/// Pow-12+ takes an exponent of another type; the result has the base's. A
/// float base takes the exponent converted to its type; an integer base
/// with a float exponent is computed in f64 and truncated.
llvm::Expected<Value> buildMixedPow(ModelBuilder &builder,
                                    llvm::StringRef node, Value base,
                                    Value exponent) {
  Type baseType = getElementTypeOrSelf(base.getType());
  Type compute = isa<FloatType>(baseType)
                     ? baseType
                     : Float64Type::get(builder.getContext());
  llvm::Expected<Value> lhs = builder.addConvert(node, base, compute);
  if (!lhs)
    return lhs.takeError();
  llvm::Expected<Value> rhs = builder.addConvert(node, exponent, compute);
  if (!rhs)
    return rhs.takeError();
  llvm::Expected<Value> power =
      builder.addElementwise(node, ElementwiseKind::pow, {*lhs, *rhs});
  if (!power)
    return power.takeError();
  return builder.addConvert(node, *power, baseType);
}

/// An elementwise op of `arity` inputs (0: variadic, one or more) as the
/// ModelBuilder op `kind`, folded left over the inputs; Mean divides the
/// sum by the number of inputs.
llvm::Error importElementwise(ElementwiseKind kind, int arity, bool isMean,
                              OnnxImporter &importer,
                              const onnx::NodeProto &node) {
  if (llvm::Error error = NodeAttributes(node).checkKnown({}))
    return error;
  llvm::Expected<SmallVector<Value>> inputs =
      arity ? importer.lookupInputs(node, arity, arity)
            : importer.lookupInputs(node, 1, INT_MAX);
  if (!inputs)
    return inputs.takeError();
  if (llvm::is_contained(*inputs, Value()))
    return makeImportError("an input name is empty");
  ModelBuilder &builder = importer.getBuilder();
  llvm::StringRef nodeName = importer.getNodeName();
  Value result = (*inputs)[0];
  if (arity == 1) {
    llvm::Expected<Value> value =
        builder.addElementwise(nodeName, kind, {result});
    if (!value)
      return value.takeError();
    return importer.define(node.output(0), *value);
  }
  for (Value operand : llvm::drop_begin(*inputs)) {
    bool mixedPow = kind == ElementwiseKind::pow &&
                    getElementTypeOrSelf(result.getType()) !=
                        getElementTypeOrSelf(operand.getType());
    llvm::Expected<Value> value =
        mixedPow ? buildMixedPow(builder, nodeName, result, operand)
                 : builder.addElementwise(nodeName, kind, {result, operand});
    if (!value)
      return value.takeError();
    result = *value;
  }
  if (isMean && inputs->size() > 1) {
    // The sum divided by the number of inputs (float types only in ONNX).
    Type element = getElementTypeOrSelf(result.getType());
    llvm::Expected<Value> mean = builder.addElementwise(
        nodeName, ElementwiseKind::div,
        {result, builder.addScalarConstant(
                     nodeName, element, static_cast<double>(inputs->size()))});
    if (!mean)
      return mean.takeError();
    result = *mean;
  }
  return importer.define(node.output(0), result);
}

/// And, Or, Xor and Not on bools, computed on 0/1 bytes: and = min, or =
/// max, xor = a - b != 0, not = (x == 0).
llvm::Error importLogical(OnnxImporter &importer,
                          const onnx::NodeProto &node) {
  if (llvm::Error error = NodeAttributes(node).checkKnown({}))
    return error;
  const std::string &opType = node.op_type();
  bool isNot = opType == "Not";
  llvm::Expected<SmallVector<Value>> inputs =
      importer.lookupInputs(node, isNot ? 1 : 2, isNot ? 1 : 2);
  if (!inputs)
    return inputs.takeError();
  ModelBuilder &builder = importer.getBuilder();
  llvm::StringRef nodeName = importer.getNodeName();
  MLIRContext *context = importer.getContext();
  Type i1 = IntegerType::get(context, 1), i8 = IntegerType::get(context, 8);
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
  return importer.define(node.output(0), *result);
}

llvm::Error importCast(OnnxImporter &importer, const onnx::NodeProto &node) {
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
  llvm::Expected<SmallVector<Value>> inputs =
      importer.lookupInputs(node, 1, 1);
  if (!inputs)
    return inputs.takeError();
  llvm::Expected<Value> result = importer.getBuilder().addConvert(
      importer.getNodeName(), (*inputs)[0],
      toMlirType(*type, importer.getContext()));
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

/// Clip-1/6 take the bounds as the attributes `min` and `max`; from 11 on
/// they are optional inputs.
llvm::Error importClip(bool boundsAsInputs, OnnxImporter &importer,
                       const onnx::NodeProto &node) {
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown(
          boundsAsInputs ? ArrayRef<llvm::StringRef>{}
                         : ArrayRef<llvm::StringRef>{"min", "max"}))
    return error;
  llvm::Expected<SmallVector<Value>> inputs =
      importer.lookupInputs(node, 1, boundsAsInputs ? 3 : 1);
  if (!inputs)
    return inputs.takeError();
  Value input = (*inputs)[0];
  if (!input)
    return makeImportError("the input name is empty");
  Value low = inputs->size() > 1 ? (*inputs)[1] : Value();
  Value high = inputs->size() > 2 ? (*inputs)[2] : Value();
  ModelBuilder &builder = importer.getBuilder();
  if (!boundsAsInputs) {
    Type element = getElementTypeOrSelf(input.getType());
    for (auto [name, bound] :
         {std::pair<llvm::StringRef, Value *>{"min", &low}, {"max", &high}}) {
      if (!attributes.find(name))
        continue;
      llvm::Expected<float> value = attributes.getFloat(name, 0);
      if (!value)
        return value.takeError();
      *bound = builder.addScalarConstant(importer.getNodeName(), element,
                                         *value);
    }
  }
  llvm::Expected<Value> result =
      builder.addClamp(importer.getNodeName(), input, low, high);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

llvm::Error importWhere(OnnxImporter &importer, const onnx::NodeProto &node) {
  if (llvm::Error error = NodeAttributes(node).checkKnown({}))
    return error;
  llvm::Expected<SmallVector<Value>> inputs =
      importer.lookupInputs(node, 3, 3);
  if (!inputs)
    return inputs.takeError();
  if (llvm::is_contained(*inputs, Value()))
    return makeImportError("an input name is empty");
  llvm::Expected<Value> result = importer.getBuilder().addSelect(
      importer.getNodeName(), (*inputs)[0], (*inputs)[1], (*inputs)[2]);
  if (!result)
    return result.takeError();
  return importer.define(node.output(0), *result);
}

/// Registers an arithmetic or comparison op: imported as the ModelBuilder
/// op `kind` (`arity` inputs, 0 for variadic), folded as `fold` (when
/// set).
void onElementwiseOp(OnnxOpRegistry &registry, llvm::StringRef opType,
                     ElementwiseKind kind, int arity,
                     std::optional<Elementwise> fold,
                     llvm::StringRef summary) {
  bool isMean = opType == "Mean";
  registry.onOp(
      opType, 1, summary,
      [=](OnnxImporter &importer, const onnx::NodeProto &node) {
        return importElementwise(kind, arity, isMean, importer, node);
      },
      fold ? getElementwiseFolder(*fold) : nullptr);
}

} // namespace

void onnx_import::populateElementwiseOps(OnnxOpRegistry &registry) {
  using Kind = ElementwiseKind;
  onElementwiseOp(registry, "Add", Kind::add, 2, Elementwise::add,
                  "`arith.add*`, numpy broadcasting");
  onElementwiseOp(registry, "Sub", Kind::sub, 2, Elementwise::sub,
                  "`arith.sub*`, numpy broadcasting");
  onElementwiseOp(registry, "Mul", Kind::mul, 2, Elementwise::mul,
                  "`arith.mul*`, numpy broadcasting");
  onElementwiseOp(registry, "Div", Kind::div, 2, Elementwise::div,
                  "`arith.div*` (integers toward zero; 0 for a zero divisor)");
  onElementwiseOp(registry, "Pow", Kind::pow, 2, Elementwise::pow,
                  "`math.powf` (an exponent of another type converted)");
  onElementwiseOp(registry, "Max", Kind::max, 0, Elementwise::max,
                  "`arith.maximumf` / `arith.max*i`, variadic");
  onElementwiseOp(registry, "Min", Kind::min, 0, Elementwise::min,
                  "`arith.minimumf` / `arith.min*i`, variadic");
  onElementwiseOp(registry, "Sum", Kind::add, 0, Elementwise::sum,
                  "`arith.add*`, variadic");
  onElementwiseOp(registry, "Mean", Kind::add, 0, std::nullopt,
                  "`arith.addf` then a division, variadic");
  onElementwiseOp(registry, "Equal", Kind::equal, 2, Elementwise::equal,
                  "`arith.cmp*` (i1)");
  onElementwiseOp(registry, "Less", Kind::less, 2, Elementwise::less,
                  "`arith.cmp*` (i1)");
  onElementwiseOp(registry, "Greater", Kind::greater, 2,
                  Elementwise::greater, "`arith.cmp*` (i1)");
  onElementwiseOp(registry, "LessOrEqual", Kind::less_equal, 2,
                  Elementwise::lessOrEqual, "`arith.cmp*` (i1)");
  onElementwiseOp(registry, "GreaterOrEqual", Kind::greater_equal, 2,
                  Elementwise::greaterOrEqual, "`arith.cmp*` (i1)");
  onElementwiseOp(registry, "Sqrt", Kind::sqrt, 1, Elementwise::sqrt,
                  "`math.sqrt`");
  onElementwiseOp(registry, "Exp", Kind::exp, 1, Elementwise::exp,
                  "`math.exp`");
  onElementwiseOp(registry, "Log", Kind::log, 1, Elementwise::log,
                  "`math.log`");
  onElementwiseOp(registry, "Abs", Kind::abs, 1, Elementwise::abs,
                  "`math.absf` / `math.absi`");
  onElementwiseOp(registry, "Neg", Kind::neg, 1, Elementwise::neg,
                  "`arith.negf` / `0 - x`");
  onElementwiseOp(registry, "Reciprocal", Kind::reciprocal, 1,
                  Elementwise::reciprocal, "`1 / x`");
  for (auto [opType, fold] :
       {std::pair<llvm::StringLiteral, Elementwise>{"And",
                                                     Elementwise::logicalAnd},
        {"Or", Elementwise::logicalOr},
        {"Xor", Elementwise::logicalXor},
        {"Not", Elementwise::logicalNot}})
    registry.onOp(opType, 1, "on BOOL, computed on 0/1 bytes", importLogical,
                  getElementwiseFolder(fold));
  registry.onOp("Floor", 1, "rounded toward -inf", nullptr,
                getElementwiseFolder(Elementwise::floor));
  registry.onOp("Ceil", 1, "rounded toward +inf", nullptr,
                getElementwiseFolder(Elementwise::ceil));
  registry.onOp("Cast", 1,
                "`arith` conversions (`to` any supported type; float to "
                "integer toward zero)",
                importCast, foldCast);
  for (bool boundsAsInputs : {false, true})
    registry.onOp(
        "Clip", boundsAsInputs ? 11 : 1,
        boundsAsInputs ? "min/max (NaN stays NaN); bounds optional inputs"
                       : "min/max (NaN stays NaN); bounds attributes",
        [=](OnnxImporter &importer, const onnx::NodeProto &node) {
          return importClip(boundsAsInputs, importer, node);
        },
        [=](const FoldInputs &in) { return foldClip(in, boundsAsInputs); });
  registry.onOp("Where", 1, "`arith.select`, numpy broadcasting", importWhere,
                foldWhere);
}
