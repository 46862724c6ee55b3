//===- ReduceOps.cpp - Reduce dialect operations ----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Parsing, printing, verification, type inference and shape reification of
// the reduction ops. The ops share one implementation, templated on
// the op class. Folding and canonicalization live in ReduceFolding.cpp.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"
#include "reduce/Dialect/Reduce/IR/ReduceTraits.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::reduce;

#include "reduce/Dialect/Reduce/IR/ReduceEnums.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared semantics
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>>
mlir::reduce::normalizeAxes(ArrayRef<int64_t> axes, int64_t rank) {
  SmallVector<int64_t> normalized;
  normalized.reserve(axes.size());
  for (int64_t axis : axes) {
    if (axis < -rank || axis >= rank)
      return failure();
    normalized.push_back(axis < 0 ? axis + rank : axis);
  }
  llvm::sort(normalized);
  normalized.erase(llvm::unique(normalized), normalized.end());
  return normalized;
}

TensorType mlir::reduce::inferReducedType(TensorType inputType,
                                          ArrayRef<int64_t> axes,
                                          bool keepDims) {
  Type elementType = inputType.getElementType();
  if (!inputType.hasRank())
    return UnrankedTensorType::get(elementType);
  SmallVector<int64_t> shape;
  for (auto [dim, size] : llvm::enumerate(inputType.getShape())) {
    if (!llvm::is_contained(axes, static_cast<int64_t>(dim)))
      shape.push_back(size);
    else if (keepDims)
      shape.push_back(1);
  }
  return RankedTensorType::get(shape, elementType);
}

bool mlir::reduce::isCompatibleResultType(TensorType written,
                                          TensorType inferred) {
  return written.getElementType() == inferred.getElementType() &&
         succeeded(verifyCompatibleShape(written, inferred));
}

std::optional<SmallVector<int64_t>>
mlir::reduce::matchConstantAxes(Value axesOperand) {
  DenseIntElementsAttr axesAttr;
  if (!axesOperand || !matchPattern(axesOperand, m_Constant(&axesAttr)))
    return std::nullopt;
  // The verifier checks the operand type; the matcher may run before it.
  auto type = dyn_cast<RankedTensorType>(axesAttr.getType());
  if (!type || type.getRank() > 1)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (const APInt &value : axesAttr.getValues<APInt>())
    values.push_back(value.getSExtValue());
  return values;
}

std::optional<SmallVector<int64_t>>
mlir::reduce::getKnownAxes(std::optional<ArrayRef<int64_t>> staticAxes,
                           Value axesOperand, EmptyAxesMode emptyAxes,
                           int64_t rank) {
  if (staticAxes)
    return llvm::to_vector(*staticAxes);
  std::optional<SmallVector<int64_t>> values = matchConstantAxes(axesOperand);
  if (values && values->empty() && emptyAxes == EmptyAxesMode::all)
    values = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  return values;
}

namespace {
/// Emits a diagnostic that starts with the op's name, or nothing at all when
/// the caller asked for silent failure (type inference without a location).
using ErrorEmitter = llvm::function_ref<InFlightDiagnostic()>;
} // namespace

std::string mlir::reduce::formatDynamicShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      shape, os,
      [&](int64_t size) {
        if (ShapedType::isDynamic(size))
          os << '?';
        else
          os << size;
      },
      "x");
  return text;
}

FailureOr<SmallVector<int64_t>>
mlir::reduce::verifyStaticAxes(ErrorEmitter emitError, ArrayRef<int64_t> axes,
                               int64_t rank, bool mergeRepeats) {
  SmallVector<int64_t> seen(rank, -1);
  for (auto [index, axis] : llvm::enumerate(axes)) {
    if (axis < -rank || axis >= rank) {
      if (!emitError)
        return failure();
      if (rank == 0)
        return emitError() << "axis " << axis
                           << " is out of range for input of rank 0 "
                              "(expected empty axes)";
      return emitError() << "axis " << axis << " is out of range [" << -rank
                         << ", " << rank - 1 << "] for input of rank " << rank;
    }
    int64_t dim = axis < 0 ? axis + rank : axis;
    if (seen[dim] >= 0 && !mergeRepeats) {
      if (!emitError)
        return failure();
      return emitError() << "axis " << axis << " (at position " << index
                         << ") duplicates axis " << axes[seen[dim]]
                         << " (at position " << seen[dim]
                         << "): both name dimension " << dim;
    }
    seen[dim] = static_cast<int64_t>(index);
  }
  return normalizeAxes(axes, rank);
}

