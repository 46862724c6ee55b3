//===- RuntimeAxes.cpp - Reductions over runtime axes -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers a reduction whose axes are a runtime tensor. The emitted code
//
// 1. reads the axes into a bit mask of reduced dims (an `scf.for`): negative
//    axes count from the end, repeats merge, an axis out of range sets the
//    status and no bit, an empty tensor follows `empty_axes`;
// 2. dispatches on the mask to a reduction over static axes, whose result
//    has the keep-dims shape (rank r, reduced dims of size 1), which is the
//    same row-major data as the result without keep-dims:
//    - a static input with at most kMaxSpecializedDims non-unit dims gets
//      one case per subset of those dims (`scf.index_switch` on the mask,
//      bits of unit dims cleared), each a static reduction that the
//      vectorizer tiles as it would with static axes;
//    - any other input (dynamic sizes, more dims) is collapsed at run time:
//      runs of adjacent dims that are all kept or all reduced merge into
//      one dim, which leaves g alternating groups starting with a kept or a
//      reduced one. Each of the 2r (g, first kind) pairs is a case: the
//      input is reshaped to its g group sizes and reduced over every other
//      dim;
// 3. gives the result its shape: a cast (keep_dims), or a `tensor.reshape`
//    to the sizes of the kept dims, ranked when the written type is and
//    unranked otherwise;
// 4. checks the actual shape against the static sizes and rank of the
//    written result type, and builds the status (RuntimeStatus.h). When a
//    check fails the result is a `tensor.empty` of the written type, so that
//    nothing reads or writes past a buffer.
//
// The same check guards a reduction over static axes whose written result
// type has a static size that a dynamic input dim does not prove
// (checkResultSizes).
//
//===----------------------------------------------------------------------===//

#include "LowerReduction.h"

#include "reduce/Conversion/ReduceToLinalg/RuntimeStatus.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::reduce;

/// Static inputs with at most this many non-unit dims get one reduction per
/// subset of them (16 cases); others take the collapsing path.
static constexpr int64_t kMaxSpecializedDims = 4;

namespace {
/// Builds i64 and index scalar arithmetic at one location.
struct ScalarBuilder {
  OpBuilder &b;
  Location loc;

  Value i64(int64_t value) {
    return arith::ConstantIntOp::create(b, loc, value, 64);
  }
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value toIndex(Value value) {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
  }
  Value toI64(Value value) {
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
  }
  Value cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
  }
  Value eq(Value lhs, Value rhs) {
    return cmp(arith::CmpIPredicate::eq, lhs, rhs);
  }
  Value ne(Value lhs, Value rhs) {
    return cmp(arith::CmpIPredicate::ne, lhs, rhs);
  }
  Value select(Value condition, Value yes, Value no) {
    return arith::SelectOp::create(b, loc, condition, yes, no);
  }
  Value add(Value lhs, Value rhs) {
    return arith::AddIOp::create(b, loc, lhs, rhs);
  }
  Value mul(Value lhs, Value rhs) {
    return arith::MulIOp::create(b, loc, lhs, rhs);
  }
  Value andI(Value lhs, Value rhs) {
    return arith::AndIOp::create(b, loc, lhs, rhs);
  }
  Value orI(Value lhs, Value rhs) {
    return arith::OrIOp::create(b, loc, lhs, rhs);
  }
  /// Bit `dim` of the i64 `mask`, as an i1.
  Value bit(Value mask, int64_t dim) {
    return ne(andI(mask, i64(int64_t(1) << dim)), i64(0));
  }
};

/// The status of one reduction while it is built: the first error wins.
struct StatusBuilder {
  ScalarBuilder &s;
  Value code, detail0, detail1, detail2;

  explicit StatusBuilder(ScalarBuilder &s)
      : s(s), code(s.i64(0)), detail0(s.i64(0)), detail1(s.i64(0)),
        detail2(s.i64(0)) {}

  /// Records error `errorCode` with its details when `failed` holds and no
  /// error was recorded before.
  void record(Value failed, RuntimeStatusCode errorCode, Value d0, Value d1,
              Value d2) {
    Value first = s.andI(failed, s.eq(code, s.i64(0)));
    code = s.select(first, s.i64(static_cast<int64_t>(errorCode)), code);
    detail0 = s.select(first, d0, detail0);
    detail1 = s.select(first, d1, detail1);
    detail2 = s.select(first, d2, detail2);
  }
  Value isOk() { return s.eq(code, s.i64(0)); }
};
} // namespace

