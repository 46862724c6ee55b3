//===- ConstantFolding.cpp - Evaluate ONNX nodes on constants ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Float elements are computed in double and rounded once to their type
// (exact for the f32 arithmetic the shape subgraphs do), integers in 64 bits
// and wrapped to their width, bools as 0 and 1.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"

#include "NodeAttributes.h"
#include "TensorProto.h"

#include "reduce/Import/ModelBuilder.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::onnx_import;

namespace {

//===----------------------------------------------------------------------===//
// Elements
//===----------------------------------------------------------------------===//

/// How the folder computes with an element type.
enum class Domain { floating, signedInt, unsignedInt, boolean };

Domain getDomain(ElementType type) {
  if (isFloat(type))
    return Domain::floating;
  if (isBool(type))
    return Domain::boolean;
  return isUnsigned(type) ? Domain::unsignedInt : Domain::signedInt;
}

/// Stores the low bits of `bits` into integer element `index` (wrapping
/// modulo 2^width); a bool stores whether `bits` is non-zero.
void storeBits(ElementType type, void *data, int64_t index, uint64_t bits) {
  if (isBool(type)) {
    static_cast<uint8_t *>(data)[index] = bits != 0;
    return;
  }
  size_t width = getByteWidth(type);
  char *dest = static_cast<char *>(data) + index * width;
  switch (width) {
  case 1: {
    auto v = static_cast<uint8_t>(bits);
    std::memcpy(dest, &v, 1);
    return;
  }
  case 2: {
    auto v = static_cast<uint16_t>(bits);
    std::memcpy(dest, &v, 2);
    return;
  }
  case 4: {
    auto v = static_cast<uint32_t>(bits);
    std::memcpy(dest, &v, 4);
    return;
  }
  default:
    std::memcpy(dest, &bits, 8);
    return;
  }
}

/// Copies element `from` of `src` (of type `srcType`) into element `to` of
/// `dest` (of type `destType`), converting as ONNX's Cast does.
void convertElement(ElementType srcType, const void *src, int64_t from,
                    ElementType destType, void *dest, int64_t to) {
  if (isFloat(srcType) || isFloat(destType)) {
    storeDouble(destType, dest, to, loadAsDouble(srcType, src, from));
    return;
  }
  // Integer or bool to integer or bool: two's complement wrap-around.
  storeBits(destType, dest, to, loadAsUInt64(srcType, src, from));
}

/// A zero-filled buffer of `shape`, or an error when it would hold more
/// than kMaxFoldedElements elements.
llvm::Expected<Buffer> allocate(ElementType type, ArrayRef<int64_t> shape) {
  std::optional<int64_t> count = getNumElements(shape);
  if (!count || *count > kMaxFoldedElements)
    return makeImportError(
        "the folded constant of shape " + formatShape(shape) +
        " would have more than " + llvm::Twine(kMaxFoldedElements) +
        " elements");
  return Buffer(type, shape);
}

/// Row-major strides of `shape`.
SmallVector<int64_t> getStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// Maps flat indices of a broadcast result of shape `outShape` to flat
/// indices of an operand of shape `inShape` (right-aligned, size-1 dims
/// repeated).
class BroadcastIndexer {
public:
  BroadcastIndexer(ArrayRef<int64_t> inShape, ArrayRef<int64_t> outShape)
      : outStrides(getStrides(outShape)), inStrides(outShape.size(), 0) {
    SmallVector<int64_t> strides = getStrides(inShape);
    size_t offset = outShape.size() - inShape.size();
    for (size_t d = 0; d < inShape.size(); ++d)
      inStrides[offset + d] = inShape[d] == 1 ? 0 : strides[d];
  }

  int64_t map(int64_t index) const {
    int64_t result = 0;
    for (size_t d = 0; d < outStrides.size(); ++d) {
      result += (index / outStrides[d]) * inStrides[d];
      index %= outStrides[d];
    }
    return result;
  }

private:
  SmallVector<int64_t> outStrides;
  SmallVector<int64_t> inStrides;
};

std::string formatShapes(ArrayRef<ArrayRef<int64_t>> shapes) {
  std::string text;
  for (auto [k, shape] : llvm::enumerate(shapes))
    text += (k ? (k + 1 == shapes.size() ? " and " : ", ") : "") +
            formatShape(shape);
  return text;
}

/// Reads a 1-D (or, with `allowScalar`, 0-D) INT64 tensor.
llvm::Expected<SmallVector<int64_t>> readInts(const Buffer &data,
                                              llvm::StringRef what,
                                              bool allowScalar = false) {
  if (data.getElementType() != ElementType::i64 ||
      data.getShape().size() > 1 || (!allowScalar && data.getShape().empty()))
    return makeImportError(what + " must be a " +
                           (allowScalar ? "0-D or 1-D" : "1-D") +
                           " INT64 tensor, but it is " +
                           formatShape(data.getShape()) + " " +
                           getMlirName(data.getElementType()));
  return SmallVector<int64_t>(data.getElements<int64_t>());
}

/// Normalizes `axis` into [0, rank), or an error naming `what`.
llvm::Expected<int64_t> normalizeAxis(int64_t axis, int64_t rank,
                                      llvm::StringRef what) {
  if (axis < -rank || axis >= rank)
    return makeImportError(what + " " + llvm::Twine(axis) +
                           " is out of range [" + llvm::Twine(-rank) + ", " +
                           llvm::Twine(rank - 1) + "]");
  return axis < 0 ? axis + rank : axis;
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

bool isUnary(Elementwise op) { return op >= Elementwise::neg; }
bool isComparison(Elementwise op) {
  return op >= Elementwise::equal && op <= Elementwise::greaterOrEqual;
}
bool isLogical(Elementwise op) {
  return (op >= Elementwise::logicalAnd && op <= Elementwise::logicalXor) ||
         op == Elementwise::logicalNot;
}
bool isFloatOnly(Elementwise op) {
  return op == Elementwise::sqrt || op == Elementwise::reciprocal ||
         op == Elementwise::exp || op == Elementwise::log ||
         op == Elementwise::floor || op == Elementwise::ceil;
}

double applyFloat(Elementwise op, double a, double b) {
  switch (op) {
  case Elementwise::add:
  case Elementwise::sum:
    return a + b;
  case Elementwise::sub:
    return a - b;
  case Elementwise::mul:
    return a * b;
  case Elementwise::div:
    return a / b;
  case Elementwise::pow:
    return std::pow(a, b);
  case Elementwise::max:
    return std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b);
  case Elementwise::min:
    return std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b);
  case Elementwise::equal:
    return a == b;
  case Elementwise::less:
    return a < b;
  case Elementwise::lessOrEqual:
    return a <= b;
  case Elementwise::greater:
    return a > b;
  case Elementwise::greaterOrEqual:
    return a >= b;
  case Elementwise::neg:
    return -a;
  case Elementwise::abs:
    return std::fabs(a);
  case Elementwise::sqrt:
    return std::sqrt(a);
  case Elementwise::reciprocal:
    return 1.0 / a;
  case Elementwise::exp:
    return std::exp(a);
  case Elementwise::log:
    return std::log(a);
  case Elementwise::floor:
    return std::floor(a);
  case Elementwise::ceil:
    return std::ceil(a);
  default:
    return 0;
  }
}

