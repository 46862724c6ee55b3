//===- Elementwise.cpp - Elementwise ops of imported models -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The elementwise ops the ONNX and OpenVINO importers share, as plain
// upstream IR that the reduce pipeline compiles and fuses: arith and math ops
// on ranked tensors of one shape. An operand whose shape differs from the
// result's is broadcast by dropping its unit dims (`tensor.collapse_shape`)
// and `linalg.broadcast` into a `tensor.empty` of the result's shape, the
// form the fusion passes (lib/Transforms/Fusion) recognize. Unsigned integer
// tensors are bitcast to signless ones around the arith ops, which take
// signless integers only (reduce-signless removes the bitcasts).
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/ModelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mlir::reduce;

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

static std::string formatDim(int64_t dim) {
  return ShapedType::isDynamic(dim) ? std::string("?") : std::to_string(dim);
}

/// Checks that the static dims of `shape` have a product that fits in
/// int64_t (a broadcast of two valid shapes may not).
static llvm::Error checkElementCount(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      continue;
    if (dim != 0 && count > INT64_MAX / dim)
      return makeImportError("the shape " + formatDynamicShape(shape) +
                             " has more elements than fit in 64 bits");
    count *= dim;
  }
  return llvm::Error::success();
}

/// The numpy broadcast of `a` and `b`; the error names them as `what`
/// ("operands of shapes A and B do not broadcast (dim i: x vs y)").
static llvm::Expected<llvm::SmallVector<int64_t>>
broadcastShapesImpl(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b,
                    llvm::StringRef what) {
  size_t rank = std::max(a.size(), b.size());
  llvm::SmallVector<int64_t> result(rank);
  for (size_t i = 0; i < rank; ++i) {
    // Dims right-aligned; a missing dim is 1.
    size_t fromEnd = rank - 1 - i;
    int64_t da = fromEnd < a.size() ? a[a.size() - 1 - fromEnd] : 1;
    int64_t db = fromEnd < b.size() ? b[b.size() - 1 - fromEnd] : 1;
    if (da == db || db == 1) {
      result[i] = da;
      continue;
    }
    if (da == 1) {
      result[i] = db;
      continue;
    }
    // A dynamic size may be 1 at run time; the IR needs to know.
    bool dynamic = ShapedType::isDynamic(da) || ShapedType::isDynamic(db);
    return makeImportError(
        what + " " + formatDynamicShape(a) + " and " + formatDynamicShape(b) +
        " do not broadcast (dim " + llvm::Twine(i) + ": " + formatDim(da) +
        " vs " + formatDim(db) +
        (dynamic ? "; a dynamic size matches only 1 or a dynamic size)" : ")"));
  }
  if (llvm::Error error = checkElementCount(result))
    return std::move(error);
  return result;
}

llvm::Expected<llvm::SmallVector<int64_t>>
mlir::reduce::broadcastShapes(llvm::ArrayRef<int64_t> a,
                              llvm::ArrayRef<int64_t> b) {
  return broadcastShapesImpl(a, b, "operands of shapes");
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

namespace {
/// What the element type of an operand is, for choosing the ops.
struct ElementInfo {
  /// The element type as written (unsigned integers included).
  Type type;
  bool isFloat = false;
  /// Unsigned integers and i1 (compared, extended and divided as unsigned).
  bool isUnsigned = false;
  bool isBool = false;

  /// The type the arith ops see: signless for integers.
  Type getSignless() const {
    if (auto intType = dyn_cast<IntegerType>(type))
      return IntegerType::get(type.getContext(), intType.getWidth());
    return type;
  }
};
} // namespace

static std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

static llvm::Expected<ElementInfo> getElementInfo(Type elementType) {
  ElementInfo info;
  info.type = elementType;
  if (isa<FloatType>(elementType)) {
    info.isFloat = true;
    return info;
  }
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    info.isBool = intType.getWidth() == 1;
    info.isUnsigned = intType.isUnsigned() || info.isBool;
    return info;
  }
  return makeImportError("expected a float or integer element type, but got " +
                         typeToString(elementType));
}

/// The ranked tensor type of `value`, or an error.
static llvm::Expected<RankedTensorType> getRankedType(Value value) {
  if (auto type = dyn_cast<RankedTensorType>(value.getType()))
    return type;
  return makeImportError("expected a ranked tensor operand, but got " +
                         typeToString(value.getType()));
}

/// `value` with its element type replaced by `elementType` (a bitcast
/// between an unsigned and a signless integer type of one width), or
/// `value` when the type is already that.
static Value bitcastElements(OpBuilder &builder, Location loc, Value value,
                             Type elementType) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getElementType() == elementType)
    return value;
  return tensor::BitcastOp::create(builder, loc, type.clone(elementType),
                                   value);
}