/// Reads the axes tensor into an i64 mask of the reduced dims of an input of
/// rank `rank`, recording an axis out of range in `status`.
static Value buildAxesMask(ScalarBuilder &s, StatusBuilder &status, Value axes,
                           int64_t rank, EmptyAxesMode emptyAxes) {
  OpBuilder &b = s.b;
  Location loc = s.loc;
  auto axesType = cast<RankedTensorType>(axes.getType());
  auto elementType = cast<IntegerType>(axesType.getElementType());
  bool isScalar = axesType.getRank() == 0;
  Value count = isScalar ? s.index(1)
                         : tensor::DimOp::create(b, loc, axes, 0).getResult();
  Value zero = s.i64(0);
  auto loop = scf::ForOp::create(
      b, loc, s.index(0), count, s.index(1),
      ValueRange{zero, status.code, status.detail0},
      [&](OpBuilder &nested, Location nestedLoc, Value position,
          ValueRange iterArgs) {
        ScalarBuilder n{nested, nestedLoc};
        SmallVector<Value> indices;
        if (!isScalar)
          indices.push_back(position);
        Value axis =
            tensor::ExtractOp::create(nested, nestedLoc, axes, indices);
        if (elementType.getWidth() < 64)
          axis = arith::ExtSIOp::create(nested, nestedLoc, nested.getI64Type(),
                                        axis);
        Value inRange =
            n.andI(n.cmp(arith::CmpIPredicate::sge, axis, n.i64(-rank)),
                   n.cmp(arith::CmpIPredicate::slt, axis, n.i64(rank)));
        Value isNegative = n.cmp(arith::CmpIPredicate::slt, axis, n.i64(0));
        Value dim = n.select(isNegative, n.add(axis, n.i64(rank)), axis);
        // Out of range, the shift amount is never used.
        Value safeDim = n.select(inRange, dim, n.i64(0));
        Value bit = arith::ShLIOp::create(nested, nestedLoc, n.i64(1), safeDim);
        Value mask = n.orI(iterArgs[0], n.select(inRange, bit, n.i64(0)));
        Value first =
            n.andI(n.eq(iterArgs[1], n.i64(0)),
                   n.ne(inRange,
                        arith::ConstantIntOp::create(nested, nestedLoc, 1, 1)));
        Value code = n.select(
            first,
            n.i64(static_cast<int64_t>(RuntimeStatusCode::axisOutOfRange)),
            iterArgs[1]);
        Value badAxis = n.select(first, axis, iterArgs[2]);
        scf::YieldOp::create(nested, nestedLoc,
                             ValueRange{mask, code, badAxis});
      });
  Value mask = loop.getResult(0);
  status.code = loop.getResult(1);
  status.detail0 = loop.getResult(2);
  status.detail1 = s.i64(rank);
  if (emptyAxes == EmptyAxesMode::all) {
    Value isEmpty = s.eq(count, s.index(0));
    mask = s.select(isEmpty, s.i64((int64_t(1) << rank) - 1), mask);
  }
  return mask;
}

/// Returns the normalized axes named by the bits of `mask`.
static SmallVector<int64_t> getMaskAxes(int64_t mask, int64_t rank) {
  SmallVector<int64_t> axes;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (mask & (int64_t(1) << dim))
      axes.push_back(dim);
  return axes;
}

/// Returns `value` cast to `type` when it differs.
static Value castTo(OpBuilder &b, Location loc, Type type, Value value) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

/// Fills `region` (of an scf.index_switch) with one block that yields the
/// value `build` creates in it.
static void buildCase(OpBuilder &b, Location loc, Region &region,
                      function_ref<Value(OpBuilder &)> build) {
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&region);
  scf::YieldOp::create(b, loc, build(b));
}

/// Returns a `tensor.empty` of `type` whose dynamic sizes are 0.
static Value createEmptyOfType(OpBuilder &b, Location loc,
                               RankedTensorType type) {
  SmallVector<Value> dynamicSizes(type.getNumDynamicDims(),
                                  arith::ConstantIndexOp::create(b, loc, 0));
  return tensor::EmptyOp::create(b, loc, type, dynamicSizes);
}

/// Returns a 1-D i64 tensor of `values`.
static Value createShapeTensor(OpBuilder &b, Location loc,
                               ArrayRef<Value> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    b.getI64Type());
  if (values.empty())
    return arith::ConstantOp::create(
        b, loc, DenseIntElementsAttr::get(type, ArrayRef<int64_t>{}));
  return tensor::FromElementsOp::create(b, loc, type, values);
}