/// Infers the result type when the axes are a runtime tensor of type
/// `axesType` whose values are unknown.
static FailureOr<TensorType> inferWithAxesOperand(ErrorEmitter emitError,
                                                  TensorType inputType,
                                                  TensorType axesType,
                                                  bool keepDims,
                                                  EmptyAxesMode emptyAxes) {
  Type elementType = inputType.getElementType();
  if (!inputType.hasRank())
    return TensorType(UnrankedTensorType::get(elementType));
  ArrayRef<int64_t> inputShape = inputType.getShape();
  int64_t rank = inputType.getRank();

  // How many axes the operand holds, when its type tells: a 0-D tensor holds
  // one, a 1-D tensor its static size (duplicates aside, a size-1 tensor
  // names exactly one dimension).
  std::optional<int64_t> numAxes;
  if (auto ranked = dyn_cast<RankedTensorType>(axesType)) {
    if (ranked.getRank() == 0)
      numAxes = 1;
    else if (!ranked.isDynamicDim(0) && ranked.getDimSize(0) <= 1)
      numAxes = ranked.getDimSize(0);
  }

  if (numAxes == 0) {
    if (emptyAxes == EmptyAxesMode::noop)
      return TensorType(RankedTensorType::get(inputShape, elementType));
    return inferReducedType(
        inputType, llvm::to_vector(llvm::seq<int64_t>(0, rank)), keepDims);
  }
  if (numAxes == 1) {
    if (rank == 0) {
      if (emitError)
        emitError() << "axes operand of type " << axesType
                    << " names one axis, but the input has rank 0";
      return failure();
    }
    SmallVector<int64_t> shape;
    if (keepDims) {
      // Dimension i is either kept (d_i) or reduced (1).
      for (int64_t size : inputShape)
        shape.push_back(size == 1 ? 1 : ShapedType::kDynamic);
    } else {
      // Removing one unknown dimension: result dimension i is d_i or d_i+1.
      for (int64_t i = 0; i + 1 < rank; ++i) {
        int64_t size = inputShape[i];
        bool known = !ShapedType::isDynamic(size) && size == inputShape[i + 1];
        shape.push_back(known ? size : ShapedType::kDynamic);
      }
    }
    return TensorType(RankedTensorType::get(shape, elementType));
  }
  // An unknown number of axes: only keep_dims fixes the rank.
  if (!keepDims)
    return TensorType(UnrankedTensorType::get(elementType));
  SmallVector<int64_t> shape;
  for (int64_t size : inputShape)
    shape.push_back(size == 1 ? 1 : ShapedType::kDynamic);
  return TensorType(RankedTensorType::get(shape, elementType));
}

