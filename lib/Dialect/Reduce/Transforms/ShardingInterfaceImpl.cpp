//===- ShardingInterfaceImpl.cpp - Reduce ops in upstream sharding -------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A reduction with static axes is a loop nest: the input's dims, the reduced
// ones as reduction loops, and with `keep_dims` one parallel loop of size 1
// per reduced dim for the unit dims of the result (the result map must be a
// projected permutation). When a reduction loop is split over grid axes, the
// op is partitioned into
//   1. the partial reduction of each process's slice (sum for mean and
//      log_sum, sum_square for l2, the op itself for the others),
//   2. the combination of the partials of a reduction group: a
//      `shard.all_reduce` with the combiner (sum, product, integer min and
//      max, and/or as min/max of bytes), or for the float min, max and
//      log_sum_exp, whose NaN and signed-zero semantics no MPI operation
//      has, a gather of every partial (their bits or-ed into a zero tensor
//      with one row per process) reduced by the op itself,
//   3. the op's finalization (the division of mean by the global count, the
//      square root of l2, the log of log_sum).
// 16-bit float partials of sums and products are combined in f32.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/Transforms/ShardingInterfaceImpl.h"
#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Shard/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace mlir::reduce;
using shard::GridAxis;
using shard::Sharding;

namespace {

/// What the partition needs of a reduction op.
struct ReductionInfo {
  ReductionKind kind;
  Value input;
  /// Sorted, non-negative; none for a runtime axes operand.
  std::optional<SmallVector<int64_t>> axes;
  bool keepDims;
  NanMode nanMode;
};

ReductionInfo getInfo(Operation *op) {
  return switchReductionOp(op, ReductionInfo{}, [](auto reduction) {
    ReductionInfo info;
    info.kind = decltype(reduction)::kKind;
    info.input = reduction.getInput();
    info.keepDims = reduction.getKeepDims();
    info.nanMode = getNanModeOf(reduction);
    auto inputType = dyn_cast<RankedTensorType>(info.input.getType());
    if (reduction.hasStaticAxes() && inputType) {
      std::optional<ArrayRef<int64_t>> staticAxes = reduction.getAxes();
      // A verified op's axes are in range.
      FailureOr<SmallVector<int64_t>> axes =
          normalizeAxes(*staticAxes, inputType.getRank());
      if (succeeded(axes))
        info.axes = std::move(*axes);
    }
    return info;
  });
}

/// The loop nest of a reduction with static axes of a ranked input.
struct LoopSpace {
  SmallVector<utils::IteratorType> iterators;
  AffineMap inputMap, resultMap;
};

std::optional<LoopSpace> getLoopSpace(const ReductionInfo &info,
                                      MLIRContext *context) {
  auto inputType = dyn_cast<RankedTensorType>(info.input.getType());
  if (!info.axes || !inputType)
    return std::nullopt;
  int64_t rank = inputType.getRank();
  int64_t numLoops =
      rank + (info.keepDims ? static_cast<int64_t>(info.axes->size()) : 0);
  LoopSpace space;
  space.iterators.assign(numLoops, utils::IteratorType::parallel);
  SmallVector<AffineExpr> resultExprs;
  int64_t unitLoop = rank;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!llvm::is_contained(*info.axes, dim)) {
      resultExprs.push_back(getAffineDimExpr(dim, context));
      continue;
    }
    space.iterators[dim] = utils::IteratorType::reduction;
    if (info.keepDims)
      resultExprs.push_back(getAffineDimExpr(unitLoop++, context));
  }
  SmallVector<AffineExpr> inputExprs;
  for (int64_t dim = 0; dim < rank; ++dim)
    inputExprs.push_back(getAffineDimExpr(dim, context));
  space.inputMap = AffineMap::get(numLoops, 0, inputExprs, context);
  space.resultMap = AffineMap::get(numLoops, 0, resultExprs, context);
  return space;
}

/// The kind of the partial reduction of each process's slice.
ReductionKind getPartialKind(ReductionKind kind) {
  switch (kind) {
  case ReductionKind::mean:
  case ReductionKind::log_sum:
    return ReductionKind::sum;
  case ReductionKind::l2:
    return ReductionKind::sum_square;
  default:
    return kind;
  }
}

/// True if the partials of `kind` on `elementType` are combined by
/// gathering them and reducing with the op (see the file comment).
bool combinesByGather(ReductionKind kind, Type elementType) {
  return kind == ReductionKind::log_sum_exp ||
         ((kind == ReductionKind::min || kind == ReductionKind::max) &&
          isa<FloatType>(elementType));
}