/// Integer arithmetic in 64 bits (two's complement, wrapping); `isSigned`
/// selects the signed or unsigned reading of the bits for division, order
/// and abs. Division by zero is an error.
llvm::Expected<uint64_t> applyInt(Elementwise op, uint64_t a, uint64_t b,
                                  bool isSigned) {
  auto sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
  auto less = [&](uint64_t x, uint64_t y) {
    return isSigned ? static_cast<int64_t>(x) < static_cast<int64_t>(y)
                    : x < y;
  };
  switch (op) {
  case Elementwise::add:
  case Elementwise::sum:
    return a + b;
  case Elementwise::sub:
    return a - b;
  case Elementwise::mul:
    return a * b;
  case Elementwise::div:
    if (b == 0)
      return makeImportError("integer division by zero");
    if (!isSigned)
      return a / b;
    if (sa == std::numeric_limits<int64_t>::min() && sb == -1)
      return a; // wraps
    return static_cast<uint64_t>(sa / sb);
  case Elementwise::max:
    return less(a, b) ? b : a;
  case Elementwise::min:
    return less(b, a) ? b : a;
  case Elementwise::equal:
    return a == b;
  case Elementwise::less:
    return less(a, b);
  case Elementwise::lessOrEqual:
    return !less(b, a);
  case Elementwise::greater:
    return less(b, a);
  case Elementwise::greaterOrEqual:
    return !less(a, b);
  case Elementwise::logicalAnd:
    return (a != 0) && (b != 0);
  case Elementwise::logicalOr:
    return (a != 0) || (b != 0);
  case Elementwise::logicalXor:
    return (a != 0) != (b != 0);
  case Elementwise::logicalNot:
    return a == 0;
  case Elementwise::neg:
    return 0 - a;
  case Elementwise::abs:
    return isSigned && sa < 0 ? 0 - a : a;
  default:
    return 0;
  }
}

/// Loads an integer element as 64 bits: sign-extended for signed types.
uint64_t loadBits(ElementType type, const void *data, int64_t index) {
  return getDomain(type) == Domain::signedInt
             ? static_cast<uint64_t>(loadAsInt64(type, data, index))
             : loadAsUInt64(type, data, index);
}