/// The dynamic sizes of `value`'s type, as tensor.dim ops.
static llvm::SmallVector<Value> getDynamicSizes(OpBuilder &builder,
                                                Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  llvm::SmallVector<Value> sizes;
  for (auto [i, dim] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(dim))
      sizes.push_back(tensor::DimOp::create(builder, loc, value, i));
  return sizes;
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

Value ModelBuilder::broadcastTo(Location loc, Value value,
                                llvm::ArrayRef<int64_t> shape,
                                llvm::ArrayRef<int64_t> mapping,
                                llvm::ArrayRef<Value> dynamicSizes) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == shape)
    return value;
  // An input dim is kept when it equals its result dim, dropped when it is
  // a 1 broadcast to another size.
  llvm::SmallVector<bool> kept;
  for (auto [i, dim] : llvm::enumerate(type.getShape()))
    kept.push_back(dim == shape[mapping[i]]);

  // Drop the broadcast unit dims: each kept dim is grouped with the dropped
  // dims before it, trailing dropped dims join the last group; with no kept
  // dim the reassociation is empty (a rank-0 tensor).
  Value collapsed = value;
  if (!llvm::all_of(kept, [](bool k) { return k; })) {
    llvm::SmallVector<ReassociationIndices> groups;
    ReassociationIndices pending;
    llvm::SmallVector<int64_t> collapsedShape;
    for (auto [i, isKept] : llvm::enumerate(kept)) {
      pending.push_back(i);
      if (!isKept)
        continue;
      groups.push_back(pending);
      pending.clear();
      collapsedShape.push_back(type.getDimSize(i));
    }
    if (!groups.empty())
      groups.back().append(pending.begin(), pending.end());
    collapsed = tensor::CollapseShapeOp::create(
        builder, loc, type.clone(collapsedShape), value, groups);
  }

  // The result dims no kept input dim maps to are the broadcast ones.
  llvm::SmallVector<bool> fromInput(shape.size(), false);
  for (auto [i, isKept] : llvm::enumerate(kept))
    if (isKept)
      fromInput[mapping[i]] = true;
  llvm::SmallVector<int64_t> dimensions;
  for (auto [dim, isFromInput] : llvm::enumerate(fromInput))
    if (!isFromInput)
      dimensions.push_back(dim);
  Value init = tensor::EmptyOp::create(builder, loc, shape,
                                       type.getElementType(), dynamicSizes);
  return linalg::BroadcastOp::create(builder, loc, collapsed, init, dimensions)
      .getResult()[0];
}

/// The dynamic sizes of `shape`: for each dynamic dim, the tensor.dim of
/// the first of `values` whose right-aligned dim there is dynamic (one is,
/// by construction of the broadcast shape).
static llvm::SmallVector<Value> getBroadcastSizes(OpBuilder &builder,
                                                  Location loc,
                                                  llvm::ArrayRef<int64_t> shape,
                                                  ValueRange values) {
  llvm::SmallVector<Value> sizes;
  for (auto [i, dim] : llvm::enumerate(shape)) {
    if (!ShapedType::isDynamic(dim))
      continue;
    size_t fromEnd = shape.size() - 1 - i;
    for (Value value : values) {
      auto type = cast<RankedTensorType>(value.getType());
      if (fromEnd >= static_cast<size_t>(type.getRank()))
        continue;
      int64_t index = type.getRank() - 1 - fromEnd;
      if (type.isDynamicDim(index)) {
        sizes.push_back(tensor::DimOp::create(builder, loc, value, index));
        break;
      }
    }
  }
  return sizes;
}

/// Right-aligned mapping of a rank-`rank` operand into rank `resultRank`.
static llvm::SmallVector<int64_t> alignRight(int64_t rank, int64_t resultRank) {
  return llvm::to_vector(llvm::seq<int64_t>(resultRank - rank, resultRank));
}

llvm::Expected<llvm::SmallVector<Value>>
ModelBuilder::broadcastOperands(Location loc, ValueRange operands) {
  llvm::SmallVector<int64_t> shape;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    auto type = cast<RankedTensorType>(operand.getType());
    if (i == 0) {
      shape.assign(type.getShape().begin(), type.getShape().end());
      continue;
    }
    llvm::Expected<llvm::SmallVector<int64_t>> next =
        broadcastShapes(shape, type.getShape());
    if (!next)
      return next.takeError();
    shape = std::move(*next);
  }
  // The sizes of the result's dynamic dims, only when some operand is
  // broadcast (no dead tensor.dim).
  llvm::SmallVector<Value> sizes;
  if (llvm::any_of(operands, [&](Value operand) {
        return cast<RankedTensorType>(operand.getType()).getShape() !=
               llvm::ArrayRef<int64_t>(shape);
      }))
    sizes = getBroadcastSizes(builder, loc, shape, operands);
  llvm::SmallVector<Value> results;
  for (Value operand : operands) {
    auto type = cast<RankedTensorType>(operand.getType());
    results.push_back(broadcastTo(
        loc, operand, shape,
        alignRight(type.getRank(), static_cast<int64_t>(shape.size())), sizes));
  }
  return results;
}