/// The collective that combines the partials of `kind` when they are not
/// gathered.
shard::ReductionKind getCollectiveKind(ReductionKind kind) {
  switch (kind) {
  case ReductionKind::prod:
    return shard::ReductionKind::Product;
  case ReductionKind::min:
  case ReductionKind::logical_and:
    return shard::ReductionKind::Min;
  case ReductionKind::max:
  case ReductionKind::logical_or:
    return shard::ReductionKind::Max;
  default:
    return shard::ReductionKind::Sum;
  }
}

/// Returns `fn` applied elementwise to `inputs` (same shape), into a tensor
/// of `elementType`.
Value mapElements(ImplicitLocOpBuilder &b, ValueRange inputs,
                  Type elementType,
                  function_ref<Value(OpBuilder &, Location, ValueRange)> fn) {
  auto type = cast<RankedTensorType>(inputs.front().getType());
  Value init = tensor::EmptyOp::create(b, type.getShape(), elementType);
  auto map = linalg::MapOp::create(
      b, inputs, init, [&](OpBuilder &nested, Location loc, ValueRange args) {
        linalg::YieldOp::create(nested, loc, fn(nested, loc, args));
      });
  return map.getResult().front();
}

/// Converts the elements of `value` to `elementType` (float extension or
/// truncation, integer extension or truncation of i1/i8).
Value convertElements(ImplicitLocOpBuilder &b, Value value, Type elementType,
                      bool isUnsigned = true) {
  Type from = cast<RankedTensorType>(value.getType()).getElementType();
  if (from == elementType)
    return value;
  return mapElements(
      b, value, elementType, [&](OpBuilder &nb, Location loc, ValueRange x) {
        if (isa<FloatType>(from))
          return from.getIntOrFloatBitWidth() <
                         elementType.getIntOrFloatBitWidth()
                     ? arith::ExtFOp::create(nb, loc, elementType, x[0])
                           .getResult()
                     : arith::TruncFOp::create(nb, loc, elementType, x[0])
                           .getResult();
        if (from.getIntOrFloatBitWidth() < elementType.getIntOrFloatBitWidth())
          return isUnsigned
                     ? arith::ExtUIOp::create(nb, loc, elementType, x[0])
                           .getResult()
                     : arith::ExtSIOp::create(nb, loc, elementType, x[0])
                           .getResult();
        return arith::TruncIOp::create(nb, loc, elementType, x[0]).getResult();
      });
}

/// Returns the elements of `value` reinterpreted as `elementType`, of the
/// same width (float and signless integer types).
Value bitcastElements(ImplicitLocOpBuilder &b, Value value, Type elementType) {
  return mapElements(
      b, value, elementType, [&](OpBuilder &nb, Location loc, ValueRange x) {
        return arith::BitcastOp::create(nb, loc, elementType, x[0])
            .getResult();
      });
}

/// The partials of the reduction group over `gridAxes`, gathered: a tensor
/// with one more leading dim, of the group size, holding each process's
/// `partial` at its index in the group (their bits or-ed into zeros).
Value gatherPartials(ImplicitLocOpBuilder &b, Value partial,
                     shard::GridOp grid, ArrayRef<GridAxis> gridAxes) {
  auto type = cast<RankedTensorType>(partial.getType());
  Type elementType = type.getElementType();
  Type bitsType = b.getIntegerType(elementType.getIntOrFloatBitWidth());
  int64_t groupSize = 1;
  for (GridAxis axis : gridAxes)
    groupSize *= grid.getShape()[axis];
  SmallVector<int64_t> gatheredShape = {groupSize};
  llvm::append_range(gatheredShape, type.getShape());

  Value bits = bitcastElements(b, partial, bitsType);
  Value zero = arith::ConstantOp::create(b, b.getIntegerAttr(bitsType, 0));
  Value zeros = linalg::FillOp::create(
                    b, zero,
                    ValueRange{tensor::EmptyOp::create(b, gatheredShape,
                                                       bitsType)})
                    .getResult(0);
  Value index =
      shard::createProcessLinearIndex(grid.getSymName(), gridAxes, b);
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(rank + 1, b.getIndexAttr(0));
  offsets[0] = index;
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1)};
  for (int64_t size : type.getShape())
    sizes.push_back(b.getIndexAttr(size));
  SmallVector<OpFoldResult> strides(rank + 1, b.getIndexAttr(1));
  Value placed =
      tensor::InsertSliceOp::create(b, bits, zeros, offsets, sizes, strides);
  Value gathered = shard::AllReduceOp::create(
      b, placed, grid.getSymName(), gridAxes,
      shard::ReductionKind::BitwiseOr);
  return bitcastElements(b, gathered, elementType);
}