/// Infers the result type of a reduction from its operands and properties,
/// checking every rule that does not involve the result type. The values of
/// a constant axes operand are used as a static list would be (repeats
/// merged). Emits a diagnostic through `emitError` when it is set.
static FailureOr<TensorType>
inferResultType(ErrorEmitter emitError, ReductionKind kind, Type input,
                Value axesOperand,
                std::optional<ArrayRef<int64_t>> staticAxes, bool keepDims,
                EmptyAxesMode emptyAxes) {
  auto fail = [&](auto &&...args) -> FailureOr<TensorType> {
    if (emitError)
      (emitError() << ... << args);
    return failure();
  };
  auto inputType = dyn_cast_if_present<TensorType>(input);
  if (!inputType)
    return fail("expected a tensor input, but got ", input);
  if (!isSupportedElementType(kind, inputType.getElementType()))
    return fail("input element type ", inputType.getElementType(),
                " is not supported: expected ",
                getSupportedElementTypesText(kind));
  if (staticAxes && axesOperand)
    return fail("expected either static axes or an axes operand, but found "
                "both");
  if (!staticAxes && !axesOperand)
    return fail("expected either static axes or an axes operand, but found "
                "neither");

  if (staticAxes) {
    if (emptyAxes != EmptyAxesMode::noop)
      return fail("'empty_axes all' requires an axes operand, but the axes "
                  "are static");
    if (!inputType.hasRank())
      return TensorType(UnrankedTensorType::get(inputType.getElementType()));
    FailureOr<SmallVector<int64_t>> axes =
        verifyStaticAxes(emitError, *staticAxes, inputType.getRank());
    if (failed(axes))
      return failure();
    return inferReducedType(inputType, *axes, keepDims);
  }

  Type axesOperandType = axesOperand.getType();
  auto axesType = dyn_cast<TensorType>(axesOperandType);
  if (!axesType || !axesType.getElementType().isSignlessInteger())
    return fail("expected the axes operand to be a tensor of signless "
                "integers, but got ",
                axesOperandType);
  if (axesType.hasRank() && axesType.getRank() > 1)
    return fail("expected a 0-D or 1-D axes operand, but got rank ",
                axesType.getRank(), " (", axesOperandType, ")");
  if (!matchConstantAxes(axesOperand))
    return inferWithAxesOperand(emitError, inputType, axesType, keepDims,
                                emptyAxes);
  if (!inputType.hasRank())
    return TensorType(UnrankedTensorType::get(inputType.getElementType()));
  int64_t rank = inputType.getRank();
  std::optional<SmallVector<int64_t>> constantAxes =
      getKnownAxes(std::nullopt, axesOperand, emptyAxes, rank);
  FailureOr<SmallVector<int64_t>> axes =
      verifyStaticAxes(emitError, *constantAxes, rank, /*mergeRepeats=*/true);
  if (failed(axes))
    return failure();
  return inferReducedType(inputType, *axes, keepDims);
}

//===----------------------------------------------------------------------===//
// Custom directive: axes
//===----------------------------------------------------------------------===//

/// Parses either a static axes list `[a, b, ...]` or an SSA axes operand.
static ParseResult
parseAxes(OpAsmParser &parser,
          std::optional<OpAsmParser::UnresolvedOperand> &axesOperand,
          DenseI64ArrayAttr &axes) {
  if (succeeded(parser.parseOptionalLSquare())) {
    SmallVector<int64_t> values;
    if (failed(parser.parseOptionalRSquare())) {
      if (parser.parseCommaSeparatedList([&]() -> ParseResult {
            int64_t value;
            if (parser.parseInteger(value))
              return failure();
            values.push_back(value);
            return success();
          }) ||
          parser.parseRSquare())
        return failure();
    }
    axes = parser.getBuilder().getDenseI64ArrayAttr(values);
    return success();
  }
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult result = parser.parseOptionalOperand(operand);
  if (!result.has_value())
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a static axes list '[...]' or an axes "
                            "operand");
  if (failed(*result))
    return failure();
  axesOperand = operand;
  return success();
}

static void printAxes(OpAsmPrinter &printer, Operation *, Value axesOperand,
                      DenseI64ArrayAttr axes) {
  if (axesOperand) {
    printer << axesOperand;
    return;
  }
  printer << '[';
  if (axes)
    llvm::interleaveComma(axes.asArrayRef(), printer);
  printer << ']';
}

//===----------------------------------------------------------------------===//
// Shared op hooks
//===----------------------------------------------------------------------===//