/// The keep-dims result for a static input: one static reduction per subset
/// of its non-unit dims.
static Value dispatchStatic(OpBuilder &b, Location loc,
                            const ReductionInfo &info, Value input, Value mask,
                            RankedTensorType keepDimsType) {
  ScalarBuilder s{b, loc};
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t nonUnitMask = 0;
  for (auto [dim, size] : llvm::enumerate(inputType.getShape()))
    if (size != 1)
      nonUnitMask |= int64_t(1) << dim;
  // Reducing a unit dim or not gives the same data.
  Value caseMask = s.toIndex(s.andI(mask, s.i64(nonUnitMask)));
  SmallVector<int64_t> cases;
  for (int64_t subset = nonUnitMask;; subset = (subset - 1) & nonUnitMask) {
    cases.push_back(subset);
    if (subset == 0)
      break;
  }
  llvm::sort(cases);
  auto switchOp = scf::IndexSwitchOp::create(b, loc, TypeRange{keepDimsType},
                                             caseMask, cases, cases.size());
  for (auto [subset, region] :
       llvm::zip_equal(cases, switchOp.getCaseRegions()))
    buildCase(b, loc, region, [&, subset = subset](OpBuilder &nested) {
      SmallVector<int64_t> axes = getMaskAxes(subset, inputType.getRank());
      Value reduced = lowerReduction(nested, loc, info, input, axes,
                                     /*keepDims=*/true);
      return castTo(nested, loc, keepDimsType, reduced);
    });
  // Every subset of the non-unit dims has a case.
  buildCase(b, loc, switchOp.getDefaultRegion(), [&](OpBuilder &nested) {
    return createEmptyOfType(nested, loc, keepDimsType);
  });
  return switchOp.getResult(0);
}

/// The keep-dims result for any input: the dims collapse into alternating
/// groups of kept and reduced dims, one case per (group count, first kind).
static Value dispatchCollapsed(OpBuilder &b, Location loc,
                               const ReductionInfo &info, Value input,
                               Value mask, ArrayRef<Value> sizes,
                               ArrayRef<Value> keepDimsSizes,
                               RankedTensorType keepDimsType) {
  ScalarBuilder s{b, loc};
  // Static unit dims hold no data of their own: they are left out of the
  // groups, whose sizes then never fold to a constant 1 (the vectorizer's
  // masked unit dims do not survive the canonicalizer).
  SmallVector<int64_t> dims;
  for (auto [dim, size] :
       llvm::enumerate(cast<RankedTensorType>(input.getType()).getShape()))
    if (size != 1)
      dims.push_back(dim);
  int64_t rank = dims.size();
  // groupOf[k]: the group of dims[k]; a group starts where the kind changes.
  SmallVector<Value> reduced, groupOf;
  for (int64_t k = 0; k < rank; ++k) {
    reduced.push_back(s.bit(mask, dims[k]));
    if (k == 0) {
      groupOf.push_back(s.i64(0));
      continue;
    }
    Value starts = s.ne(reduced[k], reduced[k - 1]);
    groupOf.push_back(
        s.add(groupOf[k - 1],
              arith::ExtUIOp::create(b, loc, b.getI64Type(), starts)));
  }
  // groupSizes[g]: the product of the sizes of the dims of group g.
  SmallVector<Value> groupSizes;
  for (int64_t group = 0; group < rank; ++group) {
    Value product = s.i64(1);
    for (int64_t k = 0; k < rank; ++k)
      product = s.mul(product, s.select(s.eq(groupOf[k], s.i64(group)),
                                        sizes[dims[k]], s.i64(1)));
    groupSizes.push_back(product);
  }
  Value groupCount = s.add(groupOf.back(), s.i64(1));
  Value firstReduced =
      arith::ExtUIOp::create(b, loc, b.getI64Type(), reduced[0]);
  // Case 2(g-1) + firstReduced, for g = 1..rank.
  Value caseIndex = s.toIndex(
      s.add(s.mul(s.add(groupCount, s.i64(-1)), s.i64(2)), firstReduced));

  Value keepDimsShape = createShapeTensor(b, loc, keepDimsSizes);
  SmallVector<int64_t> cases = llvm::to_vector(llvm::seq<int64_t>(0, 2 * rank));
  auto switchOp = scf::IndexSwitchOp::create(b, loc, TypeRange{keepDimsType},
                                             caseIndex, cases, cases.size());
  for (auto [caseId, region] :
       llvm::zip_equal(cases, switchOp.getCaseRegions()))
    buildCase(b, loc, region, [&, caseId = caseId](OpBuilder &nested) {
      int64_t groups = caseId / 2 + 1;
      bool startsReduced = caseId % 2;
      auto inputType = cast<RankedTensorType>(input.getType());
      auto collapsedType = RankedTensorType::get(
          SmallVector<int64_t>(groups, ShapedType::kDynamic),
          inputType.getElementType());
      Value collapsed = tensor::ReshapeOp::create(
          nested, loc, collapsedType, input,
          createShapeTensor(nested, loc,
                            ArrayRef(groupSizes).take_front(groups)));
      SmallVector<int64_t> axes;
      for (int64_t group = 0; group < groups; ++group)
        if ((group % 2 == 0) == startsReduced)
          axes.push_back(group);
      Value result = lowerReduction(nested, loc, info, collapsed, axes,
                                    /*keepDims=*/true);
      return tensor::ReshapeOp::create(nested, loc, keepDimsType, result,
                                       keepDimsShape)
          .getResult();
    });
  // Every (group count, first kind) pair has a case; a rank of 0 (all dims
  // static units) only comes with static inputs, which dispatchStatic takes.
  buildCase(b, loc, switchOp.getDefaultRegion(), [&](OpBuilder &nested) {
    return createEmptyOfType(nested, loc, keepDimsType);
  });
  return switchOp.getResult(0);
}

