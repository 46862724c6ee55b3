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
// 16-bit float partials of sums and products are combined in f32. Integer
// l2, log_sum and log_sum_exp run these steps in f64 on an f64 copy of the
// local block, then convert as the op does; the integer mean is combined
// exactly by combineIntegerMean (docs/distributed.md).
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/Transforms/ShardingInterfaceImpl.h"
#include "reduce/Dialect/Reduce/IR/IntegerResults.h"
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
  IntRounding rounding;
};

ReductionInfo getInfo(Operation *op) {
  auto reduction = cast<ReductionOpInterface>(op);
  ReductionInfo info;
  info.kind = reduction.getReductionKind();
  info.input = reduction.getInput();
  info.keepDims = reduction.getKeepDims();
  info.nanMode = reduction.getNanModeOrDefault();
  info.rounding = reduction.getRoundingOrDefault();
  auto inputType = dyn_cast<RankedTensorType>(info.input.getType());
  if (reduction.hasStaticAxes() && inputType) {
    // A verified op's axes are in range.
    FailureOr<SmallVector<int64_t>> axes =
        normalizeAxes(*reduction.getAxes(), inputType.getRank());
    if (succeeded(axes))
      info.axes = std::move(*axes);
  }
  return info;
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

/// True if the partials of `kind` on `elementType` are combined by
/// gathering them and reducing with the op (see the file comment): the
/// float min and max, and log_sum_exp, whose terms depend on a shift.
bool combinesByGather(ReductionKind kind, Type elementType) {
  const ReductionKindInfo &info = getKindInfo(kind);
  bool isMinMax =
      info.combiner == Combiner::min || info.combiner == Combiner::max;
  return info.term == ElementTerm::shifted_exp ||
         (isMinMax && isa<FloatType>(elementType));
}

/// The collective that combines the partials of `kind` when they are not
/// gathered: its combiner (and/or as min/max of bytes).
shard::ReductionKind getCollectiveKind(ReductionKind kind) {
  switch (getKindInfo(kind).combiner) {
  case Combiner::add:
    return shard::ReductionKind::Sum;
  case Combiner::mul:
    return shard::ReductionKind::Product;
  case Combiner::min:
  case Combiner::bit_and:
    return shard::ReductionKind::Min;
  case Combiner::max:
  case Combiner::bit_or:
    return shard::ReductionKind::Max;
  }
  llvm_unreachable("unknown combiner");
}

/// Returns `fn` applied elementwise to `inputs` (same shape), into a tensor
/// of `elementType`.
Value mapElements(ImplicitLocOpBuilder &b, ValueRange inputs,
                  Type elementType,
                  function_ref<Value(OpBuilder &, Location, ValueRange)> fn) {
  Value init = tensor::EmptyOp::create(
      b, tensor::getMixedSizes(b, b.getLoc(), inputs.front()), elementType);
  auto map = linalg::MapOp::create(
      b, inputs, init, [&](OpBuilder &nested, Location loc, ValueRange args) {
        linalg::YieldOp::create(nested, loc, fn(nested, loc, args));
      });
  return map.getResult().front();
}

/// Converts the elements of `value` to `elementType` (float extension or
/// truncation, integer extension or truncation, integer to float; signless
/// types, integers read as unsigned when `isUnsigned`).
Value convertElements(ImplicitLocOpBuilder &b, Value value, Type elementType,
                      bool isUnsigned = true) {
  Type from = cast<RankedTensorType>(value.getType()).getElementType();
  if (from == elementType)
    return value;
  return mapElements(
      b, value, elementType, [&](OpBuilder &nb, Location loc, ValueRange x) {
        if (!isa<FloatType>(from) && isa<FloatType>(elementType))
          return isUnsigned
                     ? arith::UIToFPOp::create(nb, loc, elementType, x[0])
                           .getResult()
                     : arith::SIToFPOp::create(nb, loc, elementType, x[0])
                           .getResult();
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
  switch (getKindInfo(info.kind).finalizer) {
  case Finalizer::mean: {
    if (isa<FloatType>(type)) {
      // 0 / 0 is NaN, the op's mean of an empty set.
      Value count64 =
          b.createOrFold<arith::IndexCastUIOp>(b.getI64Type(), count);
      Value n = b.createOrFold<arith::UIToFPOp>(type, count64);
      Value divided = mapElements(
          b, total, type, [&](OpBuilder &nb, Location loc, ValueRange x) {
            return arith::DivFOp::create(nb, loc, x[0], n).getResult();
          });
      return convertElements(b, divided, resultElementType);
    }
    // Integer means are combined exactly by combineIntegerMean.
    llvm_unreachable("finalize of an integer mean");
  }
  case Finalizer::sqrt:
  case Finalizer::log: {
    bool isSqrt = getKindInfo(info.kind).finalizer == Finalizer::sqrt;
    Value finished = mapElements(
        b, total, type, [&](OpBuilder &nb, Location loc, ValueRange x) {
          return isSqrt ? math::SqrtOp::create(nb, loc, x[0]).getResult()
                        : math::LogOp::create(nb, loc, x[0]).getResult();
        });
    return convertElements(b, finished, resultElementType);
  }
  case Finalizer::none:
  case Finalizer::log_plus_shift:
    // log_sum_exp's gathered partials were reduced by the op itself.
    break;
  }
  return convertElements(b, total, resultElementType);
}

/// Returns `value` with a signless element type (a `tensor.bitcast` of an
/// unsigned one).
Value toSignless(ImplicitLocOpBuilder &b, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  Type elementType = type.getElementType();
  if (!elementType.isUnsignedInteger())
    return value;
  return tensor::BitcastOp::create(
      b, type.clone(b.getIntegerType(elementType.getIntOrFloatBitWidth())),
      value);
}

/// Returns the signless `value` with the element type `elementType` of the
/// same width (a `tensor.bitcast` to an unsigned one).
Value fromSignless(ImplicitLocOpBuilder &b, Value value, Type elementType) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getElementType() == elementType)
    return value;
  return tensor::BitcastOp::create(b, type.clone(elementType), value);
}

/// The reduction of `localInput` by the op of `info` across the reduction
/// group over `gridAxes`: the partial reduction of the local block, the
/// combination of the partials (a collective or a gather), and the op's
/// finalization, into `resultElementType`.
FailureOr<Value> combineAcrossGroup(ImplicitLocOpBuilder &b,
                                    const ReductionInfo &info,
                                    Value localInput, shard::GridOp grid,
                                    ArrayRef<GridAxis> gridAxes,
                                    Type resultElementType) {
  Type elementType = getElementTypeOrSelf(localInput);
  ReductionKind partialKind = getKindInfo(info.kind).partialKind;
  FailureOr<Value> partial = createReduction(
      b, b.getLoc(), partialKind, localInput, ArrayRef<int64_t>(*info.axes),
      Value(), info.keepDims, EmptyAxesMode::noop, info.nanMode);
  if (failed(partial))
    return failure();

  Value total;
  if (combinesByGather(info.kind, elementType)) {
    Value gathered = gatherPartials(b, *partial, grid, gridAxes);
    FailureOr<Value> combined = createReduction(
        b, b.getLoc(), info.kind, gathered, ArrayRef<int64_t>{0}, Value(),
        /*keepDims=*/false, EmptyAxesMode::noop, info.nanMode);
    if (failed(combined))
      return failure();
    total = *combined;
  } else {
    // 16-bit floats are combined (and finalized) in f32, bools as bytes.
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
  Value count = getKindInfo(info.kind).finalizer == Finalizer::mean
                    ? getReducedCount(b, info, localInput)
                    : Value();
  return finalize(b, info, total, count, resultElementType);
}

/// The exact integer mean across the reduction group (see reduce.mean).
/// Every process holds `m` of the `k * m` reduced elements of a result (a
/// split dim divides evenly). On 64-bit values (narrower ones widened in a
/// copy of the local input), each process computes its exact local mean
/// `q` and the remainder `r = s - q * m` of its wrapped local sum `s`
/// (|r| < m, so the wrapped arithmetic is exact), and splits
/// `q = k * a + c`. The sums `A`, `C`, `R` of `a`, `c`, `r` over the group
/// cannot overflow, and the total is `k * m * A + E` with
/// `E = m * C + R` (|E| < m * k^2 + k * m). With `F = floor(E / (k * m))`,
/// the mean is `A + F`, plus 1 when that is negative and `E` is not a
/// multiple of `k * m` (truncation toward zero).
FailureOr<Value> combineIntegerMean(ImplicitLocOpBuilder &b,
                                    const ReductionInfo &info,
                                    Value localInput, shard::GridOp grid,
                                    ArrayRef<GridAxis> gridAxes) {
  Type elementType = getElementTypeOrSelf(localInput);
  bool isUnsigned = elementType.isUnsignedInteger();
  Type i64 = b.getI64Type();
  Value wide = convertElements(b, toSignless(b, localInput), i64, isUnsigned);
  if (isUnsigned)
    wide = fromSignless(b, wide, b.getIntegerType(64, /*isSigned=*/false));
  auto reduceLocal = [&](ReductionKind kind) -> FailureOr<Value> {
    FailureOr<Value> local = createReduction(
        b, b.getLoc(), kind, wide, ArrayRef<int64_t>(*info.axes), Value(),
        info.keepDims);
    if (failed(local))
      return failure();
    return toSignless(b, *local);
  };
  FailureOr<Value> q = reduceLocal(ReductionKind::mean);
  FailureOr<Value> s = reduceLocal(ReductionKind::sum);
  if (failed(q) || failed(s))
    return failure();

  int64_t groupSize = 1;
  for (GridAxis axis : gridAxes)
    groupSize *= grid.getShape()[axis];
  Value k = arith::ConstantIntOp::create(b, i64, groupSize);
  Value global = b.createOrFold<arith::IndexCastUIOp>(
      i64, getReducedCount(b, info, localInput));
  Value m = b.createOrFold<arith::DivUIOp>(global, k);
  auto divide = [&](OpBuilder &nb, Location loc, Value x, Value y) {
    return isUnsigned ? arith::DivUIOp::create(nb, loc, x, y).getResult()
                      : arith::DivSIOp::create(nb, loc, x, y).getResult();
  };
  auto map = [&](ValueRange inputs,
                 function_ref<Value(OpBuilder &, Location, ValueRange)> fn) {
    return mapElements(b, inputs, i64, fn);
  };
  auto allReduceSum = [&](Value value) -> Value {
    return shard::AllReduceOp::create(b, value, grid.getSymName(), gridAxes,
                                      shard::ReductionKind::Sum);
  };
  Value a = map({*q}, [&](OpBuilder &nb, Location loc, ValueRange x) {
    return divide(nb, loc, x[0], k);
  });
  Value c = map({*q}, [&](OpBuilder &nb, Location loc, ValueRange x) {
    return isUnsigned ? arith::RemUIOp::create(nb, loc, x[0], k).getResult()
                      : arith::RemSIOp::create(nb, loc, x[0], k).getResult();
  });
  Value r = map({*q, *s}, [&](OpBuilder &nb, Location loc, ValueRange x) {
    Value qm = arith::MulIOp::create(nb, loc, x[0], m);
    return arith::SubIOp::create(nb, loc, x[1], qm).getResult();
  });
  Value sumA = allReduceSum(a), sumC = allReduceSum(c), sumR = allReduceSum(r);
  Value mean = map({sumA, sumC, sumR}, [&](OpBuilder &nb, Location loc,
                                            ValueRange x) {
    Value zero = arith::ConstantIntOp::create(nb, loc, i64, 0);
    Value one = arith::ConstantIntOp::create(nb, loc, i64, 1);
    Value km = arith::MulIOp::create(nb, loc, k, m);
    // No element is reduced when m is 0: then A, C and R are 0 too.
    Value kmIsZero =
        arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::eq, km, zero);
    Value divisor = arith::SelectOp::create(nb, loc, kmIsZero, one, km);
    Value e = arith::AddIOp::create(
        nb, loc, arith::MulIOp::create(nb, loc, m, x[1]), x[2]);
    Value f = divide(nb, loc, e, divisor);
    if (isUnsigned)
      return arith::AddIOp::create(nb, loc, x[0], f).getResult();
    // Truncated to floored: E - F * km < 0 moves F down by one.
    Value rem = arith::SubIOp::create(
        nb, loc, e, arith::MulIOp::create(nb, loc, f, divisor));
    Value remNegative =
        arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::slt, rem, zero);
    f = arith::SubIOp::create(
        nb, loc, f, arith::ExtUIOp::create(nb, loc, i64, remNegative));
    rem = arith::SelectOp::create(
        nb, loc, remNegative, arith::AddIOp::create(nb, loc, rem, divisor),
        rem);
    Value floored = arith::AddIOp::create(nb, loc, x[0], f);
    // Floored to truncated: a negative mean with a remainder moves up.
    Value negative = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::slt,
                                           floored, zero);
    Value inexact =
        arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::ne, rem, zero);
    Value up = arith::AndIOp::create(nb, loc, negative, inexact);
    return arith::AddIOp::create(nb, loc, floored,
                                 arith::ExtUIOp::create(nb, loc, i64, up))
        .getResult();
  });
  auto signless = b.getIntegerType(elementType.getIntOrFloatBitWidth());
  return fromSignless(b, convertElements(b, mean, signless), elementType);
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
              : getCollectiveKind(getKindInfo(info.kind).partialKind);
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
      Value localInput = partitionedOperands.front();
      FailureOr<Value> combined;
      if (isa<IntegerType>(elementType) &&
          getKindInfo(info.kind).finalizer == Finalizer::mean) {
        combined = combineIntegerMean(b, info, localInput, grid, gridAxes);
      } else if (isa<IntegerType>(elementType) &&
                 computesIntegersInF64(info.kind)) {
        // Computed in f64 on a copy of the local input, converted back as
        // the op converts its f64 result.
        bool isUnsigned = elementType.isUnsignedInteger();
        Value wide = convertElements(b, toSignless(b, localInput),
                                     b.getF64Type(), isUnsigned);
        combined = combineAcrossGroup(b, info, wide, grid, gridAxes,
                                      b.getF64Type());
        if (succeeded(combined)) {
          auto signless = b.getIntegerType(elementType.getIntOrFloatBitWidth());
          combined = fromSignless(
              b,
              mapElements(b, *combined, signless,
                          [&](OpBuilder &nb, Location loc, ValueRange x) {
                            return createSaturatingFloatToInt(
                                nb, loc, x[0], signless, isUnsigned,
                                info.rounding);
                          }),
              resultElementType);
        }
      } else {
        combined = combineAcrossGroup(b, info, localInput, grid, gridAxes,
                                      resultElementType);
      }
      if (failed(combined))
        return failure();
      Value result = *combined;
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
