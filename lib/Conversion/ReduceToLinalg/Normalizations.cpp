//===- Normalizations.cpp - Decompose the normalization ops -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites softmax, log_softmax, layer_norm, rms_norm, mvn and normalize_l2
// into reduce ops over the normalized dims and all-parallel linalg.generic
// ops. A generic's inputs are the op's input (identity map), per-row
// statistics (the reduced tensors, read through a map that drops the
// normalized dims) and the scale and bias (a map aligned on the last dim,
// 0 on their unit dims). Each formula follows the op's description in
// NormalizationOps.td step by step.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/ReduceToLinalg/ReduceToLinalg.h"

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEDECOMPOSENORMALIZATIONSPASS
#include "reduce/Conversion/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

namespace {

/// The scalar body of an elementwise generic: its block arguments (one per
/// input) to the value it yields.
using ScalarFn =
    llvm::function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// Builds the parts of one decomposition: reductions of the normalized dims
/// of `input` and elementwise generics over its shape or the reduced one.
class NormalizationBuilder {
public:
  NormalizationBuilder(OpBuilder &builder, Location loc, Value input,
                       ArrayRef<int64_t> axes)
      : b(builder), loc(loc), input(input),
        inputType(cast<RankedTensorType>(input.getType())),
        axes(axes.begin(), axes.end()) {}

  /// reduce.<kind> of `operand` (the input's shape) over the normalized
  /// dims, without keep_dims.
  Value reduce(ReductionKind kind, Value operand) {
    FailureOr<Value> result =
        createReduction(b, loc, kind, operand, ArrayRef<int64_t>(axes),
                        Value(), /*keepDims=*/false);
    assert(succeeded(result) && "the normalization op verified its axes");
    return *result;
  }

  /// A generic over the input's shape with element type `elementType`.
  /// `full` operands have the input's shape, `rows` operands the reduced
  /// one, `weights` operands broadcast aligned on the last dim; the body
  /// sees them in that order.
  Value overInput(Type elementType, ValueRange full, ValueRange rows,
                  ValueRange weights, ScalarFn body) {
    int64_t rank = inputType.getRank();
    SmallVector<AffineMap> maps(full.size(), b.getMultiDimIdentityMap(rank));
    for (size_t i = 0; i < rows.size(); ++i)
      maps.push_back(getRowMap());
    for (Value weight : weights)
      maps.push_back(getWeightMap(cast<RankedTensorType>(weight.getType())));
    SmallVector<Value> operands(full);
    llvm::append_range(operands, rows);
    llvm::append_range(operands, weights);
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(b, loc, input);
    return build(sizes, elementType, operands, maps, body);
  }

  /// A generic over the reduced shape: every operand is a reduced tensor.
  Value overRows(Type elementType, ValueRange rows, ScalarFn body) {
    SmallVector<OpFoldResult> sizes;
    for (int64_t dim = 0; dim < inputType.getRank(); ++dim)
      if (!llvm::is_contained(axes, dim))
        sizes.push_back(tensor::getMixedSize(b, loc, input, dim));
    SmallVector<AffineMap> maps(rows.size(),
                                b.getMultiDimIdentityMap(sizes.size()));
    return build(sizes, elementType, rows, maps, body);
  }

  /// `value` converted to the float type `type`.
  static Value convert(OpBuilder &builder, Location loc, Value value,
                       Type type) {
    unsigned from = value.getType().getIntOrFloatBitWidth();
    unsigned to = type.getIntOrFloatBitWidth();
    if (value.getType() == type)
      return value;
    // bf16 and f16 have the same width; both are exact in f32.
    if (from == to)
      return arith::TruncFOp::create(
          builder, loc, type,
          arith::ExtFOp::create(builder, loc, builder.getF32Type(), value));
    if (from < to)
      return arith::ExtFOp::create(builder, loc, type, value);
    return arith::TruncFOp::create(builder, loc, type, value);
  }