/// Returns `value` when the status is fine, else an empty tensor of `type`:
/// a result whose checks failed is never read or written past its end.
static Value selectIfOk(OpBuilder &b, Location loc, Value ok,
                        RankedTensorType type,
                        function_ref<Value(OpBuilder &)> build) {
  auto ifOp = scf::IfOp::create(
      b, loc, ok,
      [&](OpBuilder &nested, Location) {
        scf::YieldOp::create(nested, loc, build(nested));
      },
      [&](OpBuilder &nested, Location) {
        scf::YieldOp::create(nested, loc, createEmptyOfType(nested, loc, type));
      });
  return ifOp.getResult(0);
}

/// Returns the status of `st` for site `site`, marked for the pass.
static Value createStatus(OpBuilder &b, Location loc, ScalarBuilder &s,
                          StatusBuilder &st, int64_t site) {
  auto statusOp = tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({kRuntimeStatusWords}, b.getI64Type()),
      ValueRange{st.code, s.i64(site), st.detail0, st.detail1, st.detail2});
  statusOp->setAttr(kRuntimeStatusAttrName, b.getUnitAttr());
  return statusOp;
}

Value mlir::reduce::checkResultSizes(OpBuilder &b, Location loc, Value result,
                                     RankedTensorType resultType, int64_t site,
                                     Value &status) {
  ScalarBuilder s{b, loc};
  StatusBuilder st(s);
  auto computedType = cast<RankedTensorType>(result.getType());
  for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
    int64_t written = resultType.getDimSize(dim);
    if (ShapedType::isDynamic(written) || !computedType.isDynamicDim(dim))
      continue;
    Value actual = s.toI64(tensor::DimOp::create(b, loc, result, dim));
    st.record(s.ne(actual, s.i64(written)),
              RuntimeStatusCode::resultSizeMismatch, s.i64(dim), s.i64(written),
              actual);
  }
  status = createStatus(b, loc, s, st, site);
  return selectIfOk(b, loc, st.isOk(), resultType, [&](OpBuilder &nested) {
    return castTo(nested, loc, resultType, result);
  });
}

