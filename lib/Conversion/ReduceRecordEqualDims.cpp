//===- ReduceRecordEqualDims.cpp - Argument sizes that must agree -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Finds the sizes of a function's arguments that its ops need equal, as
// classes of equal sizes (union-find): the dims an elementwise op's
// operands share, the dims a linalg op maps to one loop, the sizes a
// tensor.empty takes from a tensor.dim (not what runs under a condition, in
// an scf.if; not the values an scf.for carries, whose dynamic sizes may
// change from one iteration to the next). When
// an op joins two classes that each hold an argument's dim or a static
// size, the caller must check that they agree; the joins of one function
// form a spanning forest, so its checks imply every equality its ops need
// of the arguments.
//
//===----------------------------------------------------------------------===//

#include "reduce/Conversion/EqualDims.h"
#include "reduce/Conversion/Passes.h"

#include "ReduceToLinalg/LowerReduction.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Twine.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCERECORDEQUALDIMSPASS
#include "reduce/Conversion/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

namespace {
/// What a class of equal sizes is known to be for a caller: a dim of an
/// argument, or a static size.
struct Anchor {
  std::optional<int64_t> argument;
  int64_t dimOrSize;
};

/// The classes of equal sizes of one function.
class EqualSizes {
public:
  explicit EqualSizes(func::FuncOp func) {
    for (BlockArgument argument : func.getArguments()) {
      auto type = dyn_cast<RankedTensorType>(argument.getType());
      if (!type)
        continue;
      for (int64_t dim = 0, rank = type.getRank(); dim < rank; ++dim)
        if (type.isDynamicDim(dim))
          node({argument.getAsOpaquePointer(), dim},
               Anchor{argument.getArgNumber(), dim});
    }
  }

  /// The class of dim `dim` of the ranked tensor `value`, or std::nullopt.
  std::optional<unsigned> dimOf(Value value, int64_t dim) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || dim < 0 || dim >= type.getRank())
      return std::nullopt;
    if (!type.isDynamicDim(dim))
      return staticSize(type.getDimSize(dim));
    return node({value.getAsOpaquePointer(), dim}, std::nullopt);
  }

  /// The class of the index `value`.
  unsigned indexValue(Value value) {
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant)))
      return staticSize(constant.getSExtValue());
    return node({value.getAsOpaquePointer(), kIndexValue}, std::nullopt);
  }

  /// Records that `op` needs (or makes) the sizes `a` and `b` equal.
  void join(std::optional<unsigned> a, std::optional<unsigned> b,
            Operation *op) {
    if (!a || !b)
      return;
    unsigned rootA = find(*a), rootB = find(*b);
    if (rootA == rootB)
      return;
    std::optional<Anchor> &anchorA = anchors[rootA];
    std::optional<Anchor> &anchorB = anchors[rootB];
    if (anchorA && anchorB && (anchorA->argument || anchorB->argument))
      record(anchorA->argument ? *anchorA : *anchorB,
             anchorA->argument ? *anchorB : *anchorA, op);
    parents[rootB] = rootA;
    // A static size is the cheaper anchor to check against.
    if (!anchorA || (anchorB && !anchorB->argument))
      anchorA = anchorB;
  }

  /// Joins dim by dim the ranked tensors of `values` of one rank.
  void joinShapes(ValueRange values, Operation *op) {
    Value first;
    for (Value value : values) {
      auto type = dyn_cast<RankedTensorType>(value.getType());
      if (!type)
        continue;
      if (!first) {
        first = value;
        continue;
      }
      if (cast<RankedTensorType>(first.getType()).getRank() != type.getRank())
        continue;
      for (int64_t dim = 0, rank = type.getRank(); dim < rank; ++dim)
        join(dimOf(first, dim), dimOf(value, dim), op);
    }
  }

  /// The checks recorded, as reduce.equal_dims holds them.
  const std::vector<EqualDimsCheck> &getChecks() const { return checks; }