llvm::Expected<Buffer> foldElementwise(Elementwise op,
                                       llvm::StringRef opType,
                                       ArrayRef<const Buffer *> inputs) {
  size_t arity = isUnary(op) ? 1 : 2;
  bool variadic = op == Elementwise::max || op == Elementwise::min ||
                  op == Elementwise::sum;
  if (variadic ? inputs.empty() : inputs.size() != arity)
    return makeImportError(
        (variadic ? llvm::Twine("expected at least 1 input")
                  : "expected " + llvm::Twine(arity) +
                        (arity == 1 ? " input" : " inputs")) +
        ", but found " + llvm::Twine(inputs.size()));
  for (const Buffer *input : inputs)
    if (!input)
      return makeImportError("an input name is empty");
  ElementType type = inputs[0]->getElementType();
  Domain domain = getDomain(type);
  // Pow's exponent may have its own type; the other inputs share one.
  for (const Buffer *input : inputs.drop_front())
    if (op != Elementwise::pow && input->getElementType() != type)
      return makeImportError(
          "input element types " + getMlirName(type) + " and " +
          getMlirName(input->getElementType()) + " differ");
  if (isLogical(op) && domain != Domain::boolean)
    return makeImportError(opType + " takes BOOL inputs, but found " +
                           getMlirName(type));
  if (isFloatOnly(op) && domain != Domain::floating)
    return makeImportError(opType + " takes float inputs, but found " +
                           getMlirName(type));
  if (domain == Domain::boolean && !isLogical(op) && !isComparison(op))
    return makeImportError(opType + " does not take BOOL inputs");

  SmallVector<ArrayRef<int64_t>> shapes;
  for (const Buffer *input : inputs)
    shapes.push_back(input->getShape());
  llvm::Expected<SmallVector<int64_t>> shape = getBroadcastShape(shapes);
  if (!shape)
    return shape.takeError();
  ElementType resultType = isComparison(op) ? ElementType::i1 : type;
  llvm::Expected<Buffer> result = allocate(resultType, *shape);
  if (!result)
    return result.takeError();
  SmallVector<BroadcastIndexer> indexers;
  for (const Buffer *input : inputs)
    indexers.emplace_back(input->getShape(), *shape);
  int64_t count = result->getNumElements();
  void *out = result->getData();

  bool floating =
      domain == Domain::floating ||
      (op == Elementwise::pow &&
       getDomain(inputs[1]->getElementType()) == Domain::floating);
  for (int64_t i = 0; i < count; ++i) {
    if (floating) {
      double value = loadAsDouble(inputs[0]->getElementType(),
                                  inputs[0]->getData(), indexers[0].map(i));
      if (arity == 1)
        value = applyFloat(op, value, 0);
      for (size_t k = 1; k < inputs.size(); ++k)
        value = applyFloat(op, value,
                           loadAsDouble(inputs[k]->getElementType(),
                                        inputs[k]->getData(),
                                        indexers[k].map(i)));
      storeDouble(resultType, out, i, value);
      continue;
    }
    bool isSigned = domain == Domain::signedInt;
    uint64_t value = loadBits(type, inputs[0]->getData(), indexers[0].map(i));
    if (op == Elementwise::pow) {
      // Integer base and exponent: repeated multiplication, wrapping; a
      // negative exponent gives 0 (1 for a base of 1, +-1 for -1), as the
      // truncated real power.
      ElementType expType = inputs[1]->getElementType();
      uint64_t e = loadBits(expType, inputs[1]->getData(), indexers[1].map(i));
      bool negative = getDomain(expType) == Domain::signedInt &&
                      static_cast<int64_t>(e) < 0;
      if (negative) {
        auto base = static_cast<int64_t>(value);
        value = base == 1 ? 1
                : base == -1 && isSigned
                    ? ((static_cast<int64_t>(e) & 1) ? value : 1)
                    : 0;
      } else {
        uint64_t acc = 1, base = value;
        for (; e; e >>= 1, base *= base)
          if (e & 1)
            acc *= base;
        value = acc;
      }
    } else if (arity == 1) {
      llvm::Expected<uint64_t> v = applyInt(op, value, 0, isSigned);
      if (!v)
        return v.takeError();
      value = *v;
    } else {
      for (size_t k = 1; k < inputs.size(); ++k) {
        llvm::Expected<uint64_t> v =
            applyInt(op, value,
                     loadBits(type, inputs[k]->getData(), indexers[k].map(i)),
                     isSigned);
        if (!v)
          return v.takeError();
        value = *v;
      }
    }
    storeBits(resultType, out, i, value);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// The other ops
//===----------------------------------------------------------------------===//

/// Copies `data` into a new buffer of the same element count and `shape`.
llvm::Expected<Buffer> copyAs(const Buffer &data, ArrayRef<int64_t> shape) {
  llvm::Expected<Buffer> result = allocate(data.getElementType(), shape);
  if (!result)
    return result.takeError();
  if (result->getNumElements() != data.getNumElements())
    return makeImportError("cannot view " + formatShape(data.getShape()) +
                           " as " + formatShape(shape));
  if (data.getSizeInBytes())
    std::memcpy(result->getData(), data.getData(), data.getSizeInBytes());
  return result;
}

llvm::Expected<Buffer> expandBuffer(const Buffer &data,
                                    const Buffer &target) {
  llvm::Expected<SmallVector<int64_t>> shape =
      getExpandShape(data.getShape(), target);
  if (!shape)
    return shape.takeError();
  llvm::Expected<Buffer> result = allocate(data.getElementType(), *shape);
  if (!result)
    return result.takeError();
  BroadcastIndexer indexer(data.getShape(), *shape);
  size_t width = getByteWidth(data.getElementType());
  auto *out = static_cast<char *>(result->getData());
  const auto *in = static_cast<const char *>(data.getData());
  for (int64_t i = 0; i < result->getNumElements(); ++i)
    std::memcpy(out + i * width, in + indexer.map(i) * width, width);
  return result;
}

llvm::Expected<Buffer> gatherBuffer(const Buffer &data, const Buffer &indices,
                                    int64_t axisAttr) {
  int64_t rank = static_cast<int64_t>(data.getShape().size());
  if (rank == 0)
    return makeImportError("Gather needs data of rank at least 1");
  llvm::Expected<int64_t> axis = normalizeAxis(axisAttr, rank, "axis");
  if (!axis)
    return axis.takeError();
  if (indices.getElementType() != ElementType::i64 &&
      indices.getElementType() != ElementType::i32)
    return makeImportError("indices must be INT32 or INT64, but found " +
                           getMlirName(indices.getElementType()));
  ArrayRef<int64_t> dataShape = data.getShape();
  int64_t size = dataShape[*axis];
  SmallVector<int64_t> shape(dataShape.take_front(*axis));
  llvm::append_range(shape, indices.getShape());
  llvm::append_range(shape, dataShape.drop_front(*axis + 1));
  llvm::Expected<Buffer> result = allocate(data.getElementType(), shape);
  if (!result)
    return result.takeError();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < *axis; ++d)
    outer *= dataShape[d];
  for (int64_t d = *axis + 1; d < rank; ++d)
    inner *= dataShape[d];
  size_t block = inner * getByteWidth(data.getElementType());
  int64_t count = indices.getNumElements();
  auto *out = static_cast<char *>(result->getData());
  const auto *in = static_cast<const char *>(data.getData());
  for (int64_t k = 0; k < count; ++k) {
    int64_t index = loadAsInt64(indices.getElementType(), indices.getData(), k);
    if (index < -size || index >= size)
      return makeImportError("index " + llvm::Twine(index) +
                             " is out of range [" + llvm::Twine(-size) +
                             ", " + llvm::Twine(size - 1) + "] for axis " +
                             llvm::Twine(*axis) + " of size " +
                             llvm::Twine(size));
    if (index < 0)
      index += size;
    for (int64_t o = 0; o < outer; ++o)
      if (block)
        std::memcpy(out + (o * count + k) * block,
                    in + (o * size + index) * block, block);
  }
  return result;
}

llvm::Expected<Buffer> concatBuffers(ArrayRef<const Buffer *> inputs,
                                     int64_t axisAttr) {
  if (inputs.empty())
    return makeImportError("expected at least 1 input, but found 0");
  for (const Buffer *input : inputs)
    if (!input)
      return makeImportError("an input name is empty");
  const Buffer &first = *inputs[0];
  int64_t rank = static_cast<int64_t>(first.getShape().size());
  if (rank == 0)
    return makeImportError("Concat needs inputs of rank at least 1");
  llvm::Expected<int64_t> axis = normalizeAxis(axisAttr, rank, "axis");
  if (!axis)
    return axis.takeError();
  SmallVector<int64_t> shape(first.getShape());
  shape[*axis] = 0;
  for (const Buffer *input : inputs) {
    ArrayRef<int64_t> inShape = input->getShape();
    bool same = input->getElementType() == first.getElementType() &&
                static_cast<int64_t>(inShape.size()) == rank;
    for (int64_t d = 0; same && d < rank; ++d)
      same = d == *axis || inShape[d] == first.getShape()[d];
    if (!same)
      return makeImportError(
          "inputs of shapes " + formatShape(first.getShape()) + " " +
          getMlirName(first.getElementType()) + " and " +
          formatShape(inShape) + " " + getMlirName(input->getElementType()) +
          " do not concatenate along axis " + llvm::Twine(*axis));
    shape[*axis] += inShape[*axis];
  }
  llvm::Expected<Buffer> result = allocate(first.getElementType(), shape);
  if (!result)
    return result.takeError();
  int64_t outer = 1;
  for (int64_t d = 0; d < *axis; ++d)
    outer *= shape[d];
  size_t width = getByteWidth(first.getElementType());
  auto *out = static_cast<char *>(result->getData());
  for (int64_t o = 0; o < outer; ++o)
    for (const Buffer *input : inputs) {
      size_t block = input->getNumElements() / std::max<int64_t>(outer, 1) *
                     width;
      if (block)
        std::memcpy(out, static_cast<const char *>(input->getData()) +
                             o * block,
                    block);
      out += block;
    }
  return result;
}

/// An error unless there are exactly `n` inputs, none absent.
llvm::Error expectInputs(ArrayRef<const Buffer *> inputs, size_t n) {
  if (inputs.size() == n &&
      llvm::all_of(inputs, [](const Buffer *b) { return b != nullptr; }))
    return llvm::Error::success();
  return makeImportError("expected " + llvm::Twine(n) + " input" +
                         (n == 1 ? "" : "s") + ", but found " +
                         llvm::Twine(inputs.size()));
}

} // namespace