llvm::Expected<Value> ModelBuilder::addBroadcast(llvm::StringRef node,
                                                 Value input,
                                                 llvm::ArrayRef<int64_t> shape,
                                                 BroadcastMode mode) {
  llvm::Expected<RankedTensorType> type = getRankedType(input);
  if (!type)
    return type.takeError();
  for (int64_t dim : shape)
    if (ShapedType::isDynamic(dim) || dim < 0)
      return makeImportError("expected a target shape of non-negative sizes, "
                             "but got " +
                             formatDynamicShape(shape));
  if (llvm::Error error = checkElementCount(shape))
    return std::move(error);
  Location loc = getLoc(node);
  llvm::SmallVector<int64_t> result;
  if (mode == BroadcastMode::bidirectional) {
    llvm::Expected<llvm::SmallVector<int64_t>> both = broadcastShapesImpl(
        type->getShape(), shape, "the input and target shapes");
    if (!both)
      return both.takeError();
    result = std::move(*both);
  } else {
    // One way: every input dim is the target's or a static 1.
    auto fail = [&](llvm::StringRef why) {
      return makeImportError(
          "the input of shape " + formatDynamicShape(type->getShape()) +
          " does not broadcast to " + formatDynamicShape(shape) + " " + why);
    };
    if (type->getRank() > static_cast<int64_t>(shape.size()))
      return fail("(the input has the higher rank)");
    int64_t offset = shape.size() - type->getRank();
    for (auto [i, dim] : llvm::enumerate(type->getShape())) {
      int64_t target = shape[offset + i];
      if (dim != 1 && dim != target)
        return fail(("(dim " + llvm::Twine(offset + i) + ": " + formatDim(dim) +
                     " vs " + llvm::Twine(target) + ")")
                        .str());
    }
    result.assign(shape.begin(), shape.end());
  }
  if (type->getShape() == llvm::ArrayRef<int64_t>(result))
    return input;
  llvm::SmallVector<Value> sizes =
      getBroadcastSizes(builder, loc, result, input);
  return broadcastTo(
      loc, input, result,
      alignRight(type->getRank(), static_cast<int64_t>(result.size())), sizes);
}