private:
  static constexpr int64_t kIndexValue = -1;

  unsigned node(std::pair<const void *, int64_t> key,
                std::optional<Anchor> anchor) {
    auto [it, inserted] = nodes.try_emplace(key, parents.size());
    if (inserted) {
      parents.push_back(it->second);
      anchors.push_back(anchor);
    }
    return it->second;
  }

  unsigned staticSize(int64_t size) {
    return node({nullptr, size}, Anchor{std::nullopt, size});
  }

  unsigned find(unsigned n) {
    while (parents[n] != n) {
      parents[n] = parents[parents[n]];
      n = parents[n];
    }
    return n;
  }

  void record(const Anchor &lhs, const Anchor &rhs, Operation *op) {
    EqualDimsCheck check;
    check.argument = *lhs.argument;
    check.dim = lhs.dimOrSize;
    check.otherArgument = rhs.argument;
    check.otherDimOrSize = rhs.dimOrSize;
    check.site = describeCheckSite(op);
    checks.push_back(std::move(check));
  }

  llvm::DenseMap<std::pair<const void *, int64_t>, unsigned> nodes;
  SmallVector<unsigned> parents;
  SmallVector<std::optional<Anchor>> anchors;
  std::vector<EqualDimsCheck> checks;
};
} // namespace

/// Joins the sizes `op` needs or makes equal.
static void visit(EqualSizes &sizes, Operation *op) {
  if (auto dim = dyn_cast<tensor::DimOp>(op)) {
    if (std::optional<int64_t> index = dim.getConstantIndex())
      sizes.join(sizes.indexValue(dim.getResult()),
                 sizes.dimOf(dim.getSource(), *index), op);
    return;
  }
  if (auto empty = dyn_cast<tensor::EmptyOp>(op)) {
    RankedTensorType type = empty.getType();
    for (int64_t dim = 0, rank = type.getRank(); dim < rank; ++dim)
      if (type.isDynamicDim(dim))
        sizes.join(sizes.dimOf(empty.getResult(), dim),
                   sizes.indexValue(empty.getDynamicSize(dim)), op);
    return;
  }
  if (isa<tensor::CastOp>(op)) {
    sizes.joinShapes({op->getOperand(0), op->getResult(0)}, op);
    return;
  }
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    if (!linalgOp.hasPureTensorSemantics())
      return;
    // Every operand dim indexed by one loop dim has the loop's size.
    SmallVector<std::optional<unsigned>> loops(linalgOp.getNumLoops());
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = linalgOp.getMatchingIndexingMap(&operand);
      for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
        auto loop = dyn_cast<AffineDimExpr>(expr);
        if (!loop)
          continue;
        std::optional<unsigned> size = sizes.dimOf(operand.get(), dim);
        std::optional<unsigned> &loopSize = loops[loop.getPosition()];
        if (loopSize)
          sizes.join(loopSize, size, op);
        else
          loopSize = size;
      }
    }
    for (OpResult result : op->getResults())
      sizes.joinShapes({linalgOp.getDpsInits()[result.getResultNumber()],
                        result},
                       op);
    return;
  }
  if (op->hasTrait<OpTrait::Elementwise>() ||
      op->hasTrait<OpTrait::SameOperandsAndResultShape>()) {
    SmallVector<Value> values(op->getOperands());
    llvm::append_range(values, op->getResults());
    sizes.joinShapes(values, op);
  }
}

namespace {
struct ReduceRecordEqualDimsPass
    : reduce::impl::ReduceRecordEqualDimsPassBase<ReduceRecordEqualDimsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || func->hasAttr(kEqualDimsAttrName))
      return;
    EqualSizes sizes(func);
    // What a conditional region needs holds only when it runs: lower-reduce
    // guards the cast to a static result size it cannot prove by its own
    // runtime check, in an scf.if.
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<scf::IfOp, scf::IndexSwitchOp>(op))
        return WalkResult::skip();
      visit(sizes, op);
      return WalkResult::advance();
    });
    if (!sizes.getChecks().empty())
      func->setAttr(kEqualDimsAttrName,
                    getEqualDimsAttr(func.getContext(), sizes.getChecks()));
  }
};
} // namespace
