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

/// Scalar arithmetic in the float type `type`. f16 and bf16 compute in f32
/// and round each result back to `type`, as the rest of the pipeline does
/// (x86 has no bf16 arithmetic): f32 has more than twice their precision
/// plus two bits, so each rounded +, -, *, / and sqrt is the correctly
/// rounded operation of `type`.
class Scalar {
public:
  Scalar(OpBuilder &b, Location loc, Type type) : b(b), loc(loc), type(type) {}

  Value sub(Value x, Value y) { return apply<arith::SubFOp>(x, y); }
  Value add(Value x, Value y) { return apply<arith::AddFOp>(x, y); }
  Value mul(Value x, Value y) { return apply<arith::MulFOp>(x, y); }
  Value div(Value x, Value y) { return apply<arith::DivFOp>(x, y); }
  Value max(Value x, Value y) { return apply<arith::MaximumFOp>(x, y); }
  Value exp(Value x) { return apply<math::ExpOp>(x); }
  Value log(Value x) { return apply<math::LogOp>(x); }
  Value sqrt(Value x) { return apply<math::SqrtOp>(x); }

  /// The constant `value` rounded to `type`.
  Value constant(double value) {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  }

  /// `value` (a float of any type) converted to `to`.
  static Value convert(OpBuilder &b, Location loc, Value value, Type to) {
    Type from = value.getType();
    if (from == to)
      return value;
    // bf16 and f16 have the same width; both are exact in f32.
    if (from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth())
      return arith::TruncFOp::create(
          b, loc, to, arith::ExtFOp::create(b, loc, b.getF32Type(), value));
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, to, value);
    return arith::TruncFOp::create(b, loc, to, value);
  }

private:
  template <typename OpTy, typename... Values>
  Value apply(Values... operands) {
    if (type.getIntOrFloatBitWidth() > 16)
      return OpTy::create(b, loc, operands...);
    Type f32 = b.getF32Type();
    Value wide = OpTy::create(b, loc, convert(b, loc, operands, f32)...);
    return convert(b, loc, wide, type);
  }

  OpBuilder &b;
  Location loc;
  Type type;
};

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

  /// The input converted to `type` (itself when it has that element type).
  Value inputAs(Type type) {
    if (inputType.getElementType() == type)
      return input;
    return overInput(type, input, {}, {},
                     [&](OpBuilder &builder, Location l, ValueRange args) {
                       return Scalar::convert(builder, l, args[0], type);
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
      [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
        Scalar s(b, loc, op.getType().getElementType());
        return s.exp(s.sub(args[0], args[1]));
      });
  return {max, exp};
}

Value decompose(OpBuilder &b, SoftmaxOp op) {
  NormalizationBuilder nb(b, op.getLoc(), op.getInput(),
                          op.getNormalizedAxes());
  auto [max, exp] = buildShiftedExp(nb, op);
  Value sum = nb.reduce(ReductionKind::sum, exp);
  Type element = op.getType().getElementType();
  return nb.overInput(element, exp, sum, {},
                      [&](OpBuilder &b, Location loc, ValueRange args) {
                        return Scalar(b, loc, element).div(args[0], args[1]);
                      });
}

Value decompose(OpBuilder &b, LogSoftmaxOp op) {
  NormalizationBuilder nb(b, op.getLoc(), op.getInput(),
                          op.getNormalizedAxes());
  auto [max, exp] = buildShiftedExp(nb, op);
  Value sum = nb.reduce(ReductionKind::sum, exp);
  Type element = op.getType().getElementType();
  return nb.overInput(element, op.getInput(), {max, sum}, {},
                      [&](OpBuilder &b, Location loc, ValueRange args) {
                        Scalar s(b, loc, element);
                        return s.sub(s.sub(args[0], args[1]), s.log(args[2]));
                      });
}

/// `1 / sqrt(meanSquare + epsilon)` per row, in the type of `meanSquare`.
Value buildInverseRoot(NormalizationBuilder &nb, Value meanSquare,
                       double epsilon) {
  Type type = cast<RankedTensorType>(meanSquare.getType()).getElementType();
  return nb.overRows(
      type, meanSquare, [&](OpBuilder &b, Location loc, ValueRange args) {
        Scalar s(b, loc, type);
        return s.div(s.constant(1.0),
                     s.sqrt(s.add(args[0], s.constant(epsilon))));
      });
}

/// The mean over the normalized dims of `(x - mean)^2`.
Value buildVariance(NormalizationBuilder &nb, Value x, Value mean) {
  Type type = cast<RankedTensorType>(x.getType()).getElementType();
  Value squares = nb.overInput(
      type, x, mean, {}, [&](OpBuilder &b, Location loc, ValueRange args) {
        Scalar s(b, loc, type);
        Value centred = s.sub(args[0], args[1]);
        return s.mul(centred, centred);
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
        Scalar inStash(b, loc, stash), inElement(b, loc, element);
        Value centred = inStash.sub(args[0], args[1]);
        Value normalized = Scalar::convert(
            b, loc, inStash.mul(centred, args[2]), element);
        Value scaled = inElement.mul(normalized, args[3]);
        if (args.size() == 4)
          return scaled;
        return inElement.add(scaled, args[4]);
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
      stash, x, {}, {}, [&](OpBuilder &b, Location loc, ValueRange args) {
        return Scalar(b, loc, stash).mul(args[0], args[0]);
      });
  Value inverse = buildInverseRoot(nb, nb.reduce(ReductionKind::mean, squares),
                                   op.getEpsilon().convertToDouble());
  return nb.overInput(
      element, x, inverse, op.getScale(),
      [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
        Value normalized = Scalar::convert(
            b, loc, Scalar(b, loc, stash).mul(args[0], args[1]), element);
        return Scalar(b, loc, element).mul(normalized, args[2]);
      });
}

Value decompose(OpBuilder &b, MvnOp op) {
  Type element = op.getType().getElementType();
  NormalizationBuilder nb(b, op.getLoc(), op.getInput(),
                          op.getNormalizedAxes());
  Value mean = nb.reduce(ReductionKind::mean, op.getInput());
  auto centre = [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
    return Scalar(b, loc, element).sub(args[0], args[1]);
  };
  if (!op.getNormalizeVariance())
    return nb.overInput(element, op.getInput(), mean, {}, centre);
  Value variance = buildVariance(nb, op.getInput(), mean);
  double epsilon = op.getEpsilon().convertToDouble();
  bool inside = op.getEpsMode() == MvnEpsMode::inside_sqrt;
  Value deviation = nb.overRows(
      element, variance,
      [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
        Scalar s(b, loc, element);
        Value eps = s.constant(epsilon);
        return inside ? s.sqrt(s.add(args[0], eps))
                      : s.add(s.sqrt(args[0]), eps);
      });
  return nb.overInput(element, op.getInput(), {mean, deviation}, {},
                      [&](OpBuilder &b, Location loc, ValueRange args) {
                        Value centred = centre(b, loc, args.take_front(2));
                        return Scalar(b, loc, element).div(centred, args[2]);
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
        Scalar s(b, loc, element);
        Value eps = s.constant(epsilon);
        return s.sqrt(max ? s.max(args[0], eps) : s.add(args[0], eps));
      });
  return nb.overInput(element, op.getInput(), norm, {},
                      [&](OpBuilder &b, Location loc, ValueRange args) {
                        return Scalar(b, loc, element).div(args[0], args[1]);
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