llvm::Expected<Value>
ModelBuilder::addBroadcastExplicit(llvm::StringRef node, Value input,
                                   llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<int64_t> axesMapping) {
  llvm::Expected<RankedTensorType> type = getRankedType(input);
  if (!type)
    return type.takeError();
  for (int64_t dim : shape)
    if (ShapedType::isDynamic(dim) || dim < 0)
      return makeImportError("expected a target shape of non-negative sizes, "
                             "but got " +
                             formatDynamicShape(shape));
  if (llvm::Error error = checkElementCount(shape))
    return std::move(error);
  int64_t rank = type->getRank();
  int64_t resultRank = shape.size();
  if (static_cast<int64_t>(axesMapping.size()) != rank)
    return makeImportError("expected one axes mapping entry per input dim (" +
                           llvm::Twine(rank) + "), but got " +
                           llvm::Twine(axesMapping.size()));
  for (auto [i, axis] : llvm::enumerate(axesMapping)) {
    if (axis < 0 || axis >= resultRank)
      return makeImportError("axes mapping entry " + llvm::Twine(axis) +
                             " is out of range [0, " + llvm::Twine(resultRank) +
                             ") for the target shape " +
                             formatDynamicShape(shape));
    if (i > 0 && axis <= axesMapping[i - 1])
      return makeImportError("expected a strictly increasing axes mapping, "
                             "but got " +
                             llvm::Twine(axesMapping[i - 1]) + " before " +
                             llvm::Twine(axis));
    int64_t dim = type->getDimSize(i);
    if (dim != 1 && dim != shape[axis])
      return makeImportError(
          "the input of shape " + formatDynamicShape(type->getShape()) +
          " does not broadcast to " + formatDynamicShape(shape) +
          " (input dim " + llvm::Twine(i) + " of size " + formatDim(dim) +
          " maps to dim " + llvm::Twine(axis) + " of size " +
          llvm::Twine(shape[axis]) + ")");
  }
  return broadcastTo(getLoc(node), input, shape, axesMapping, {});
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

/// A splat of `scalar` (of the element type of `like`) with the type of
/// `like`: a dense constant for a static shape, else a rank-0 constant
/// broadcast to the sizes of `like`.
static Value
getSplatLike(OpBuilder &builder, Location loc, Value like, TypedAttr scalar,
             llvm::function_ref<Value(Value, llvm::ArrayRef<int64_t>,
                                      llvm::ArrayRef<Value>)>
                 broadcast) {
  auto type = cast<RankedTensorType>(like.getType());
  if (type.hasStaticShape())
    return arith::ConstantOp::create(builder, loc,
                                     DenseElementsAttr::get(type, scalar));
  auto scalarType = RankedTensorType::get({}, type.getElementType());
  Value constant = arith::ConstantOp::create(
      builder, loc, DenseElementsAttr::get(scalarType, scalar));
  return broadcast(constant, type.getShape(),
                   getDynamicSizes(builder, loc, like));
}

namespace {
/// Emits the arith and math ops of one elementwise op on signless operands
/// of one shape.
class ElementwiseEmitter {
public:
  /// `broadcast` broadcasts a rank-0 tensor to a shape with the given
  /// dynamic sizes.
  ElementwiseEmitter(OpBuilder &builder, Location loc, const ElementInfo &info,
                     llvm::function_ref<Value(Value, llvm::ArrayRef<int64_t>,
                                              llvm::ArrayRef<Value>)>
                         broadcast)
      : builder(builder), loc(loc), info(info), broadcast(broadcast) {}

  /// A splat of the integer `value` (wrapped to the width) shaped as `like`.
  Value intSplat(Value like, const APInt &value) {
    auto type = cast<RankedTensorType>(like.getType());
    return getSplatLike(builder, loc, like,
                        IntegerAttr::get(type.getElementType(), value),
                        broadcast);
  }
  Value intSplat(Value like, int64_t value) {
    auto width = cast<RankedTensorType>(like.getType())
                     .getElementType()
                     .getIntOrFloatBitWidth();
    return intSplat(like, APInt(width, value, /*isSigned=*/true,
                                /*implicitTrunc=*/true));
  }
  Value floatSplat(Value like, double value) {
    auto type = cast<RankedTensorType>(like.getType());
    return getSplatLike(builder, loc, like,
                        FloatAttr::get(type.getElementType(), value),
                        broadcast);
  }

  /// Integer division of `a` by `b` as `mode` says, with 0 for a zero
  /// divisor and no overflow trap for the signed minimum over -1.
  Value intDivide(Value a, Value b, IntDivision mode) {
    Value zero = intSplat(b, 0);
    Value one = intSplat(b, 1);
    Value divisorIsZero =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, b, zero);
    Value bad = divisorIsZero;
    if (!info.isUnsigned) {
      // min / -1 overflows (and traps on x86); min / 1 is its wrapped value.
      unsigned width = cast<RankedTensorType>(a.getType())
                           .getElementType()
                           .getIntOrFloatBitWidth();
      Value isMin =
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, a,
                                intSplat(a, APInt::getSignedMinValue(width)));
      Value isMinusOne = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::eq, b, intSplat(b, -1));
      bad = arith::OrIOp::create(
          builder, loc, bad,
          arith::AndIOp::create(builder, loc, isMin, isMinusOne));
    }
    Value divisor = arith::SelectOp::create(builder, loc, bad, one, b);
    Value quotient;
    if (info.isUnsigned) {
      quotient = arith::DivUIOp::create(builder, loc, a, divisor);
    } else {
      quotient = arith::DivSIOp::create(builder, loc, a, divisor);
      if (mode == IntDivision::floor) {
        // The truncated quotient is one too large when the remainder is
        // not zero and its sign differs from the divisor's.
        Value remainder = arith::RemSIOp::create(builder, loc, a, divisor);
        Value inexact = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::ne, remainder, zero);
        Value remainderNegative = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::slt, remainder, zero);
        Value divisorNegative = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::slt, divisor, zero);
        Value signsDiffer = arith::XOrIOp::create(
            builder, loc, remainderNegative, divisorNegative);
        Value adjust =
            arith::AndIOp::create(builder, loc, inexact, signsDiffer);
        Value lower = arith::SubIOp::create(builder, loc, quotient, one);
        quotient =
            arith::SelectOp::create(builder, loc, adjust, lower, quotient);
      }
    }
    return arith::SelectOp::create(builder, loc, divisorIsZero, zero, quotient);
  }

  /// Integer `a` to the power `b`, computed in f64 and converted back
  /// toward zero.
  Value intPower(Value a, Value b) {
    auto type = cast<RankedTensorType>(a.getType());
    auto f64Type = type.clone(builder.getF64Type());
    auto toF64 = [&](Value v) -> Value {
      if (info.isUnsigned)
        return arith::UIToFPOp::create(builder, loc, f64Type, v);
      return arith::SIToFPOp::create(builder, loc, f64Type, v);
    };
    Value power = math::PowFOp::create(builder, loc, toF64(a), toF64(b));
    if (info.isUnsigned)
      return arith::FPToUIOp::create(builder, loc, type, power);
    return arith::FPToSIOp::create(builder, loc, type, power);
  }

  Value binary(ElementwiseKind kind, Value a, Value b,
               const ElementwiseOptions &options) {
    bool isFloat = info.isFloat;
    bool isUnsigned = info.isUnsigned;
    switch (kind) {
    case ElementwiseKind::add:
      return isFloat ? Value(arith::AddFOp::create(builder, loc, a, b))
                     : Value(arith::AddIOp::create(builder, loc, a, b));
    case ElementwiseKind::sub:
      return isFloat ? Value(arith::SubFOp::create(builder, loc, a, b))
                     : Value(arith::SubIOp::create(builder, loc, a, b));
    case ElementwiseKind::mul:
      return isFloat ? Value(arith::MulFOp::create(builder, loc, a, b))
                     : Value(arith::MulIOp::create(builder, loc, a, b));
    case ElementwiseKind::div:
      return isFloat ? Value(arith::DivFOp::create(builder, loc, a, b))
                     : intDivide(a, b, options.intDivision);
    case ElementwiseKind::pow:
      return isFloat ? Value(math::PowFOp::create(builder, loc, a, b))
                     : intPower(a, b);
    case ElementwiseKind::max:
    case ElementwiseKind::min: {
      bool isMax = kind == ElementwiseKind::max;
      if (!isFloat) {
        if (isMax)
          return isUnsigned ? Value(arith::MaxUIOp::create(builder, loc, a, b))
                            : Value(arith::MaxSIOp::create(builder, loc, a, b));
        return isUnsigned ? Value(arith::MinUIOp::create(builder, loc, a, b))
                          : Value(arith::MinSIOp::create(builder, loc, a, b));
      }
      if (options.minMaxNan == MinMaxNan::propagate)
        return isMax ? Value(arith::MaximumFOp::create(builder, loc, a, b))
                     : Value(arith::MinimumFOp::create(builder, loc, a, b));
      // std::max(a, b) is `a < b ? b : a`, std::min(a, b) `b < a ? b : a`.
      Value takeB =
          arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OLT,
                                isMax ? a : b, isMax ? b : a);
      return arith::SelectOp::create(builder, loc, takeB, b, a);
    }
    case ElementwiseKind::squared_difference: {
      Value d = binary(ElementwiseKind::sub, a, b, options);
      return binary(ElementwiseKind::mul, d, d, options);
    }
    case ElementwiseKind::equal:
    case ElementwiseKind::less:
    case ElementwiseKind::greater:
    case ElementwiseKind::less_equal:
    case ElementwiseKind::greater_equal:
      return compare(kind, a, b);
    default:
      llvm_unreachable("not a binary elementwise kind");
    }
  }

  Value compare(ElementwiseKind kind, Value a, Value b) {
    if (info.isFloat) {
      arith::CmpFPredicate predicate;
      switch (kind) {
      case ElementwiseKind::equal:
        predicate = arith::CmpFPredicate::OEQ;
        break;
      case ElementwiseKind::less:
        predicate = arith::CmpFPredicate::OLT;
        break;
      case ElementwiseKind::greater:
        predicate = arith::CmpFPredicate::OGT;
        break;
      case ElementwiseKind::less_equal:
        predicate = arith::CmpFPredicate::OLE;
        break;
      default:
        predicate = arith::CmpFPredicate::OGE;
        break;
      }
      return arith::CmpFOp::create(builder, loc, predicate, a, b);
    }
    bool u = info.isUnsigned;
    arith::CmpIPredicate predicate;
    switch (kind) {
    case ElementwiseKind::equal:
      predicate = arith::CmpIPredicate::eq;
      break;
    case ElementwiseKind::less:
      predicate = u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
      break;
    case ElementwiseKind::greater:
      predicate = u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
      break;
    case ElementwiseKind::less_equal:
      predicate = u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
      break;
    default:
      predicate = u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
      break;
    }
    return arith::CmpIOp::create(builder, loc, predicate, a, b);
  }

  Value unary(ElementwiseKind kind, Value x) {
    switch (kind) {
    case ElementwiseKind::sqrt:
      return math::SqrtOp::create(builder, loc, x);
    case ElementwiseKind::exp:
      return math::ExpOp::create(builder, loc, x);
    case ElementwiseKind::log:
      return math::LogOp::create(builder, loc, x);
    case ElementwiseKind::abs:
      if (info.isFloat)
        return math::AbsFOp::create(builder, loc, x);
      if (info.isUnsigned)
        return x;
      return math::AbsIOp::create(builder, loc, x);
    case ElementwiseKind::neg:
      if (info.isFloat)
        return arith::NegFOp::create(builder, loc, x);
      return arith::SubIOp::create(builder, loc, intSplat(x, 0), x);
    case ElementwiseKind::reciprocal:
      return arith::DivFOp::create(builder, loc, floatSplat(x, 1.0), x);
    default:
      llvm_unreachable("not a unary elementwise kind");
    }
  }