//===----------------------------------------------------------------------===//
// The folders of the ops
//===----------------------------------------------------------------------===//

/// With ONNX's clamping of out-of-range starts and ends.
llvm::Expected<Buffer> onnx_import::foldSlice(const FoldInputs &in,
                                              bool rangesAsInputs) {
  NodeAttributes attributes(in.node);
  ArrayRef<const Buffer *> inputs = in.inputs;
  if (inputs.empty() || !inputs[0])
    return makeImportError("expected the data input");
  const Buffer &data = *inputs[0];
  SmallVector<int64_t> starts, ends, axes, steps;
  if (!rangesAsInputs) {
    if (llvm::Error error = attributes.checkKnown({"starts", "ends", "axes"}))
      return std::move(error);
    if (inputs.size() != 1)
      return makeImportError("expected 1 input before Slice-10, but found " +
                             llvm::Twine(inputs.size()));
    for (auto [name, list] :
         {std::pair<llvm::StringRef, SmallVector<int64_t> *>{"starts",
                                                              &starts},
          {"ends", &ends},
          {"axes", &axes}}) {
      llvm::Expected<std::optional<SmallVector<int64_t>>> values =
          attributes.getInts(name);
      if (!values)
        return values.takeError();
      if (!*values && name != "axes")
        return makeImportError("attribute '" + name + "' is missing");
      if (*values)
        *list = std::move(**values);
    }
  } else {
    if (llvm::Error error = attributes.checkKnown({}))
      return std::move(error);
    if (inputs.size() < 3 || inputs.size() > 5 || !inputs[1] || !inputs[2])
      return makeImportError(
          "expected 3 to 5 inputs (data, starts, ends, axes, steps)");
    llvm::StringRef names[] = {"", "starts", "ends", "axes", "steps"};
    SmallVector<int64_t> *lists[] = {nullptr, &starts, &ends, &axes, &steps};
    for (size_t k = 1; k < inputs.size(); ++k) {
      if (!inputs[k])
        continue;
      const Buffer &values = *inputs[k];
      if ((values.getElementType() != ElementType::i64 &&
           values.getElementType() != ElementType::i32) ||
          values.getShape().size() != 1)
        return makeImportError(names[k] +
                               " must be a 1-D INT32 or INT64 tensor");
      for (int64_t i = 0; i < values.getNumElements(); ++i)
        lists[k]->push_back(
            loadAsInt64(values.getElementType(), values.getData(), i));
    }
  }
  auto rank = static_cast<int64_t>(data.getShape().size());
  if (axes.empty())
    axes = llvm::to_vector(llvm::seq<int64_t>(0, starts.size()));
  if (steps.empty())
    steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() ||
      steps.size() != starts.size())
    return makeImportError("starts, ends, axes and steps have different "
                           "lengths");
  SmallVector<int64_t> first(rank, 0), step(rank, 1);
  SmallVector<int64_t> shape(data.getShape());
  SmallVector<bool> seen(rank, false);
  for (size_t k = 0; k < starts.size(); ++k) {
    llvm::Expected<int64_t> axis = normalizeAxis(axes[k], rank, "axis");
    if (!axis)
      return axis.takeError();
    if (seen[*axis])
      return makeImportError("axis " + llvm::Twine(axes[k]) +
                             " is repeated");
    seen[*axis] = true;
    int64_t size = data.getShape()[*axis], s = steps[k];
    if (s == 0)
      return makeImportError("a step is 0");
    auto clamp = [&](int64_t value, int64_t low, int64_t high) {
      if (value < 0)
        value = value < -size ? -1 : value + size;
      return std::min(std::max(value, low), high);
    };
    int64_t start = s > 0 ? clamp(starts[k], 0, size)
                          : clamp(starts[k], 0, size - 1);
    int64_t end = s > 0 ? clamp(ends[k], 0, size) : clamp(ends[k], -1, size - 1);
    // Without overflow for any step: a magnitude beyond the size takes one
    // element.
    int64_t magnitude = s > 0 ? s
                        : s == std::numeric_limits<int64_t>::min()
                            ? std::numeric_limits<int64_t>::max()
                            : -s;
    int64_t span = s > 0 ? end - start : start - end;
    int64_t count = span > 0 ? (span - 1) / magnitude + 1 : 0;
    first[*axis] = start;
    step[*axis] = s;
    shape[*axis] = count;
  }
  llvm::Expected<Buffer> result = allocate(data.getElementType(), shape);
  if (!result)
    return result.takeError();
  SmallVector<int64_t> inStrides = getStrides(data.getShape());
  SmallVector<int64_t> outStrides = getStrides(shape);
  size_t width = getByteWidth(data.getElementType());
  auto *out = static_cast<char *>(result->getData());
  const auto *source = static_cast<const char *>(data.getData());
  for (int64_t i = 0; i < result->getNumElements(); ++i) {
    int64_t rest = i, from = 0;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t index = rest / outStrides[d];
      rest %= outStrides[d];
      from += (first[d] + index * step[d]) * inStrides[d];
    }
    std::memcpy(out + i * width, source + from * width, width);
  }
  return result;
}

llvm::Expected<Buffer> onnx_import::foldRange(const FoldInputs &in) {
  if (llvm::Error error = NodeAttributes(in.node).checkKnown({}))
    return std::move(error);
  ArrayRef<const Buffer *> inputs = in.inputs;
  if (inputs.size() != 3 || !inputs[0] || !inputs[1] || !inputs[2])
    return makeImportError("expected 3 inputs (start, limit, delta)");
  ElementType type = inputs[0]->getElementType();
  for (const Buffer *input : inputs)
    if (!input->getShape().empty() || input->getElementType() != type)
      return makeImportError(
          "start, limit and delta must be scalars of one element type");
  if (isBool(type))
    return makeImportError("Range does not take BOOL inputs");
  double start = loadAsDouble(type, inputs[0]->getData(), 0);
  double limit = loadAsDouble(type, inputs[1]->getData(), 0);
  double delta = loadAsDouble(type, inputs[2]->getData(), 0);
  if (delta == 0 || std::isnan(delta) || std::isnan(start) ||
      std::isnan(limit))
    return makeImportError("delta is 0 or a value is NaN");
  // The count ceil((limit - start) / delta), exact for 64-bit integers.
  double steps;
  if (isFloat(type)) {
    steps = std::ceil((limit - start) / delta);
  } else {
    auto read = [&](int k) -> __int128 {
      return isUnsigned(type)
                 ? static_cast<__int128>(
                       loadAsUInt64(type, inputs[k]->getData(), 0))
                 : static_cast<__int128>(
                       loadAsInt64(type, inputs[k]->getData(), 0));
    };
    __int128 span = read(1) - read(0), step = read(2);
    __int128 quotient = span / step;
    if (quotient * step != span && ((span > 0) == (step > 0)))
      ++quotient;
    steps = static_cast<double>(quotient);
  }
  if (!(steps <= static_cast<double>(kMaxFoldedElements)))
    return makeImportError("the range would have more than " +
                           llvm::Twine(kMaxFoldedElements) + " elements");
  int64_t count = std::max<int64_t>(0, static_cast<int64_t>(steps));
  llvm::Expected<Buffer> result = allocate(type, {count});
  if (!result)
    return result.takeError();
  if (isFloat(type)) {
    for (int64_t i = 0; i < count; ++i)
      storeDouble(type, result->getData(), i, start + i * delta);
  } else {
    uint64_t s = loadBits(type, inputs[0]->getData(), 0);
    uint64_t d = loadBits(type, inputs[2]->getData(), 0);
    for (int64_t i = 0; i < count; ++i)
      storeBits(type, result->getData(), i, s + static_cast<uint64_t>(i) * d);
  }
  return result;
}