  /// The constant `value` of the float type `type` (rounded to it).
  static Value constant(OpBuilder &builder, Location loc, Type type,
                        double value) {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getFloatAttr(type, value));
  }

  /// The input converted to `type` (itself when it has that element type).
  Value inputAs(Type type) {
    if (inputType.getElementType() == type)
      return input;
    return overInput(type, input, {}, {},
                     [&](OpBuilder &builder, Location l, ValueRange args) {
                       return convert(builder, l, args[0], type);
                     });
  }

  /// `rows` (reduced over trailing normalized dims) reshaped to the input's
  /// shape with the normalized dims of size 1.
  Value expandRows(Value rows, RankedTensorType type) {
    int64_t kept = cast<RankedTensorType>(rows.getType()).getRank();
    SmallVector<ReassociationIndices> groups;
    for (int64_t dim = 0; dim < kept; ++dim)
      groups.push_back({dim});
    if (kept > 0)
      for (int64_t dim = kept; dim < type.getRank(); ++dim)
        groups.back().push_back(dim);
    return tensor::ExpandShapeOp::create(b, loc, type, rows, groups);
  }

private:
  /// The input's dims to the reduced tensor's: the normalized dims dropped.
  AffineMap getRowMap() {
    SmallVector<AffineExpr> results;
    for (int64_t dim = 0; dim < inputType.getRank(); ++dim)
      if (!llvm::is_contained(axes, dim))
        results.push_back(b.getAffineDimExpr(dim));
    return AffineMap::get(inputType.getRank(), 0, results, b.getContext());
  }

  /// The input's dims to a weight's, aligned on the last dim; a unit dim of
  /// the weight is read at 0 (it broadcasts, the verifier checked).
  AffineMap getWeightMap(RankedTensorType weight) {
    int64_t offset = inputType.getRank() - weight.getRank();
    SmallVector<AffineExpr> results;
    for (int64_t dim = 0; dim < weight.getRank(); ++dim)
      results.push_back(weight.getDimSize(dim) == 1
                            ? b.getAffineConstantExpr(0)
                            : b.getAffineDimExpr(offset + dim));
    return AffineMap::get(inputType.getRank(), 0, results, b.getContext());
  }

  Value build(ArrayRef<OpFoldResult> sizes, Type elementType,
              ValueRange operands, ArrayRef<AffineMap> inputMaps,
              ScalarFn body) {
    Value init = tensor::EmptyOp::create(b, loc, sizes, elementType);
    SmallVector<AffineMap> maps(inputMaps);
    maps.push_back(b.getMultiDimIdentityMap(sizes.size()));
    SmallVector<utils::IteratorType> iterators(sizes.size(),
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        b, loc, init.getType(), operands, init, maps, iterators,
        [&](OpBuilder &builder, Location l, ValueRange args) {
          Value result = body(builder, l, args.drop_back());
          linalg::YieldOp::create(builder, l, result);
        });
    return generic.getResult(0);
  }

  OpBuilder &b;
  Location loc;
  Value input;
  RankedTensorType inputType;
  SmallVector<int64_t> axes;
};

/// `exp(x - max(x))` over the normalized dims and the max: the shared part
/// of softmax and log_softmax.
template <typename OpTy>
std::pair<Value, Value> buildShiftedExp(NormalizationBuilder &nb, OpTy op) {
  Value max = nb.reduce(ReductionKind::max, op.getInput());
  Value exp = nb.overInput(
      op.getType().getElementType(), op.getInput(), max, {},
      [](OpBuilder &b, Location loc, ValueRange args) -> Value {
        Value shifted = arith::SubFOp::create(b, loc, args[0], args[1]);
        return math::ExpOp::create(b, loc, shifted);
      });
  return {max, exp};
}

Value decompose(OpBuilder &b, SoftmaxOp op) {
  NormalizationBuilder nb(b, op.getLoc(), op.getInput(),
                          op.getNormalizedAxes());
  auto [max, exp] = buildShiftedExp(nb, op);
  Value sum = nb.reduce(ReductionKind::sum, exp);
  return nb.overInput(op.getType().getElementType(), exp, sum, {},
                      [](OpBuilder &b, Location loc, ValueRange args) -> Value {
                        return arith::DivFOp::create(b, loc, args[0], args[1]);
                      });
}