private:
  OpBuilder &builder;
  Location loc;
  const ElementInfo &info;
  llvm::function_ref<Value(Value, llvm::ArrayRef<int64_t>,
                           llvm::ArrayRef<Value>)>
      broadcast;
};
} // namespace

static bool isUnaryKind(ElementwiseKind kind) {
  switch (kind) {
  case ElementwiseKind::sqrt:
  case ElementwiseKind::exp:
  case ElementwiseKind::log:
  case ElementwiseKind::abs:
  case ElementwiseKind::neg:
  case ElementwiseKind::reciprocal:
    return true;
  default:
    return false;
  }
}

static bool isComparison(ElementwiseKind kind) {
  switch (kind) {
  case ElementwiseKind::equal:
  case ElementwiseKind::less:
  case ElementwiseKind::greater:
  case ElementwiseKind::less_equal:
  case ElementwiseKind::greater_equal:
    return true;
  default:
    return false;
  }
}

/// Kinds that are arithmetic on numbers (not defined on i1).
static bool isArithmetic(ElementwiseKind kind) {
  switch (kind) {
  case ElementwiseKind::max:
  case ElementwiseKind::min:
    return false;
  default:
    return !isComparison(kind);
  }
}

/// Kinds defined on floats only.
static bool isFloatOnly(ElementwiseKind kind) {
  return kind == ElementwiseKind::sqrt || kind == ElementwiseKind::exp ||
         kind == ElementwiseKind::log || kind == ElementwiseKind::reciprocal;
}