llvm::Expected<Buffer> onnx_import::foldClip(const FoldInputs &in,
                                             bool boundsAsInputs) {
  NodeAttributes attributes(in.node);
  ArrayRef<const Buffer *> inputs = in.inputs;
  if (inputs.empty() || !inputs[0])
    return makeImportError("expected the input to clip");
  const Buffer &x = *inputs[0];
  ElementType type = x.getElementType();
  if (isBool(type))
    return makeImportError("Clip does not take BOOL inputs");
  double lo = -INFINITY, hi = INFINITY;
  if (!boundsAsInputs) {
    if (llvm::Error error = attributes.checkKnown({"min", "max"}))
      return std::move(error);
    if (inputs.size() != 1)
      return makeImportError("expected 1 input before Clip-11, but found " +
                             llvm::Twine(inputs.size()));
    llvm::Expected<float> min = attributes.getFloat("min", -INFINITY);
    llvm::Expected<float> max = attributes.getFloat("max", INFINITY);
    if (!min)
      return min.takeError();
    if (!max)
      return max.takeError();
    lo = *min;
    hi = *max;
  } else {
    if (llvm::Error error = attributes.checkKnown({}))
      return std::move(error);
    if (inputs.size() > 3)
      return makeImportError("expected 1 to 3 inputs, but found " +
                             llvm::Twine(inputs.size()));
    for (size_t k = 1; k < inputs.size(); ++k) {
      if (!inputs[k])
        continue;
      if (inputs[k]->getElementType() != type ||
          inputs[k]->getNumElements() != 1 || inputs[k]->getShape().size() > 1)
        return makeImportError(llvm::Twine(k == 1 ? "min" : "max") +
                               " must be a scalar of the input's type");
    }
  }
  llvm::Expected<Buffer> result = allocate(type, x.getShape());
  if (!result)
    return result.takeError();
  bool hasLo = !boundsAsInputs || (inputs.size() > 1 && inputs[1]);
  bool hasHi = !boundsAsInputs || (inputs.size() > 2 && inputs[2]);
  for (int64_t i = 0; i < x.getNumElements(); ++i) {
    if (isFloat(type)) {
      double v = loadAsDouble(type, x.getData(), i);
      double l = !boundsAsInputs || !hasLo ? lo
                                      : loadAsDouble(type, inputs[1]->getData(), 0);
      double h = !boundsAsInputs || !hasHi ? hi
                                      : loadAsDouble(type, inputs[2]->getData(), 0);
      if (!std::isnan(v))
        v = std::min(std::max(v, l), h);
      storeDouble(type, result->getData(), i, v);
      continue;
    }
    bool isSigned = getDomain(type) == Domain::signedInt;
    auto less = [&](uint64_t a, uint64_t b) {
      return isSigned ? static_cast<int64_t>(a) < static_cast<int64_t>(b)
                      : a < b;
    };
    uint64_t v = loadBits(type, x.getData(), i);
    if (!boundsAsInputs) {
      // The float bounds of Clip-1/6 apply to float inputs only.
      return makeImportError("Clip before opset 11 takes float inputs");
    }
    if (hasLo) {
      uint64_t l = loadBits(type, inputs[1]->getData(), 0);
      if (less(v, l))
        v = l;
    }
    if (hasHi) {
      uint64_t h = loadBits(type, inputs[2]->getData(), 0);
      if (less(h, v))
        v = h;
    }
    storeBits(type, result->getData(), i, v);
  }
  return result;
}

llvm::Expected<Buffer> onnx_import::foldWhere(const FoldInputs &in) {
  if (llvm::Error error = NodeAttributes(in.node).checkKnown({}))
    return std::move(error);
  ArrayRef<const Buffer *> inputs = in.inputs;
  if (inputs.size() != 3 || !inputs[0] || !inputs[1] || !inputs[2])
    return makeImportError("expected 3 inputs (condition, X, Y)");
  if (!isBool(inputs[0]->getElementType()))
    return makeImportError("the condition must be BOOL, but found " +
                           getMlirName(inputs[0]->getElementType()));
  ElementType type = inputs[1]->getElementType();
  if (inputs[2]->getElementType() != type)
    return makeImportError("input element types " + getMlirName(type) +
                           " and " + getMlirName(inputs[2]->getElementType()) +
                           " differ");
  llvm::Expected<SmallVector<int64_t>> shape = getBroadcastShape(
      {inputs[0]->getShape(), inputs[1]->getShape(), inputs[2]->getShape()});
  if (!shape)
    return shape.takeError();
  llvm::Expected<Buffer> result = allocate(type, *shape);
  if (!result)
    return result.takeError();
  BroadcastIndexer c(inputs[0]->getShape(), *shape),
      x(inputs[1]->getShape(), *shape), y(inputs[2]->getShape(), *shape);
  size_t width = getByteWidth(type);
  auto *out = static_cast<char *>(result->getData());
  const auto *cond = static_cast<const uint8_t *>(inputs[0]->getData());
  for (int64_t i = 0; i < result->getNumElements(); ++i) {
    bool pick = cond[c.map(i)] != 0;
    const auto *src = static_cast<const char *>(
        inputs[pick ? 1 : 2]->getData());
    std::memcpy(out + i * width, src + (pick ? x.map(i) : y.map(i)) * width,
                width);
  }
  return result;
}