Value decompose(OpBuilder &b, LogSoftmaxOp op) {
  NormalizationBuilder nb(b, op.getLoc(), op.getInput(),
                          op.getNormalizedAxes());
  auto [max, exp] = buildShiftedExp(nb, op);
  Value sum = nb.reduce(ReductionKind::sum, exp);
  return nb.overInput(
      op.getType().getElementType(), op.getInput(), {max, sum}, {},
      [](OpBuilder &b, Location loc, ValueRange args) -> Value {
        Value shifted = arith::SubFOp::create(b, loc, args[0], args[1]);
        Value log = math::LogOp::create(b, loc, args[2]);
        return arith::SubFOp::create(b, loc, shifted, log);
      });
}

/// `1 / sqrt(meanSquare + epsilon)` per row, in the type of `meanSquare`.
Value buildInverseRoot(NormalizationBuilder &nb, Value meanSquare,
                       double epsilon) {
  Type type = cast<RankedTensorType>(meanSquare.getType()).getElementType();
  return nb.overRows(
      type, meanSquare, [&](OpBuilder &b, Location loc, ValueRange args) {
        Value shifted = arith::AddFOp::create(
            b, loc, args[0], NormalizationBuilder::constant(b, loc, type, epsilon));
        Value root = math::SqrtOp::create(b, loc, shifted);
        return arith::DivFOp::create(
            b, loc, NormalizationBuilder::constant(b, loc, type, 1.0), root);
      });
}

/// The mean over the normalized dims of `(x - mean)^2`.
Value buildVariance(NormalizationBuilder &nb, Value x, Value mean) {
  Type type = cast<RankedTensorType>(x.getType()).getElementType();
  Value squares = nb.overInput(
      type, x, mean, {}, [](OpBuilder &b, Location loc, ValueRange args) {
        Value centred = arith::SubFOp::create(b, loc, args[0], args[1]);
        return arith::MulFOp::create(b, loc, centred, centred);
      });
  return nb.reduce(ReductionKind::mean, squares);
}

SmallVector<Value> decompose(OpBuilder &b, LayerNormOp op) {
  Type stash = op.getStashType();
  Type element = op.getInput().getType().getElementType();
  NormalizationBuilder nb(b, op.getLoc(), op.getInput(),
                          op.getNormalizedAxes());
  Value x = nb.inputAs(stash);
  Value mean = nb.reduce(ReductionKind::mean, x);
  Value variance = buildVariance(nb, x, mean);
  Value inverse = buildInverseRoot(nb, variance, op.getEpsilon().convertToDouble());
  SmallVector<Value> weights = {op.getScale()};
  if (op.getBias())
    weights.push_back(op.getBias());
  Value result = nb.overInput(
      element, x, {mean, inverse}, weights,
      [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
        Value centred = arith::SubFOp::create(b, loc, args[0], args[1]);
        Value normalized = NormalizationBuilder::convert(
            b, loc, arith::MulFOp::create(b, loc, centred, args[2]), element);
        Value scaled = arith::MulFOp::create(b, loc, normalized, args[3]);
        if (args.size() == 4)
          return scaled;
        return arith::AddFOp::create(b, loc, scaled, args[4]);
      });
  auto statsType = cast<RankedTensorType>(op.getMean().getType());
  return {result, nb.expandRows(mean, statsType),
          nb.expandRows(inverse, statsType)};
}

