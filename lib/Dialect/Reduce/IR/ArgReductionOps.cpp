//===- ArgReductionOps.cpp - ArgMax and ArgMin ops --------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verification and folding of reduce.argmax and reduce.argmin. The folder
// evaluates constant inputs with the ops' exact order (NaN rules, ties,
// signed and unsigned integers) and knows that every index along a size-1
// axis is 0.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/AxisOps.h"

#include "reduce/Dialect/Reduce/IR/FoldLimits.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

using namespace mlir;
using namespace mlir::reduce;

#define GET_OP_CLASSES
#include "reduce/Dialect/Reduce/IR/ArgReductionOps.cpp.inc"

template <typename OpTy>
static LogicalResult verifyArgReduction(OpTy op) {
  RankedTensorType inputType = op.getInput().getType();
  if (failed(verifyAxis([&] { return op.emitOpError(); }, op.getAxis(),
                        inputType.getRank())))
    return failure();
  if (inputType.getDimSize(op.getNormalizedAxis()) == 0)
    return op.emitOpError("reduces axis ")
           << op.getAxis() << " of size 0 in "
           << formatDynamicShape(inputType.getShape())
           << ": an empty set has no index (expected a reduced dim of size 1 "
              "or more)";
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  RankedTensorType inferred = inferArgReductionType(
      inputType, op.getAxis(), op.getKeepDims(), resultType.getElementType());
  if (resultType != inferred)
    return op.emitOpError("result type ")
           << resultType << " does not match the inferred type " << inferred;
  return success();
}

LogicalResult ArgMaxOp::verify() { return verifyArgReduction(*this); }
LogicalResult ArgMinOp::verify() { return verifyArgReduction(*this); }

//===----------------------------------------------------------------------===//
// Folding
//===----------------------------------------------------------------------===//

namespace {
/// The order of an arg-reduction on one element type: whether an element
/// takes the place of the one selected so far.
struct ArgOrder {
  bool isMax;
  bool selectLast;
  bool ignoreNan;
  bool isUnsigned;

  /// Compares two integers: -1, 0 or 1 as `a` is below, equal to or above
  /// `b`.
  int compare(const APInt &a, const APInt &b) const {
    if (a == b)
      return 0;
    return (isUnsigned ? a.ult(b) : a.slt(b)) ? -1 : 1;
  }

  /// Returns true if `x` replaces the selected element `best` (null:
  /// nothing is selected yet). NaNs are above (argmax) or below (argmin)
  /// every number and equal to one another.
  bool replaces(const APFloat &x, const APFloat *best) const {
    if (x.isNaN() && ignoreNan)
      return false;
    if (!best)
      return true;
    if (x.isNaN() || best->isNaN())
      return x.isNaN() && (!best->isNaN() || selectLast);
    APFloat::cmpResult cmp = x.compare(*best);
    return replacesFor(cmp == APFloat::cmpEqual      ? 0
                       : cmp == APFloat::cmpLessThan ? -1
                                                     : 1);
  }

  bool replaces(const APInt &x, const APInt *best) const {
    return !best || replacesFor(compare(x, *best));
  }

  /// Returns true if an element that compares `order` (-1, 0, 1) with the
  /// selected one replaces it.
  bool replacesFor(int order) const {
    if (order == 0)
      return selectLast;
    return isMax ? order > 0 : order < 0;
  }
};
} // namespace

/// Returns the indices of the selected elements of `values` (a static input
/// of `shape`) along `axis`.
template <typename T, typename Range>
static SmallVector<APInt> selectIndices(Range values, ArrayRef<int64_t> shape,
                                        int64_t axis, const ArgOrder &order,
                                        unsigned indexWidth) {
  AxisSplit split = splitAtAxis(shape, axis);
  SmallVector<T> elements(values.begin(), values.end());
  SmallVector<APInt> indices;
  indices.reserve(split.outer * split.inner);
  for (int64_t outer = 0; outer < split.outer; ++outer) {
    for (int64_t inner = 0; inner < split.inner; ++inner) {
      const T *bestValue = nullptr;
      int64_t best = 0;
      for (int64_t k = 0; k < split.size; ++k) {
        const T &x = elements[(outer * split.size + k) * split.inner + inner];
        if (order.replaces(x, bestValue)) {
          best = k;
          bestValue = &x;
        }
      }
      // A set of NaNs only, skipped with nan_mode ignore, gives 0.
      indices.push_back(APInt(indexWidth, best));
    }
  }
  return indices;
}

template <typename OpTy>
static OpFoldResult foldArgReduction(OpTy op, Attribute inputAttr) {
  RankedTensorType inputType = op.getInput().getType();
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  int64_t axis = op.getNormalizedAxis();
  unsigned indexWidth = resultType.getElementTypeBitWidth();
  // The only element of a size-1 axis is selected.
  if (inputType.getDimSize(axis) == 1 && resultType.hasStaticShape())
    return DenseElementsAttr::get(resultType, APInt(indexWidth, 0));

  auto input = dyn_cast_if_present<DenseElementsAttr>(inputAttr);
  if (input && inputType.hasStaticShape() &&
      inputType.getNumElements() <= kMaxFoldedElements) {
    Type elementType = inputType.getElementType();
    ArgOrder order{OpTy::kKind == ReductionKind::max,
                   op.getSelectLastIndex(),
                   op.getNanMode() == NanMode::ignore,
                   elementType.isUnsignedInteger()};
    SmallVector<APInt> indices =
        isa<FloatType>(elementType)
            ? selectIndices<APFloat>(input.getValues<APFloat>(),
                                     inputType.getShape(), axis, order,
                                     indexWidth)
            : selectIndices<APInt>(input.getValues<APInt>(),
                                   inputType.getShape(), axis, order,
                                   indexWidth);
    return DenseElementsAttr::get(resultType, indices);
  }

  if (op.getAxis() != axis) {
    op.setAxis(axis);
    return op.getResult();
  }
  return {};
}

OpFoldResult ArgMaxOp::fold(FoldAdaptor adaptor) {
  return foldArgReduction(*this, adaptor.getInput());
}
OpFoldResult ArgMinOp::fold(FoldAdaptor adaptor) {
  return foldArgReduction(*this, adaptor.getInput());
}