llvm::Expected<Buffer> onnx_import::foldConstantOfShape(const FoldInputs &in) {
  if (llvm::Error error = expectInputs(in.inputs, 1))
    return std::move(error);
  const Buffer &shapeData = *in.inputs[0];
  NodeAttributes attributes(in.node);
  if (llvm::Error error = attributes.checkKnown({"value"}))
    return std::move(error);
  llvm::Expected<SmallVector<int64_t>> shape = readShapeInput(shapeData);
  if (!shape)
    return shape.takeError();
  std::optional<Buffer> value;
  if (const onnx::AttributeProto *attribute = attributes.find("value")) {
    if (llvm::Error error = NodeAttributes::checkType(
            *attribute, onnx::AttributeProto::TENSOR, "TENSOR"))
      return std::move(error);
    llvm::Expected<Buffer> tensor = readTensor(attribute->t(), in.modelDir);
    if (!tensor)
      return tensor.takeError();
    if (tensor->getNumElements() != 1)
      return makeImportError("attribute 'value' must hold one element, but "
                             "it has " +
                             llvm::Twine(tensor->getNumElements()));
    value = std::move(*tensor);
  }
  ElementType type = value ? value->getElementType() : ElementType::f32;
  llvm::Expected<Buffer> result = allocate(type, *shape);
  if (!result)
    return result.takeError();
  if (value) {
    size_t width = getByteWidth(type);
    auto *out = static_cast<char *>(result->getData());
    for (int64_t i = 0; i < result->getNumElements(); ++i)
      std::memcpy(out + i * width, value->getData(), width);
  }
  return result;
}

llvm::Expected<Buffer> onnx_import::foldCast(const FoldInputs &in) {
  if (llvm::Error error = expectInputs(in.inputs, 1))
    return std::move(error);
  const Buffer &input = *in.inputs[0];
  NodeAttributes attributes(in.node);
  if (llvm::Error error = attributes.checkKnown({"to", "saturate"}))
    return std::move(error);
  const onnx::AttributeProto *to = attributes.find("to");
  if (!to)
    return makeImportError("attribute 'to' is missing");
  llvm::Expected<int64_t> dataType = attributes.getInt("to", 0);
  if (!dataType)
    return dataType.takeError();
  std::optional<ElementType> type =
      getElementType(static_cast<int32_t>(*dataType));
  if (!type)
    return makeImportError("cannot cast to " +
                           getDataTypeName(static_cast<int32_t>(*dataType)) +
                           ": expected " + getSupportedDataTypesText());
  llvm::Expected<Buffer> result = allocate(*type, input.getShape());
  if (!result)
    return result.takeError();
  for (int64_t i = 0; i < input.getNumElements(); ++i)
    convertElement(input.getElementType(), input.getData(), i, *type,
                   result->getData(), i);
  return result;
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<int64_t>>
onnx_import::getBroadcastShape(ArrayRef<ArrayRef<int64_t>> shapes) {
  size_t rank = 0;
  for (ArrayRef<int64_t> shape : shapes)
    rank = std::max(rank, shape.size());
  SmallVector<int64_t> result(rank, 1);
  for (ArrayRef<int64_t> shape : shapes) {
    size_t offset = rank - shape.size();
    for (size_t d = 0; d < shape.size(); ++d) {
      int64_t &dim = result[offset + d];
      if (shape[d] == dim || shape[d] == 1)
        continue;
      if (dim != 1)
        return makeImportError("shapes " + formatShapes(shapes) +
                               " do not broadcast (dimension " +
                               llvm::Twine(offset + d) + ": " +
                               llvm::Twine(dim) + " vs " +
                               llvm::Twine(shape[d]) + ")");
      dim = shape[d];
    }
  }
  return result;
}

llvm::Expected<SmallVector<int64_t>>
onnx_import::readShapeInput(const Buffer &data) {
  llvm::Expected<SmallVector<int64_t>> dims = readInts(data, "the shape input");
  if (!dims)
    return dims.takeError();
  for (int64_t dim : *dims)
    if (dim < 0)
      return makeImportError("the shape " + formatShape(*dims) +
                             " has a negative dimension");
  return dims;
}

llvm::Expected<SmallVector<int64_t>>
onnx_import::getExpandShape(ArrayRef<int64_t> shape, const Buffer &target) {
  llvm::Expected<SmallVector<int64_t>> dims = readShapeInput(target);
  if (!dims)
    return dims.takeError();
  return getBroadcastShape({shape, *dims});
}

Buffer onnx_import::getShapeTensor(ArrayRef<int64_t> shape, int64_t start,
                                   std::optional<int64_t> end) {
  auto rank = static_cast<int64_t>(shape.size());
  auto clamp = [&](int64_t value) {
    if (value < 0)
      value += rank;
    return std::min(std::max<int64_t>(value, 0), rank);
  };
  int64_t first = clamp(start), last = end ? clamp(*end) : rank;
  int64_t count = std::max<int64_t>(last - first, 0);
  Buffer result(ElementType::i64, {count});
  for (int64_t k = 0; k < count; ++k)
    result.getElements<int64_t>()[k] = shape[first + k];
  return result;
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// The number of elements of `shape`, or an error.
static llvm::Expected<int64_t> countElements(ArrayRef<int64_t> shape) {
  std::optional<int64_t> count = getNumElements(shape);
  if (!count)
    return makeImportError("the input has too many elements");
  return *count;
}

/// The dims of Reshape's shape input `target` for an input of `shape`
/// (`count` elements): 0 copies the input dim unless `allowZero`, one -1 is
/// inferred.
static llvm::Expected<SmallVector<int64_t>>
resolveReshapeTarget(ArrayRef<int64_t> target, ArrayRef<int64_t> shape,
                     int64_t count, bool allowZero) {
  auto rank = static_cast<int64_t>(shape.size());
  SmallVector<int64_t> result;
  std::optional<size_t> inferred;
  int64_t known = 1;
  for (auto [d, value] : llvm::enumerate(target)) {
    int64_t dim = value;
    if (dim == -1) {
      if (inferred)
        return makeImportError("the shape " + formatShape(target) +
                               " has more than one -1");
      inferred = d;
      result.push_back(1);
      continue;
    }
    if (dim == 0 && !allowZero) {
      if (static_cast<int64_t>(d) >= rank)
        return makeImportError("the shape " + formatShape(target) +
                               " copies dimension " + llvm::Twine(d) +
                               " of an input of rank " + llvm::Twine(rank));
      dim = shape[d];
    }
    if (dim < 0)
      return makeImportError("the shape " + formatShape(target) +
                             " has an invalid dimension " + llvm::Twine(dim));
    result.push_back(dim);
    if (dim && known > std::numeric_limits<int64_t>::max() / dim)
      return makeImportError("the shape " + formatShape(target) +
                             " has too many elements");
    known *= dim;
  }
  if (inferred) {
    if (known == 0 || count % known != 0)
      return makeImportError("cannot reshape " + formatShape(shape) + " (" +
                             llvm::Twine(count) + " elements) to " +
                             formatShape(target));
    result[*inferred] = count / known;
  } else if (known != count) {
    return makeImportError("cannot reshape " + formatShape(shape) + " (" +
                           llvm::Twine(count) + " elements) to " +
                           formatShape(result) + " (" + llvm::Twine(known) +
                           " elements)");
  }
  return result;
}

llvm::Expected<SmallVector<int64_t>>
onnx_import::getReshapeShape(const onnx::NodeProto &node, bool hasAllowZero,
                             ArrayRef<int64_t> shape,
                             ArrayRef<const Buffer *> inputs) {
  llvm::Expected<int64_t> count = countElements(shape);
  if (!count)
    return count.takeError();
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown(
          hasAllowZero ? ArrayRef<llvm::StringRef>{"allowzero"}
                       : ArrayRef<llvm::StringRef>{}))
    return std::move(error);
  llvm::Expected<bool> allowZero = attributes.getBool("allowzero", false);
  if (!allowZero)
    return allowZero.takeError();
  if (inputs.size() != 1 || !inputs[0])
    return makeImportError("expected 2 inputs (data, shape)");
  llvm::Expected<SmallVector<int64_t>> target =
      readInts(*inputs[0], "the shape input");
  if (!target)
    return target.takeError();
  return resolveReshapeTarget(*target, shape, *count, *allowZero);
}

llvm::Expected<SmallVector<int64_t>>
onnx_import::getFlattenShape(const onnx::NodeProto &node,
                             ArrayRef<int64_t> shape,
                             ArrayRef<const Buffer *> inputs) {
  llvm::Expected<int64_t> count = countElements(shape);
  if (!count)
    return count.takeError();
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown({"axis"}))
    return std::move(error);
  if (!inputs.empty())
    return makeImportError("expected 1 input, but found " +
                           llvm::Twine(inputs.size() + 1));
  llvm::Expected<int64_t> axis = attributes.getInt("axis", 1);
  if (!axis)
    return axis.takeError();
  auto rank = static_cast<int64_t>(shape.size());
  if (*axis < -rank || *axis > rank)
    return makeImportError("axis " + llvm::Twine(*axis) +
                           " is out of range [" + llvm::Twine(-rank) + ", " +
                           llvm::Twine(rank) + "]");
  int64_t split = *axis < 0 ? *axis + rank : *axis;
  int64_t outer = 1;
  for (int64_t d = 0; d < split; ++d)
    outer *= shape[d];
  return SmallVector<int64_t>{outer, outer ? *count / outer : 0};
}