/// Returns true if `value` is a constant whose elements all equal 2.
static bool isSplatTwo(Value value) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat())
    return false;
  if (isa<FloatType>(attr.getElementType()))
    return attr.getSplatValue<APFloat>().isExactlyValue(2.0);
  if (isa<IntegerType>(attr.getElementType()))
    return attr.getSplatValue<APInt>() == 2;
  return false;
}

llvm::Expected<Value>
ModelBuilder::addElementwise(llvm::StringRef node, ElementwiseKind kind,
                             ValueRange operands,
                             const ElementwiseOptions &options) {
  size_t arity = isUnaryKind(kind) ? 1 : 2;
  if (operands.size() != arity)
    return makeImportError("expected " + llvm::Twine(arity) + " operand" +
                           (arity == 1 ? "" : "s") + ", but got " +
                           llvm::Twine(operands.size()));
  llvm::SmallVector<RankedTensorType> types;
  for (Value operand : operands) {
    llvm::Expected<RankedTensorType> type = getRankedType(operand);
    if (!type)
      return type.takeError();
    types.push_back(*type);
  }
  Type elementType = types[0].getElementType();
  if (arity == 2 && types[1].getElementType() != elementType)
    return makeImportError("expected operands of one element type, but got " +
                           typeToString(elementType) + " and " +
                           typeToString(types[1].getElementType()));
  llvm::Expected<ElementInfo> info = getElementInfo(elementType);
  if (!info)
    return info.takeError();
  if (info->isBool && isArithmetic(kind))
    return makeImportError("expected a numeric element type, but got i1");
  if (!info->isFloat && isFloatOnly(kind))
    return makeImportError("expected a floating-point element type, but got " +
                           typeToString(elementType));

  Location loc = getLoc(node);
  // x^2 as x * x: exact (powf need not be) and fusable; the exponent only
  // shapes the result.
  bool isSquare = kind == ElementwiseKind::pow && isSplatTwo(operands[1]);
  if (isSquare) {
    llvm::Expected<llvm::SmallVector<int64_t>> shape =
        broadcastShapes(types[0].getShape(), types[1].getShape());
    if (!shape)
      return shape.takeError();
    // A constant has a static shape: the result's dynamic dims are x's.
    Value x = operands[0];
    if (types[0].getShape() != llvm::ArrayRef<int64_t>(*shape))
      x = broadcastTo(
          loc, x, *shape,
          alignRight(types[0].getRank(), static_cast<int64_t>(shape->size())),
          getBroadcastSizes(builder, loc, *shape, x));
    return addElementwise(node, ElementwiseKind::mul, {x, x}, options);
  }
  if (isa<BFloat16Type>(elementType)) {
    // No bf16 arithmetic compiles for x86 (reduce-expand-bf16 lowers only
    // the conversions): computed in f32, which holds every bf16 exactly,
    // and each result rounded back to nearest even, as OpenVINO's and ONNX
    // Runtime's bfloat16 types compute through float.
    Type f32 = Float32Type::get(getContext());
    llvm::SmallVector<Value> wide;
    for (Value operand : operands) {
      llvm::Expected<Value> extended = addConvert(node, operand, f32);
      if (!extended)
        return extended.takeError();
      wide.push_back(*extended);
    }
    llvm::Expected<Value> result = addElementwise(node, kind, wide, options);
    if (!result || isComparison(kind))
      return result;
    return addConvert(node, *result, elementType);
  }
  Type signless = info->getSignless();
  llvm::SmallVector<Value> signlessOperands;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    // One bitcast for an operand used twice.
    if (i == 1 && operand == operands[0])
      signlessOperands.push_back(signlessOperands[0]);
    else
      signlessOperands.push_back(
          bitcastElements(builder, loc, operand, signless));
  }
  llvm::Expected<llvm::SmallVector<Value>> broadcast =
      broadcastOperands(loc, signlessOperands);
  if (!broadcast)
    return broadcast.takeError();
  auto broadcastScalar = [&](Value value, llvm::ArrayRef<int64_t> shape,
                             llvm::ArrayRef<Value> sizes) {
    return broadcastTo(loc, value, shape, {}, sizes);
  };
  ElementwiseEmitter emitter(builder, loc, *info, broadcastScalar);
  Value result;
  if (arity == 1) {
    result = emitter.unary(kind, (*broadcast)[0]);
  } else {
    result = emitter.binary(kind, (*broadcast)[0], (*broadcast)[1], options);
  }
  if (isComparison(kind))
    return result;
  return bitcastElements(builder, loc, result, elementType);
}

