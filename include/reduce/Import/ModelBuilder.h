//===- ModelBuilder.h - The module a model importer builds ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the ONNX and OpenVINO IR importers share: a module holding one public
// function `@main` per graph, whose arguments are the graph's inputs in
// order and whose results are its outputs; constants; reductions created by
// kind with the dialect's own checks, whose diagnostics become errors the
// importer prefixes with the node they belong to; elementwise ops with numpy
// broadcasting (Elementwise.cpp), emitted as plain arith/math ops on tensors
// of one shape, the operands that need it broadcast by
// `tensor.collapse_shape` + `linalg.broadcast` (the form the fusion passes
// recognize).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_IMPORT_MODELBUILDER_H
#define REDUCE_IMPORT_MODELBUILDER_H

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"
#include "reduce/Runtime/Buffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::reduce {

/// Registers the dialects an imported module uses (reduce, func, arith,
/// math, tensor, linalg).
void registerImportDialects(DialectRegistry &registry);

/// An error carrying `message` (the importers' error type).
llvm::Error makeImportError(const llvm::Twine &message);

/// The dense attribute of `type` holding `data` (dense, row-major, of the
/// element type of `type`; bools one byte each, 0 or 1).
DenseElementsAttr getDenseAttr(RankedTensorType type, const BufferView &data);

/// The elementwise ops of ModelBuilder::addElementwise. The binary ones
/// take two operands of one element type (the result's), broadcast as numpy
/// does; the comparisons give i1; the unary ones take one operand.
enum class ElementwiseKind {
  // Binary.
  add,
  sub,
  mul,
  /// Floats: IEEE division. Integers: see IntDivision.
  div,
  /// Floats: math.powf, or `x * x` when the exponent is a constant splat 2.
  /// Integers: computed in f64 and converted back toward zero (what
  /// std::pow on integers gives in ONNX Runtime and OpenVINO).
  pow,
  /// Floats: see MinMaxNan. Integers: signed or unsigned by type.
  max,
  min,
  /// `(a - b) * (a - b)`.
  squared_difference,
  // Comparisons (ordered for floats: false when either is NaN).
  equal,
  less,
  greater,
  less_equal,
  greater_equal,
  // Unary.
  /// Floats only.
  sqrt,
  exp,
  log,
  /// The identity on unsigned integers; wraps on the signed minimum.
  abs,
  /// Integers wrap (`0 - x`).
  neg,
  /// `1 / x`; floats only.
  reciprocal,
};

/// Integer division of ElementwiseKind::div. Dividing by zero gives 0 and
/// the signed minimum divided by -1 gives the signed minimum (both are
/// undefined in ONNX and OpenVINO; here they do not trap).
enum class IntDivision {
  /// Toward zero (ONNX Div, C++).
  truncate,
  /// Toward negative infinity (OpenVINO Divide with its default
  /// `m_pythondiv`); the same as truncate for unsigned types.
  floor,
};

/// What float max and min make of a NaN operand.
enum class MinMaxNan {
  /// NaN if either operand is NaN (`arith.maximumf`): ONNX Max/Min (opset
  /// 12+ propagate NaN; ONNX Runtime's Max_12_Float_Nan tests).
  propagate,
  /// The first operand if either is NaN, else the larger (`a < b ? b : a`
  /// for max, `b < a ? b : a` for min): std::max/std::min, which OpenVINO's
  /// reference Maximum/Minimum use.
  first_if_unordered,
};

/// Options of ModelBuilder::addElementwise.
struct ElementwiseOptions {
  IntDivision intDivision = IntDivision::truncate;
  MinMaxNan minMaxNan = MinMaxNan::propagate;
};

/// How ModelBuilder::addBroadcast maps the input to the target shape.
enum class BroadcastMode {
  /// numpy, one way: the result has the target shape, each input dim
  /// (right-aligned) is 1 or the target's (OpenVINO Broadcast numpy).
  unidirectional,
  /// numpy, both ways: the result is the broadcast of the input shape and
  /// the target shape (ONNX Expand, OpenVINO Broadcast bidirectional).
  bidirectional,
};

/// The numpy broadcast of shapes `a` and `b` (dims right-aligned; each pair
/// equal or one of them 1). A dynamic dim matches an equal-position dynamic
/// dim (assumed equal, the result dynamic) or a 1 (the result dynamic); a
/// dynamic dim against a static size other than 1 is an error, as are
/// static sizes that differ, neither being 1:
/// `operands of shapes 2x3 and 4x3 do not broadcast (dim 0: 2 vs 4)`.
llvm::Expected<llvm::SmallVector<int64_t>>
broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);