/// The axes of Squeeze or Unsqueeze on data of `shape`: the attribute
/// before 13, the (optional) input from 13 on; nullopt when absent.
static llvm::Expected<std::optional<SmallVector<int64_t>>>
readViewAxes(const onnx::NodeProto &node, bool axesAsInput,
             ArrayRef<int64_t> shape, ArrayRef<const Buffer *> inputs) {
  if (llvm::Expected<int64_t> count = countElements(shape); !count)
    return count.takeError();
  NodeAttributes attributes(node);
  if (llvm::Error error = attributes.checkKnown(
          axesAsInput ? ArrayRef<llvm::StringRef>{}
                      : ArrayRef<llvm::StringRef>{"axes"}))
    return std::move(error);
  if (!axesAsInput) {
    if (!inputs.empty())
      return makeImportError("expected 1 input (the axes are an attribute "
                             "before opset 13)");
    return attributes.getInts("axes");
  }
  if (inputs.size() > 1)
    return makeImportError("expected 1 or 2 inputs (data, axes)");
  if (inputs.empty() || !inputs[0])
    return std::nullopt;
  llvm::Expected<SmallVector<int64_t>> values =
      readInts(*inputs[0], "the axes input", /*allowScalar=*/true);
  if (!values)
    return values.takeError();
  return std::optional<SmallVector<int64_t>>(std::move(*values));
}

llvm::Expected<SmallVector<int64_t>>
onnx_import::getSqueezeShape(const onnx::NodeProto &node, bool axesAsInput,
                             ArrayRef<int64_t> shape,
                             ArrayRef<const Buffer *> inputs) {
  llvm::Expected<std::optional<SmallVector<int64_t>>> axes =
      readViewAxes(node, axesAsInput, shape, inputs);
  if (!axes)
    return axes.takeError();
  auto rank = static_cast<int64_t>(shape.size());
  SmallVector<bool> drop(rank, false);
  if (!*axes) {
    for (int64_t d = 0; d < rank; ++d)
      drop[d] = shape[d] == 1;
  } else {
    for (int64_t axis : **axes) {
      llvm::Expected<int64_t> d = normalizeAxis(axis, rank, "axis");
      if (!d)
        return d.takeError();
      if (shape[*d] != 1)
        return makeImportError("cannot squeeze dimension " + llvm::Twine(*d) +
                               " of size " + llvm::Twine(shape[*d]) +
                               " (shape " + formatShape(shape) + ")");
      drop[*d] = true;
    }
  }
  SmallVector<int64_t> result;
  for (int64_t d = 0; d < rank; ++d)
    if (!drop[d])
      result.push_back(shape[d]);
  return result;
}

llvm::Expected<SmallVector<int64_t>>
onnx_import::getUnsqueezeShape(const onnx::NodeProto &node, bool axesAsInput,
                               ArrayRef<int64_t> shape,
                               ArrayRef<const Buffer *> inputs) {
  llvm::Expected<std::optional<SmallVector<int64_t>>> axes =
      readViewAxes(node, axesAsInput, shape, inputs);
  if (!axes)
    return axes.takeError();
  if (!*axes)
    return makeImportError(axesAsInput ? "expected 2 inputs (data, axes)"
                                       : "attribute 'axes' is missing");
  auto rank = static_cast<int64_t>(shape.size());
  int64_t outRank = rank + static_cast<int64_t>((*axes)->size());
  SmallVector<bool> inserted(outRank, false);
  for (int64_t axis : **axes) {
    llvm::Expected<int64_t> d = normalizeAxis(axis, outRank, "axis");
    if (!d)
      return d.takeError();
    if (inserted[*d])
      return makeImportError("axis " + llvm::Twine(axis) + " is repeated");
    inserted[*d] = true;
  }
  SmallVector<int64_t> result;
  size_t next = 0;
  for (int64_t d = 0; d < outRank; ++d)
    result.push_back(inserted[d] ? 1 : shape[next++]);
  return result;
}