llvm::Expected<Value> ModelBuilder::addClamp(llvm::StringRef node, Value input,
                                             Value low, Value high) {
  llvm::Expected<RankedTensorType> type = getRankedType(input);
  if (!type)
    return type.takeError();
  Value result = input;
  for (auto [bound, kind] : {std::pair{low, ElementwiseKind::max},
                             std::pair{high, ElementwiseKind::min}}) {
    if (!bound)
      continue;
    llvm::Expected<RankedTensorType> boundType = getRankedType(bound);
    if (!boundType)
      return boundType.takeError();
    // A bound broadcasts to the input; the input is never broadcast.
    llvm::Expected<llvm::SmallVector<int64_t>> shape =
        broadcastShapes(type->getShape(), boundType->getShape());
    if (!shape)
      return shape.takeError();
    if (llvm::ArrayRef<int64_t>(*shape) != type->getShape())
      return makeImportError(
          "expected a clamp bound that broadcasts to the input's shape " +
          formatDynamicShape(type->getShape()) + ", but got shape " +
          formatDynamicShape(boundType->getShape()));
    llvm::Expected<Value> clamped = addElementwise(node, kind, {result, bound});
    if (!clamped)
      return clamped.takeError();
    result = *clamped;
  }
  return result;
}

Value ModelBuilder::addScalarConstant(llvm::StringRef node, Type elementType,
                                      double value) {
  auto type = RankedTensorType::get({}, elementType);
  Attribute scalar;
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    scalar = FloatAttr::get(floatType, value);
  } else {
    auto intType = cast<IntegerType>(elementType);
    unsigned width = intType.getWidth();
    APInt bits(width, 0);
    // Toward zero, saturated to the type's range (NaN is 0).
    double truncated = std::isnan(value) ? 0.0 : std::trunc(value);
    if (width == 1) {
      bits = APInt(1, value != 0);
    } else if (intType.isUnsigned()) {
      if (truncated >= std::ldexp(1.0, width))
        bits = APInt::getMaxValue(width);
      else if (truncated > 0)
        bits = APInt(width, static_cast<uint64_t>(truncated));
    } else if (truncated >= std::ldexp(1.0, width - 1)) {
      bits = APInt::getSignedMaxValue(width);
    } else if (truncated < -std::ldexp(1.0, width - 1)) {
      bits = APInt::getSignedMinValue(width);
    } else {
      bits = APInt(width, static_cast<int64_t>(truncated), /*isSigned=*/true);
    }
    scalar = IntegerAttr::get(intType, bits);
  }
  // The unsigned integer constant carries its type; reduce-signless
  // rewrites it.
  return arith::ConstantOp::create(builder, getLoc(node),
                                   DenseElementsAttr::get(type, scalar));
}