Value mlir::reduce::lowerRuntimeAxesReduction(
    OpBuilder &b, Location loc, const ReductionInfo &info, Value input,
    Value axes, bool keepDims, EmptyAxesMode emptyAxes, TensorType resultType,
    int64_t site, Value &status) {
  ScalarBuilder s{b, loc};
  StatusBuilder st(s);
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  Value mask = buildAxesMask(s, st, axes, rank, emptyAxes);

  // Input sizes, and the sizes of the keep-dims result.
  SmallVector<Value> sizes, keepDimsSizes;
  SmallVector<Value> isReduced;
  SmallVector<int64_t> keepDimsShape;
  for (int64_t dim = 0; dim < rank; ++dim) {
    Value size = s.toI64(tensor::DimOp::create(b, loc, input, dim));
    sizes.push_back(size);
    isReduced.push_back(s.bit(mask, dim));
    keepDimsSizes.push_back(s.select(isReduced.back(), s.i64(1), size));
    keepDimsShape.push_back(
        inputType.getDimSize(dim) == 1 ? 1 : ShapedType::kDynamic);
  }
  auto keepDimsType =
      RankedTensorType::get(keepDimsShape, inputType.getElementType());

  Value keepDimsResult;
  int64_t nonUnitDims = llvm::count_if(inputType.getShape(),
                                       [](int64_t size) { return size != 1; });
  if (rank == 0)
    keepDimsResult = lowerReduction(b, loc, info, input, {}, /*keepDims=*/true);
  else if (inputType.hasStaticShape() && nonUnitDims <= kMaxSpecializedDims)
    keepDimsResult = dispatchStatic(b, loc, info, input, mask, keepDimsType);
  else
    keepDimsResult = dispatchCollapsed(b, loc, info, input, mask, sizes,
                                       keepDimsSizes, keepDimsType);

  Value result;
  auto rankedResultType = dyn_cast<RankedTensorType>(resultType);
  if (keepDims) {
    // The verifier ensures a ranked result type has rank `rank`.
    bool needsCheck = false;
    if (rankedResultType) {
      for (int64_t dim = 0; dim < rank; ++dim) {
        int64_t written = rankedResultType.getDimSize(dim);
        if (ShapedType::isDynamic(written) || keepDimsShape[dim] == written)
          continue;
        needsCheck = true;
        st.record(s.ne(keepDimsSizes[dim], s.i64(written)),
                  RuntimeStatusCode::resultSizeMismatch, s.i64(dim),
                  s.i64(written), keepDimsSizes[dim]);
      }
    }
    if (needsCheck)
      result = selectIfOk(
          b, loc, st.isOk(), rankedResultType, [&](OpBuilder &nested) {
            return castTo(nested, loc, resultType, keepDimsResult);
          });
    else
      result = castTo(b, loc, resultType, keepDimsResult);
  } else {
    // keptBefore[i]: the number of kept dims before dim i, which is the
    // result position of dim i when it is kept.
    SmallVector<Value> keptBefore;
    Value kept = s.i64(0);
    Value numReduced = s.i64(0);
    for (int64_t dim = 0; dim < rank; ++dim) {
      keptBefore.push_back(kept);
      Value reducedBit =
          arith::ExtUIOp::create(b, loc, b.getI64Type(), isReduced[dim]);
      numReduced = s.add(numReduced, reducedBit);
      kept = s.add(kept, s.select(isReduced[dim], s.i64(0), s.i64(1)));
    }
    // The size of result dim `position` (an i64 value).
    auto keptSize = [&](ScalarBuilder &n, Value position) {
      Value size = n.i64(0);
      for (int64_t dim = 0; dim < rank; ++dim)
        size = n.select(
            n.andI(n.eq(keptBefore[dim], position),
                   n.ne(isReduced[dim],
                        arith::ConstantIntOp::create(n.b, n.loc, 1, 1))),
            sizes[dim], size);
      return size;
    };
    if (rankedResultType) {
      int64_t resultRank = rankedResultType.getRank();
      st.record(s.ne(kept, s.i64(resultRank)),
                RuntimeStatusCode::resultRankMismatch, s.i64(resultRank), kept,
                numReduced);
      SmallVector<Value> resultSizes;
      for (int64_t dim = 0; dim < resultRank; ++dim) {
        resultSizes.push_back(keptSize(s, s.i64(dim)));
        int64_t written = rankedResultType.getDimSize(dim);
        if (!ShapedType::isDynamic(written))
          st.record(s.ne(resultSizes.back(), s.i64(written)),
                    RuntimeStatusCode::resultSizeMismatch, s.i64(dim),
                    s.i64(written), resultSizes.back());
      }
      result = selectIfOk(
          b, loc, st.isOk(), rankedResultType, [&](OpBuilder &nested) {
            Value shape = createShapeTensor(nested, loc, resultSizes);
            return tensor::ReshapeOp::create(nested, loc, rankedResultType,
                                             keepDimsResult, shape)
                .getResult();
          });
    } else {
      // The rank is known when the code runs: an unranked result.
      Value resultRank = s.toIndex(kept);
      auto shapeType =
          RankedTensorType::get({ShapedType::kDynamic}, b.getI64Type());
      Value shape = tensor::GenerateOp::create(
          b, loc, shapeType, ValueRange{resultRank},
          [&](OpBuilder &nested, Location nestedLoc, ValueRange indices) {
            ScalarBuilder n{nested, nestedLoc};
            tensor::YieldOp::create(nested, nestedLoc,
                                    keptSize(n, n.toI64(indices[0])));
          });
      result =
          tensor::ReshapeOp::create(b, loc, resultType, keepDimsResult, shape);
    }
  }

  status = createStatus(b, loc, s, st, site);
  return result;
}