/// Builds the module of one graph: `@main(args...) -> results`. Every op is
/// located at `NameLoc(name, modelPath)`.
class ModelBuilder {
public:
  /// The context must have the import dialects loaded or registered.
  ModelBuilder(MLIRContext *context, llvm::StringRef modelPath);

  MLIRContext *getContext() { return builder.getContext(); }

  /// The location of the ops of node `name`.
  Location getLoc(llvm::StringRef name);

  /// Creates `OpTy` at the end of `@main`, located at `node`, and verifies
  /// it: when its verifier fails, the op is erased and the error carries the
  /// verifier's first diagnostic (without its location). The arguments must
  /// satisfy the builder's own preconditions (as for `OpTy::create`).
  template <typename OpTy, typename... Args>
  llvm::Expected<OpTy> create(llvm::StringRef node, Args &&...args) {
    auto op = OpTy::create(builder, getLoc(node), std::forward<Args>(args)...);
    if (llvm::Error error = verifyOrErase(op.getOperation()))
      return std::move(error);
    return op;
  }

  /// As create, for an op with one result: returns that result.
  template <typename OpTy, typename... Args>
  llvm::Expected<Value> createResult(llvm::StringRef node, Args &&...args) {
    llvm::Expected<OpTy> op = create<OpTy>(node, std::forward<Args>(args)...);
    if (!op)
      return op.takeError();
    return op->getResult();
  }

  /// Verifies `op` (created by this builder); on failure erases it and
  /// returns its first diagnostic as an error.
  llvm::Error verifyOrErase(Operation *op);

  /// Appends an argument of type `type` to the function.
  Value addArgument(TensorType type, llvm::StringRef name);

  /// A constant holding `data`.
  Value addConstant(const BufferView &data, llvm::StringRef name);

  /// An error unless `input` is a ranked tensor with a dim `axis` (in
  /// [-rank, rank-1]), saying which.
  static llvm::Error checkAxis(Value input, int64_t axis);

  /// reduce.<kind> over `input` (see createReduction), located at
  /// `nodeName`. When the op would be invalid, the error carries the
  /// dialect's diagnostic (without its location).
  llvm::Expected<Value>
  addReduction(llvm::StringRef nodeName, ReductionKind kind, Value input,
               std::optional<llvm::ArrayRef<int64_t>> axes, Value axesOperand,
               bool keepDims, EmptyAxesMode emptyAxes,
               IntRounding rounding = IntRounding::toward_zero);

  //===--------------------------------------------------------------------===//
  // Elementwise ops (Elementwise.cpp). Every operand is a ranked tensor; the
  // errors are one line, without the node's name (the importer adds it).
  //===--------------------------------------------------------------------===//

  /// `kind` applied to `operands` (one for the unary kinds, two for the
  /// others), broadcast as numpy does (see broadcastShapes); an operand
  /// that already has the result's shape is used as is. Unsigned integer
  /// operands are bitcast to signless ones around the arith ops; bf16
  /// operands are computed in f32 and each result is rounded back (no bf16
  /// arithmetic compiles for x86).
  llvm::Expected<Value> addElementwise(llvm::StringRef node,
                                       ElementwiseKind kind,
                                       ValueRange operands,
                                       const ElementwiseOptions &options = {});

  /// `min(max(input, low), high)`, either bound optional (null); bounds are
  /// tensors of the input's element type that broadcast to its shape (and
  /// are broadcast to it), such as rank-0 constants. A NaN input stays NaN.
  llvm::Expected<Value> addClamp(llvm::StringRef node, Value input, Value low,
                                 Value high);

  /// A rank-0 constant of `elementType` holding `value` (converted: rounded
  /// to nearest for floats, toward zero and saturated to the type's range
  /// for integers (NaN is 0), `value != 0` for i1).
  Value addScalarConstant(llvm::StringRef node, Type elementType,
                          double value);

  /// `input` converted to `elementType` elementwise: float to float rounds
  /// to nearest; float to integer rounds toward zero (ONNX Cast and
  /// OpenVINO Convert; values out of the target's range are undefined in
  /// both); integer to integer truncates, or extends by the source's
  /// signedness; integer to float rounds to nearest; to i1 is `x != 0`
  /// (NaN is true); i1 to a number is 0 or 1. The same type is `input`.
  llvm::Expected<Value> addConvert(llvm::StringRef node, Value input,
                                   Type elementType);

  /// `condition ? a : b` elementwise (ONNX Where): `condition` of i1, `a`
  /// and `b` of one element type, the three broadcast as numpy does.
  llvm::Expected<Value> addSelect(llvm::StringRef node, Value condition,
                                  Value a, Value b);