/// Checks a written result type `resultType` against what runtime axes can
/// give for an input of type `inputType`: with keep_dims, result dim i has
/// size d_i or 1; without, the j-th result dim is one of the input dims
/// j .. j + (rank - resultRank), the dims that can be the j-th kept one.
/// The inferred type (checked before) already fixes the rank where it can.
template <typename OpTy>
static LogicalResult verifyRuntimeAxesResult(OpTy op, TensorType inputType,
                                             TensorType resultType) {
  if (!inputType.hasRank() || !resultType.hasRank())
    return success();
  ArrayRef<int64_t> inputShape = inputType.getShape();
  ArrayRef<int64_t> resultShape = resultType.getShape();
  int64_t rank = inputType.getRank();
  int64_t resultRank = resultType.getRank();
  if (resultRank > rank)
    return op.emitOpError("result rank ")
           << resultRank << " exceeds the input rank " << rank;
  for (auto [dim, size] : llvm::enumerate(resultShape)) {
    if (ShapedType::isDynamic(size))
      continue;
    int64_t first = dim;
    int64_t last = op.getKeepDims() ? dim : dim + (rank - resultRank);
    bool possible = op.getKeepDims() && size == 1;
    for (int64_t i = first; i <= last; ++i)
      possible |= ShapedType::isDynamic(inputShape[i]) || inputShape[i] == size;
    if (possible)
      continue;
    InFlightDiagnostic diag = op.emitOpError("result dimension ")
                              << dim << " has size " << size
                              << ", but runtime axes can only give ";
    if (op.getKeepDims())
      return diag << "the input size " << inputShape[dim] << " or 1";
    diag << "one of the input sizes [";
    llvm::interleaveComma(inputShape.slice(first, last - first + 1), diag);
    return diag << "] there";
  }
  return success();
}

template <typename OpTy>
static LogicalResult verifyReduction(OpTy op) {
  if (failed(verifyReduceOp(op)))
    return failure();
  auto emitError = [&]() { return op.emitOpError(); };
  auto inputType = cast<TensorType>(op.getInput().getType());
  auto resultType = cast<TensorType>(op.getResult().getType());
  if (resultType.getElementType() != inputType.getElementType())
    return op.emitOpError("result element type ")
           << resultType.getElementType()
           << " does not match input element type "
           << inputType.getElementType();
  Value axesOperand = op.getAxesOperand();
  FailureOr<TensorType> inferred =
      inferResultType(emitError, OpTy::kKind, inputType, axesOperand,
                      op.getAxes(),
                      op.getKeepDims(), op.getEmptyAxes());
  if (failed(inferred))
    return failure();
  if (!isCompatibleResultType(resultType, *inferred))
    return op.emitOpError("result type ")
           << resultType << " is incompatible with the inferred type "
           << *inferred
           << " (it may be more or less static, never contradict it)";
  if constexpr (hasRounding(OpTy::kKind)) {
    if (op.getRounding() != IntRounding::toward_zero &&
        !isa<IntegerType>(inputType.getElementType()))
      return op.emitOpError("rounding '")
             << stringifyIntRounding(op.getRounding())
             << "' applies to integer element types only, found "
             << inputType.getElementType();
  }
  if (axesOperand && !matchConstantAxes(axesOperand))
    return verifyRuntimeAxesResult(op, inputType, resultType);
  return success();
}

template <typename OpTy>
static LogicalResult
inferReductionReturnTypes(std::optional<Location> location,
                          typename OpTy::Adaptor adaptor,
                          SmallVectorImpl<Type> &inferredReturnTypes) {
  auto emitAtLocation = [&]() {
    InFlightDiagnostic diag = mlir::emitError(*location);
    diag << "'" << OpTy::getOperationName() << "' op ";
    return diag;
  };
  ErrorEmitter emitError = nullptr;
  if (location)
    emitError = emitAtLocation;
  Value axesOperand = adaptor.getAxesOperand();
  FailureOr<TensorType> inferred = inferResultType(
      emitError, OpTy::kKind, adaptor.getInput().getType(), axesOperand,
      adaptor.getAxes(), adaptor.getKeepDims(), adaptor.getEmptyAxes());
  if (failed(inferred))
    return failure();
  inferredReturnTypes.push_back(*inferred);
  return success();
}