Value decompose(OpBuilder &b, RmsNormOp op) {
  Type stash = op.getStashType();
  Type element = op.getInput().getType().getElementType();
  NormalizationBuilder nb(b, op.getLoc(), op.getInput(),
                          op.getNormalizedAxes());
  Value x = nb.inputAs(stash);
  Value squares = nb.overInput(
      stash, x, {}, {}, [](OpBuilder &b, Location loc, ValueRange args) {
        return arith::MulFOp::create(b, loc, args[0], args[0]);
      });
  Value inverse = buildInverseRoot(nb, nb.reduce(ReductionKind::mean, squares),
                                   op.getEpsilon().convertToDouble());
  return nb.overInput(
      element, x, inverse, op.getScale(),
      [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
        Value normalized = NormalizationBuilder::convert(
            b, loc, arith::MulFOp::create(b, loc, args[0], args[1]), element);
        return arith::MulFOp::create(b, loc, normalized, args[2]);
      });
}

Value decompose(OpBuilder &b, MvnOp op) {
  Type element = op.getType().getElementType();
  NormalizationBuilder nb(b, op.getLoc(), op.getInput(),
                          op.getNormalizedAxes());
  Value mean = nb.reduce(ReductionKind::mean, op.getInput());
  auto centre = [](OpBuilder &b, Location loc, ValueRange args) -> Value {
    return arith::SubFOp::create(b, loc, args[0], args[1]);
  };
  if (!op.getNormalizeVariance())
    return nb.overInput(element, op.getInput(), mean, {}, centre);
  Value variance = buildVariance(nb, op.getInput(), mean);
  double epsilon = op.getEpsilon().convertToDouble();
  bool inside = op.getEpsMode() == MvnEpsMode::inside_sqrt;
  Value deviation = nb.overRows(
      element, variance,
      [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
        Value eps = NormalizationBuilder::constant(b, loc, element, epsilon);
        if (inside)
          return math::SqrtOp::create(
              b, loc, arith::AddFOp::create(b, loc, args[0], eps));
        return arith::AddFOp::create(
            b, loc, math::SqrtOp::create(b, loc, args[0]), eps);
      });
  return nb.overInput(element, op.getInput(), {mean, deviation}, {},
                      [&](OpBuilder &b, Location loc, ValueRange args) {
                        Value centred = centre(b, loc, args.take_front(2));
                        return arith::DivFOp::create(b, loc, centred, args[2]);
                      });
}

Value decompose(OpBuilder &b, NormalizeL2Op op) {
  Type element = op.getType().getElementType();
  NormalizationBuilder nb(b, op.getLoc(), op.getInput(),
                          op.getNormalizedAxes());
  Value sumSquare = nb.reduce(ReductionKind::sum_square, op.getInput());
  double epsilon = op.getEpsilon().convertToDouble();
  bool max = op.getEpsMode() == L2EpsMode::max;
  Value norm = nb.overRows(
      element, sumSquare, [&](OpBuilder &b, Location loc, ValueRange args) {
        Value eps = NormalizationBuilder::constant(b, loc, element, epsilon);
        Value bounded =
            max ? Value(arith::MaximumFOp::create(b, loc, args[0], eps))
                : Value(arith::AddFOp::create(b, loc, args[0], eps));
        return math::SqrtOp::create(b, loc, bounded);
      });
  return nb.overInput(element, op.getInput(), norm, {},
                      [](OpBuilder &b, Location loc, ValueRange args) -> Value {
                        return arith::DivFOp::create(b, loc, args[0], args[1]);
                      });
}

} // namespace

void mlir::reduce::decomposeNormalizations(Operation *root) {
  IRRewriter rewriter(root->getContext());
  root->walk([&](Operation *op) {
    rewriter.setInsertionPoint(op);
    llvm::TypeSwitch<Operation *>(op)
        .Case<SoftmaxOp, LogSoftmaxOp, LayerNormOp, RmsNormOp, MvnOp,
              NormalizeL2Op>([&](auto normalization) {
          rewriter.replaceOp(normalization, decompose(rewriter, normalization));
        });
  });
}

namespace {
struct ReduceDecomposeNormalizationsPass
    : reduce::impl::ReduceDecomposeNormalizationsPassBase<
          ReduceDecomposeNormalizationsPass> {
  void runOnOperation() override { decomposeNormalizations(getOperation()); }
};
} // namespace