llvm::Expected<Value> ModelBuilder::addConvert(llvm::StringRef node,
                                               Value input, Type elementType) {
  llvm::Expected<RankedTensorType> type = getRankedType(input);
  if (!type)
    return type.takeError();
  llvm::Expected<ElementInfo> from = getElementInfo(type->getElementType());
  if (!from)
    return from.takeError();
  llvm::Expected<ElementInfo> to = getElementInfo(elementType);
  if (!to)
    return to.takeError();
  if (type->getElementType() == elementType)
    return input;
  Location loc = getLoc(node);
  Value x = bitcastElements(builder, loc, input, from->getSignless());
  auto resultType = type->clone(to->getSignless());
  Value result;
  if (to->isBool) {
    // x != 0 (NaN is true, as in C++).
    ElementwiseEmitter emitter(builder, loc, *from,
                               [&](Value v, llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<Value> sizes) {
                                 return broadcastTo(loc, v, shape, {}, sizes);
                               });
    if (from->isFloat)
      result = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE, x,
                                     emitter.floatSplat(x, 0.0));
    else
      result = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, x,
                                     emitter.intSplat(x, 0));
  } else if (from->isFloat && to->isFloat) {
    unsigned fromWidth = from->type.getIntOrFloatBitWidth();
    unsigned toWidth = to->type.getIntOrFloatBitWidth();
    if (fromWidth == toWidth) {
      // f16 <-> bf16: exactly through f32.
      x = arith::ExtFOp::create(builder, loc, type->clone(builder.getF32Type()),
                                x);
      fromWidth = 32;
    }
    if (fromWidth < toWidth)
      result = arith::ExtFOp::create(builder, loc, resultType, x);
    else
      result = arith::TruncFOp::create(builder, loc, resultType, x);
  } else if (from->isFloat) {
    result = to->isUnsigned
                 ? Value(arith::FPToUIOp::create(builder, loc, resultType, x))
                 : Value(arith::FPToSIOp::create(builder, loc, resultType, x));
  } else if (to->isFloat) {
    result = from->isUnsigned
                 ? Value(arith::UIToFPOp::create(builder, loc, resultType, x))
                 : Value(arith::SIToFPOp::create(builder, loc, resultType, x));
  } else {
    unsigned fromWidth = from->type.getIntOrFloatBitWidth();
    unsigned toWidth = to->type.getIntOrFloatBitWidth();
    if (fromWidth < toWidth)
      result = from->isUnsigned
                   ? Value(arith::ExtUIOp::create(builder, loc, resultType, x))
                   : Value(arith::ExtSIOp::create(builder, loc, resultType, x));
    else if (fromWidth > toWidth)
      result = arith::TruncIOp::create(builder, loc, resultType, x);
    else
      result = x;
  }
  return bitcastElements(builder, loc, result, elementType);
}

llvm::Expected<Value> ModelBuilder::addSelect(llvm::StringRef node,
                                              Value condition, Value a,
                                              Value b) {
  llvm::SmallVector<RankedTensorType> types;
  for (Value operand : {condition, a, b}) {
    llvm::Expected<RankedTensorType> type = getRankedType(operand);
    if (!type)
      return type.takeError();
    types.push_back(*type);
  }
  if (!types[0].getElementType().isInteger(1))
    return makeImportError("expected a condition of i1, but got " +
                           typeToString(types[0].getElementType()));
  Type elementType = types[1].getElementType();
  if (types[2].getElementType() != elementType)
    return makeImportError("expected operands of one element type, but got " +
                           typeToString(elementType) + " and " +
                           typeToString(types[2].getElementType()));
  llvm::Expected<ElementInfo> info = getElementInfo(elementType);
  if (!info)
    return info.takeError();
  Location loc = getLoc(node);
  Type signless = info->getSignless();
  llvm::Expected<llvm::SmallVector<Value>> broadcast = broadcastOperands(
      loc, {condition, bitcastElements(builder, loc, a, signless),
            bitcastElements(builder, loc, b, signless)});
  if (!broadcast)
    return broadcast.takeError();
  Value result = arith::SelectOp::create(builder, loc, (*broadcast)[0],
                                         (*broadcast)[1], (*broadcast)[2]);
  return bitcastElements(builder, loc, result, elementType);
}