llvm::Expected<Buffer> onnx_import::foldView(const FoldInputs &in,
                                             const ViewShapeFn &getShape) {
  if (in.inputs.empty() || !in.inputs[0])
    return makeImportError("expected the data input");
  llvm::Expected<SmallVector<int64_t>> shape =
      getShape(in.node, in.inputs[0]->getShape(), in.inputs.drop_front());
  if (!shape)
    return shape.takeError();
  return copyAs(*in.inputs[0], *shape);
}

//===----------------------------------------------------------------------===//
// Elementwise, Identity, Gather, Expand, Concat
//===----------------------------------------------------------------------===//

OpFolder onnx_import::getElementwiseFolder(Elementwise op) {
  return [op](const FoldInputs &in) -> llvm::Expected<Buffer> {
    if (llvm::Error error = NodeAttributes(in.node).checkKnown({}))
      return std::move(error);
    if (in.opset < 7 && !isUnary(op))
      return makeImportError(in.node.op_type() +
                             " before opset 7 (with the 'broadcast' "
                             "attribute) is not supported");
    return foldElementwise(op, in.node.op_type(), in.inputs);
  };
}

llvm::Expected<Buffer> onnx_import::foldIdentity(const FoldInputs &in) {
  if (llvm::Error error = NodeAttributes(in.node).checkKnown({}))
    return std::move(error);
  if (llvm::Error error = expectInputs(in.inputs, 1))
    return std::move(error);
  return copyAs(*in.inputs[0], in.inputs[0]->getShape());
}

llvm::Expected<Buffer> onnx_import::foldGather(const FoldInputs &in) {
  NodeAttributes attributes(in.node);
  if (llvm::Error error = attributes.checkKnown({"axis"}))
    return std::move(error);
  if (llvm::Error error = expectInputs(in.inputs, 2))
    return std::move(error);
  llvm::Expected<int64_t> axis = attributes.getInt("axis", 0);
  if (!axis)
    return axis.takeError();
  return gatherBuffer(*in.inputs[0], *in.inputs[1], *axis);
}

llvm::Expected<Buffer> onnx_import::foldExpand(const FoldInputs &in) {
  if (llvm::Error error = NodeAttributes(in.node).checkKnown({}))
    return std::move(error);
  if (llvm::Error error = expectInputs(in.inputs, 2))
    return std::move(error);
  return expandBuffer(*in.inputs[0], *in.inputs[1]);
}

llvm::Expected<Buffer> onnx_import::foldConcat(const FoldInputs &in) {
  NodeAttributes attributes(in.node);
  if (llvm::Error error = attributes.checkKnown({"axis"}))
    return std::move(error);
  if (!attributes.find("axis"))
    return makeImportError("attribute 'axis' is missing");
  llvm::Expected<int64_t> axis = attributes.getInt("axis", 0);
  if (!axis)
    return axis.takeError();
  return concatBuffers(in.inputs, *axis);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

std::optional<Buffer> onnx_import::foldReduction(ReductionKind kind,
                                                 const Buffer &input,
                                                 ArrayRef<int64_t> dims,
                                                 bool keepDims) {
  ElementType type = input.getElementType();
  if (isBool(type) ||
      !llvm::is_contained({ReductionKind::sum, ReductionKind::prod,
                           ReductionKind::min, ReductionKind::max,
                           ReductionKind::mean},
                          kind))
    return std::nullopt;
  ArrayRef<int64_t> shape = input.getShape();
  auto rank = static_cast<int64_t>(shape.size());
  SmallVector<bool> reduced(rank, false);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return std::nullopt;
    reduced[d] = true;
  }
  SmallVector<int64_t> outShape, keptShape;
  int64_t groupSize = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (reduced[d]) {
      groupSize *= shape[d];
      if (keepDims)
        outShape.push_back(1);
      keptShape.push_back(1);
    } else {
      outShape.push_back(shape[d]);
      keptShape.push_back(shape[d]);
    }
  }
  // An empty set has no minimum or maximum the folder could pick; the
  // dialect op defines it.
  if (groupSize == 0 &&
      (kind == ReductionKind::min || kind == ReductionKind::max ||
       kind == ReductionKind::mean))
    return std::nullopt;
  Buffer result(type, outShape);
  int64_t outCount = result.getNumElements();
  bool floating = isFloat(type);
  bool isSigned = getDomain(type) == Domain::signedInt;
  SmallVector<double> acc(outCount, kind == ReductionKind::prod ? 1.0 : 0.0);
  SmallVector<uint64_t> iacc(outCount, kind == ReductionKind::prod ? 1 : 0);
  SmallVector<bool> seen(outCount, false);
  SmallVector<int64_t> inStrides = getStrides(shape);
  SmallVector<int64_t> outStrides = getStrides(keptShape);
  for (int64_t i = 0; i < input.getNumElements(); ++i) {
    int64_t rest = i, o = 0;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t index = rest / inStrides[d];
      rest %= inStrides[d];
      if (!reduced[d])
        o += index * outStrides[d];
    }
    if (floating) {
      double v = loadAsDouble(type, input.getData(), i);
      double &a = acc[o];
      switch (kind) {
      case ReductionKind::sum:
      case ReductionKind::mean:
        a += v;
        break;
      case ReductionKind::prod:
        a *= v;
        break;
      case ReductionKind::min:
        a = !seen[o] ? v : (std::isnan(a) || std::isnan(v)) ? NAN
                                                              : std::min(a, v);
        break;
      default:
        a = !seen[o] ? v : (std::isnan(a) || std::isnan(v)) ? NAN
                                                              : std::max(a, v);
        break;
      }
    } else {
      uint64_t v = loadBits(type, input.getData(), i);
      uint64_t &a = iacc[o];
      auto less = [&](uint64_t x, uint64_t y) {
        return isSigned ? static_cast<int64_t>(x) < static_cast<int64_t>(y)
                        : x < y;
      };
      switch (kind) {
      case ReductionKind::sum:
      case ReductionKind::mean:
        a += v;
        break;
      case ReductionKind::prod:
        a *= v;
        break;
      case ReductionKind::min:
        a = !seen[o] || less(v, a) ? v : a;
        break;
      default:
        a = !seen[o] || less(a, v) ? v : a;
        break;
      }
    }
    seen[o] = true;
  }
  // An integer mean whose sum wrapped would differ from the dialect's exact
  // mean: leave it to the dialect.
  if (!floating && kind == ReductionKind::mean)
    return std::nullopt;
  for (int64_t o = 0; o < outCount; ++o) {
    if (floating)
      storeDouble(type, result.getData(), o,
                  kind == ReductionKind::mean ? acc[o] / groupSize : acc[o]);
    else
      storeBits(type, result.getData(), o, iacc[o]);
  }
  return result;
}