static bool areCompatibleReturnTypes(TypeRange inferred, TypeRange actual) {
  if (inferred.size() != 1 || actual.size() != 1)
    return false;
  auto inferredType = dyn_cast<TensorType>(inferred.front());
  auto actualType = dyn_cast<TensorType>(actual.front());
  return inferredType && actualType &&
         isCompatibleResultType(actualType, inferredType);
}

template <typename OpTy>
static LogicalResult
reifyReductionShapes(OpTy op, OpBuilder &builder,
                     ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!inputType || !resultType)
    return failure();
  std::optional<SmallVector<int64_t>> values =
      getKnownAxes(op.getAxes(), op.getAxesOperand(), op.getEmptyAxes(),
                   inputType.getRank());
  if (!values)
    return failure();
  FailureOr<SmallVector<int64_t>> axes =
      normalizeAxes(*values, inputType.getRank());
  if (failed(axes))
    return failure();
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0, rank = inputType.getRank(); dim < rank; ++dim) {
    if (!llvm::is_contained(*axes, dim))
      sizes.push_back(
          tensor::getMixedSize(builder, op.getLoc(), op.getInput(), dim));
    else if (op.getKeepDims())
      sizes.push_back(builder.getIndexAttr(1));
  }
  reifiedReturnShapes.push_back(std::move(sizes));
  return success();
}

#include "reduce/Dialect/Reduce/IR/ReductionOpInterface.cpp.inc"

#define GET_OP_CLASSES
#include "reduce/Dialect/Reduce/IR/ReduceOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Building by kind
//===----------------------------------------------------------------------===//

namespace {
/// Creates the op of `kind` among `OpTys` once its operands are known valid.
template <typename... OpTys>
Value createByKind(OpBuilder &builder, Location loc, ReductionKind kind,
                   Value input, std::optional<ArrayRef<int64_t>> axes,
                   Value axesOperand, bool keepDims, EmptyAxesMode emptyAxes,
                   NanMode nanMode, IntRounding rounding,
                   ReductionOpList<OpTys...>) {
  Value result;
  auto tryOne = [&](auto tag) {
    using OpTy = typename decltype(tag)::type;
    if (OpTy::kKind != kind)
      return false;
    OpTy op = axes ? OpTy::create(builder, loc, input, *axes, keepDims)
                   : OpTy::create(builder, loc, input, axesOperand, keepDims,
                                  emptyAxes);
    if constexpr (hasNanMode(OpTy::kKind))
      op.setNanMode(nanMode);
    if constexpr (hasRounding(OpTy::kKind))
      op.setRounding(rounding);
    result = op.getResult();
    return true;
  };
  (void)(tryOne(llvm::type_identity<OpTys>()) || ...);
  return result;
}
} // namespace

FailureOr<Value> mlir::reduce::createReduction(
    OpBuilder &builder, Location loc, ReductionKind kind, Value input,
    std::optional<ArrayRef<int64_t>> axes, Value axesOperand, bool keepDims,
    EmptyAxesMode emptyAxes, NanMode nanMode, IntRounding rounding) {
  // Inference checks every rule that does not involve the result type; the
  // inferred type then satisfies the rest, so the builders cannot fail.
  auto emitAtLocation = [&]() {
    InFlightDiagnostic diag = mlir::emitError(loc);
    diag << "'reduce." << stringifyReductionKind(kind) << "' op ";
    return diag;
  };
  if (failed(inferResultType(emitAtLocation, kind, input.getType(),
                             axesOperand, axes, keepDims, emptyAxes)))
    return failure();
  if (rounding != IntRounding::toward_zero &&
      !isa<IntegerType>(getElementTypeOrSelf(input.getType()))) {
    emitAtLocation() << "rounding '" << stringifyIntRounding(rounding)
                     << "' applies to integer element types only, found "
                     << getElementTypeOrSelf(input.getType());
    return failure();
  }
  return createByKind(builder, loc, kind, input, axes, axesOperand, keepDims,
                      emptyAxes, nanMode, rounding, AllReductionOps());
}