/// The number of elements each result reduces, over the whole input, as an
/// index: the static size of each reduced dim, or for a dynamic one (which a
/// process holds whole: split dims are static) its size in `localInput`.
Value getReducedCount(ImplicitLocOpBuilder &b, const ReductionInfo &info,
                      Value localInput) {
  auto inputType = cast<RankedTensorType>(info.input.getType());
  Value count;
  for (int64_t axis : *info.axes) {
    Value size =
        inputType.isDynamicDim(axis)
            ? tensor::DimOp::create(b, localInput, axis).getResult()
            : arith::ConstantIndexOp::create(b, inputType.getDimSize(axis))
                  .getResult();
    count = count ? b.createOrFold<arith::MulIOp>(count, size) : size;
  }
  return count ? count : arith::ConstantIndexOp::create(b, 1).getResult();
}

/// The op's finalization of the combined `total` (the sum for mean and
/// log_sum, the sum of squares for l2), into `resultElementType`; `count`
/// (index) is the number of elements a mean divides by.
Value finalize(ImplicitLocOpBuilder &b, const ReductionInfo &info,
               Value total, Value count, Type resultElementType) {
  Type type = cast<RankedTensorType>(total.getType()).getElementType();
  bool isUnsigned = resultElementType.isUnsignedInteger();
  switch (info.kind) {
  case ReductionKind::mean: {
    Value count64 =
        b.createOrFold<arith::IndexCastUIOp>(b.getI64Type(), count);
    if (isa<FloatType>(type)) {
      // 0 / 0 is NaN, the op's mean of an empty set.
      Value n = b.createOrFold<arith::UIToFPOp>(type, count64);
      Value divided = mapElements(
          b, total, type, [&](OpBuilder &nb, Location loc, ValueRange x) {
            return arith::DivFOp::create(nb, loc, x[0], n).getResult();
          });
      return convertElements(b, divided, resultElementType);
    }
    // The wrapped sum widened to i64, divided truncating toward zero (the
    // op's integer mean; 0 for an empty set), then truncated back.
    Type i64 = b.getI64Type();
    Type signless = b.getIntegerType(type.getIntOrFloatBitWidth());
    Value sum = total;
    if (type != signless)
      sum = tensor::BitcastOp::create(
          b, cast<RankedTensorType>(total.getType()).clone(signless), total);
    Value wide = convertElements(b, sum, i64, isUnsigned);
    Value zero = arith::ConstantIntOp::create(b, i64, 0);
    Value one = arith::ConstantIntOp::create(b, i64, 1);
    Value empty = b.createOrFold<arith::CmpIOp>(arith::CmpIPredicate::eq,
                                                count64, zero);
    Value divisor = b.createOrFold<arith::SelectOp>(empty, one, count64);
    Value quotient =
        mapElements(b, wide, i64, [&](OpBuilder &nb, Location loc,
                                      ValueRange x) {
          Value q = isUnsigned
                        ? arith::DivUIOp::create(nb, loc, x[0], divisor)
                              .getResult()
                        : arith::DivSIOp::create(nb, loc, x[0], divisor)
                              .getResult();
          return arith::SelectOp::create(nb, loc, empty, zero, q).getResult();
        });
    Value narrow = convertElements(b, quotient, signless);
    if (signless == resultElementType)
      return narrow;
    return tensor::BitcastOp::create(
        b, cast<RankedTensorType>(narrow.getType()).clone(resultElementType),
        narrow);
  }
  case ReductionKind::l2:
  case ReductionKind::log_sum: {
    bool isL2 = info.kind == ReductionKind::l2;
    Value finished = mapElements(
        b, total, type, [&](OpBuilder &nb, Location loc, ValueRange x) {
          return isL2 ? math::SqrtOp::create(nb, loc, x[0]).getResult()
                      : math::LogOp::create(nb, loc, x[0]).getResult();
        });
    return convertElements(b, finished, resultElementType);
  }
  default:
    return convertElements(b, total, resultElementType);
  }
}

struct ReductionShardingInterface {
  template <typename OpTy>
  struct Model : public shard::ShardingInterface::ExternalModel<Model<OpTy>,
                                                                OpTy> {
    SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
      std::optional<LoopSpace> space =
          getLoopSpace(getInfo(op), op->getContext());
      return space ? space->iterators : SmallVector<utils::IteratorType>();
    }

    SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
      std::optional<LoopSpace> space =
          getLoopSpace(getInfo(op), op->getContext());
      if (!space)
        return {};
      return {space->inputMap, space->resultMap};
    }

    SmallVector<shard::ReductionKind>
    getReductionLoopIteratorKinds(Operation *op) const {
      ReductionInfo info = getInfo(op);
      std::optional<LoopSpace> space = getLoopSpace(info, op->getContext());
      if (!space)
        return {};
      shard::ReductionKind kind =
          combinesByGather(info.kind, getElementTypeOrSelf(info.input))
              ? shard::ReductionKind::Generic
              : getCollectiveKind(getPartialKind(info.kind));
      return SmallVector<shard::ReductionKind>(info.axes->size(), kind);
    }

    FailureOr<shard::ShardingOption>
    getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                      ArrayRef<Sharding> resultShardings) const {
      ReductionInfo info = getInfo(op);
      if (!getLoopSpace(info, op->getContext()))
        return op->emitOpError(
            "cannot be sharded: expected static axes and a ranked input");
      return shard::detail::defaultGetShardingOption(op, operandShardings,
                                                     resultShardings);
    }

    LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                            ArrayRef<Sharding> operandShardings,
                            ArrayRef<Sharding> resultShardings,
                            IRMapping &partitionMap,
                            SymbolTableCollection &symbolTable,
                            OpBuilder &builder) const {
      ReductionInfo info = getInfo(op);
      std::optional<LoopSpace> space = getLoopSpace(info, op->getContext());
      if (!space)
        return op->emitOpError(
            "cannot be partitioned: expected static axes and a ranked input");
      SmallVector<AffineMap> maps = {space->inputMap, space->resultMap};
      shard::ShardingArray assignment =
          shard::getGridAxisAssignmentForLoopIterators(
              operandShardings, resultShardings, space->iterators, maps);
      if (!shard::isAtLeastOneReductionIteratorSharded(space->iterators,
                                                       assignment)) {
        shard::partitionTriviallyShardableOperation(
            *op, partitionedOperands, operandShardings, resultShardings,
            partitionMap, symbolTable, builder);
        return success();
      }
      SmallVector<GridAxis> gridAxes =
          shard::getReductionGridAxes(space->iterators, assignment);
      const Sharding &sharding =
          operandShardings.front() ? operandShardings.front()
                                   : resultShardings.front();
      shard::GridOp grid =
          shard::getGrid(op, sharding.getGridAttr(), symbolTable);
      if (!grid || ShapedType::isDynamicShape(grid.getShape()))
        return op->emitOpError(
            "cannot be partitioned: expected a grid of static shape");

      ImplicitLocOpBuilder b(op->getLoc(), builder);
      Type elementType = getElementTypeOrSelf(info.input);
      Type resultElementType = getElementTypeOrSelf(op->getResult(0));
      ReductionKind partialKind = getPartialKind(info.kind);
      FailureOr<Value> partial = createReduction(
          b, op->getLoc(), partialKind, partitionedOperands.front(),
          ArrayRef<int64_t>(*info.axes), Value(), info.keepDims,
          EmptyAxesMode::noop, info.nanMode);
      if (failed(partial))
        return failure();

      Value total;
      if (combinesByGather(info.kind, elementType)) {
        Value gathered = gatherPartials(b, *partial, grid, gridAxes);
        FailureOr<Value> combined = createReduction(
            b, op->getLoc(), info.kind, gathered, ArrayRef<int64_t>{0},
            Value(), /*keepDims=*/false, EmptyAxesMode::noop, info.nanMode);
        if (failed(combined))
          return failure();
        total = *combined;
      } else {
        // 16-bit floats are combined (and finalized) in f32, bools as
        // bytes.
        Type collectiveType = elementType;
        if (isa<FloatType>(elementType) &&
            elementType.getIntOrFloatBitWidth() < 32)
          collectiveType = b.getF32Type();
        else if (elementType.isInteger(1))
          collectiveType = b.getI8Type();
        Value widened = convertElements(b, *partial, collectiveType);
        total = shard::AllReduceOp::create(b, widened, grid.getSymName(),
                                           gridAxes,
                                           getCollectiveKind(partialKind));
      }
      Value count =
          info.kind == ReductionKind::mean
              ? getReducedCount(b, info, partitionedOperands.front())
              : Value();
      Value result = finalize(b, info, total, count, resultElementType);
      // The partitioned result has the local shape: its kept dims may be
      // split too.
      Type localType = resultShardings.front()
                           ? shard::shardType(op->getResult(0).getType(),
                                              grid, resultShardings.front())
                           : result.getType();
      if (result.getType() != localType)
        result = tensor::CastOp::create(b, localType, result);
      partitionMap.map(op->getResult(0), result);
      return success();
    }
  };

  template <typename... OpTys>
  static void attach(MLIRContext *context, ReductionOpList<OpTys...>) {
    (OpTys::template attachInterface<Model<OpTys>>(*context), ...);
  }
};

} // namespace

void mlir::reduce::registerShardingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, ReduceDialect *) {
    context->loadDialect<arith::ArithDialect, linalg::LinalgDialect,
                         math::MathDialect, shard::ShardDialect,
                         tensor::TensorDialect>();
    ReductionShardingInterface::attach(context, AllReductionOps());
  });
}