  /// `input` broadcast to `shape` (static) by `mode`; `input` when it
  /// already has the result shape.
  llvm::Expected<Value> addBroadcast(llvm::StringRef node, Value input,
                                     llvm::ArrayRef<int64_t> shape,
                                     BroadcastMode mode);

  /// `input` broadcast to `shape` with input dim `i` becoming result dim
  /// `axesMapping[i]` (OpenVINO Broadcast explicit): the mapping strictly
  /// increasing, one entry per input dim, each input dim 1 or the result's.
  llvm::Expected<Value>
  addBroadcastExplicit(llvm::StringRef node, Value input,
                       llvm::ArrayRef<int64_t> shape,
                       llvm::ArrayRef<int64_t> axesMapping);

  //===--------------------------------------------------------------------===//
  // Ops along one axis (AxisOps.cpp), checked by their verifiers; the
  // errors are one line, without the node's name.
  //===--------------------------------------------------------------------===//

  /// reduce.argmax (reduce.argmin unless `isMax`) of `input` along `axis`,
  /// with indices of `indexType` (i64 when null).
  llvm::Expected<Value> addArgReduction(llvm::StringRef node, Value input,
                                        bool isMax, int64_t axis,
                                        bool keepDims, bool selectLastIndex,
                                        Type indexType = {});

  /// The scan reduce.cum<kind> of `input` along `axis`: `kind` is sum,
  /// prod, min or max.
  llvm::Expected<Value> addScan(llvm::StringRef node, ReductionKind kind,
                                Value input, int64_t axis, bool exclusive,
                                bool reverse);

  //===--------------------------------------------------------------------===//
  // Normalizations (Normalization.cpp): the dialect's normalization ops,
  // checked by their verifiers; the errors are one line, without the node's
  // name.
  //===--------------------------------------------------------------------===//

  /// reduce.softmax (reduce.log_softmax when `logarithm`) over `axis`, or
  /// over every dim from `axis` on with `coerce2d` (ONNX opsets 1-11).
  llvm::Expected<Value> addSoftmax(llvm::StringRef node, Value input,
                                   int64_t axis, bool coerce2d,
                                   bool logarithm);

  /// reduce.layer_norm: {result, mean, inv_std_dev}. `bias` may be null.
  /// `stashType` is the element type of the statistics.
  llvm::Expected<llvm::SmallVector<Value>>
  addLayerNorm(llvm::StringRef node, Value input, Value scale, Value bias,
               int64_t axis, double epsilon, Type stashType);

  /// reduce.rms_norm.
  llvm::Expected<Value> addRmsNorm(llvm::StringRef node, Value input,
                                   Value scale, int64_t axis, double epsilon,
                                   Type stashType);

  /// reduce.mvn over `axes`; epsilon inside the square root when
  /// `epsInsideSqrt`, else added to it.
  llvm::Expected<Value> addMvn(llvm::StringRef node, Value input,
                               llvm::ArrayRef<int64_t> axes,
                               bool normalizeVariance, double epsilon,
                               bool epsInsideSqrt);

  /// reduce.normalize_l2 over `axes`; `max(sum, eps)` when `epsMax`, else
  /// `sum + eps`.
  llvm::Expected<Value> addNormalizeL2(llvm::StringRef node, Value input,
                                       llvm::ArrayRef<int64_t> axes,
                                       double epsilon, bool epsMax);

  /// Returns `results` from the function, gives it its type and verifies
  /// the module, which is then handed over.
  llvm::Expected<OwningOpRef<ModuleOp>> finish(llvm::ArrayRef<Value> results);

private:
  /// `value` (a ranked tensor whose dim `i` is result dim `mapping[i]`, each
  /// 1 or equal to it) broadcast to `shape`, with `dynamicSizes` giving the
  /// result's dynamic dims in order; `value` when nothing is broadcast.
  Value broadcastTo(Location loc, Value value, llvm::ArrayRef<int64_t> shape,
                    llvm::ArrayRef<int64_t> mapping,
                    llvm::ArrayRef<Value> dynamicSizes);

  /// `operands` broadcast to their common numpy shape.
  llvm::Expected<llvm::SmallVector<Value>>
  broadcastOperands(Location loc, ValueRange operands);

  OwningOpRef<ModuleOp> module;
  func::FuncOp function;
  OpBuilder builder;
  std::string modelPath;
};

} // namespace mlir::reduce

#endif // REDUCE_IMPORT_MODELBUILDER_H
