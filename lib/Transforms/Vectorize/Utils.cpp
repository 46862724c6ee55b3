//===- Utils.cpp - Helpers of the reduction vectorizer ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "reduce/Target/ReduceTarget.h"

#include "../ShapeBytes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/Support/InterleavedRange.h"

using namespace mlir;

namespace mlir::reduce::vectorize {

FailureOr<PlanAttrInterface> getRecordedPlan(Operation *op) {
  Attribute attr = op->getAttr(kPlanAttrName);
  if (!attr)
    return PlanAttrInterface();
  if (auto plan = dyn_cast<PlanAttrInterface>(attr))
    return plan;
  return op->emitError("expected '")
         << kPlanAttrName << "' to be a plan attribute, found " << attr;
}

bool isTensorReduction(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() && op.getNumReductionLoops() > 0;
}

SmallVector<linalg::LinalgOp> collectTensorReductions(Operation *root) {
  SmallVector<linalg::LinalgOp> reductions;
  root->walk([&](linalg::LinalgOp op) {
    if (isTensorReduction(op))
      reductions.push_back(op);
  });
  return reductions;
}

bool isPlannedElementwise(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() && !op.hasDynamicShape() &&
         op.getNumReductionLoops() == 0;
}

static unsigned getWidestElementBits(ValueRange values) {
  unsigned bits = 8;
  for (Value value : values) {
    Type elementType = getElementTypeOrSelf(value.getType());
    if (elementType.isIntOrFloat() && elementType.getIntOrFloatBitWidth() > 1)
      bits = std::max(bits, elementType.getIntOrFloatBitWidth());
  }
  return bits;
}

unsigned getWidestElementBits(linalg::LinalgOp op) {
  return getWidestElementBits(op->getOperands());
}

unsigned getWidestInputElementBits(linalg::LinalgOp op) {
  SmallVector<Value> inputs = op.getDpsInputs();
  return getWidestElementBits(inputs);
}

uint64_t getStaticInputBytes(linalg::LinalgOp op) {
  uint64_t inputBytes = 0;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    if (!type || !type.getElementType().isIntOrFloat())
      continue;
    auto bytes = static_cast<uint64_t>(reduce::getStaticBytes(
        type.getShape(), llvm::divideCeil(type.getElementTypeBitWidth(), 8)));
    inputBytes = llvm::SaturatingAdd(inputBytes, bytes);
  }
  return inputBytes;
}

/// Returns true if a combiner of an init of `op` is one of `OpTs`.
template <typename... OpTs>
static bool hasCombiner(linalg::LinalgOp op) {
  for (OpOperand &init : op.getDpsInitsMutable()) {
    SmallVector<Operation *> combiners;
    if (matchReduction(op.getRegionOutputArgs(),
                       init.getOperandNumber() - op.getNumDpsInputs(),
                       combiners) &&
        llvm::any_of(combiners, llvm::IsaPred<OpTs...>))
      return true;
  }
  return false;
}

bool hasFloatAddCombiner(linalg::LinalgOp op) {
  return hasCombiner<arith::AddFOp>(op);
}

bool hasFloatMinMaxCombiner(linalg::LinalgOp op) {
  return hasCombiner<arith::MinimumFOp, arith::MaximumFOp>(op);
}

SmallVector<int64_t> getParallelFirstOrder(linalg::LinalgOp op) {
  SmallVector<int64_t> order;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (bool reduction : {false, true})
    for (auto [dim, iterator] : llvm::enumerate(iterators))
      if (linalg::isReductionIterator(iterator) == reduction)
        order.push_back(dim);
  return order;
}

SmallVector<OpFoldResult> getIndexAttrs(OpBuilder &b, ArrayRef<int64_t> sizes) {
  return llvm::map_to_vector(sizes, [&](int64_t size) -> OpFoldResult {
    return b.getIndexAttr(size);
  });
}

void vectorizeIfPossible(RewriterBase &rewriter, Operation *op,
                         ArrayRef<int64_t> vectorSizes) {
  // The vectorizer reads one scalable flag per vector size.
  SmallVector<bool> scalableDims(vectorSizes.size(), false);
  if (!isa<linalg::LinalgOp>(op) ||
      failed(linalg::vectorizeOpPrecondition(op, vectorSizes, scalableDims)))
    return;
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::VectorizationResult> result =
      linalg::vectorize(rewriter, op, vectorSizes, scalableDims);
  if (failed(result))
    return;
  if (op->getNumResults() == 0)
    rewriter.eraseOp(op);
  else
    rewriter.replaceOp(op, result->replacements);
}

LogicalResult checkPlanVectorSizes(linalg::LinalgOp op,
                                   ArrayRef<int64_t> vectorSizes) {
  int64_t elements = 1;
  for (int64_t size : vectorSizes)
    if (llvm::MulOverflow(elements, size, elements) ||
        elements > kMaxPlanVectorElements)
      return op->emitError("reduce.plan: expected vector tiles of at most ")
             << kMaxPlanVectorElements << " elements, found "
             << llvm::interleaved(vectorSizes, " x ");
  return success();
}

FailureOr<scf::SCFTilingResult>
tileAndReplace(RewriterBase &rewriter, linalg::LinalgOp op,
               const scf::SCFTilingOptions &options) {
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  return result;
}

FailureOr<SmallVector<Operation *>>
tileAndFuseFills(RewriterBase &rewriter, linalg::LinalgOp op,
                 const scf::SCFTilingOptions &options) {
  scf::SCFTileAndFuseOptions fuseOptions;
  fuseOptions.setTilingOptions(options);
  fuseOptions.setFusionControlFn(
      [](tensor::ExtractSliceOp, OpResult producer, bool)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!isa<linalg::FillOp>(producer.getOwner()))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), fuseOptions);
  if (failed(tiled))
    return failure();
  for (OpResult result : op->getResults())
    if (Value replacement = tiled->replacements.lookup(result))
      rewriter.replaceAllUsesWith(result, replacement);
  rewriter.eraseOp(op);
  return SmallVector<Operation *>(tiled->tiledAndFusedOps.takeVector());
}

FailureOr<scf::SCFTilingResult> tileParallelFirst(RewriterBase &rewriter,
                                                  linalg::LinalgOp op,
                                                  ArrayRef<int64_t> tileSizes) {
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  scf::SCFTilingOptions options;
  options.setTileSizes(getIndexAttrs(rewriter, tileSizes))
      .setInterchange(getParallelFirstOrder(op))
      .setReductionDims(reductionDims);
  return tileAndReplace(rewriter, op, options);
}

} // namespace mlir::reduce::vectorize

std::string mlir::reduce::vectorize::formatSizes(ArrayRef<int64_t> sizes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      sizes, os,
      [&](int64_t size) {
        if (ShapedType::isDynamic(size))
          os << "?";
        else
          os << size;
      },
      " x ");
  return text;
}

Value mlir::reduce::vectorize::expandLeadingDim(OpBuilder &b, Location loc,
                                                Value value, int64_t parts,
                                                int64_t blockRows) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rows = type.getDimSize(0);
  SmallVector<int64_t> shape;
  if (blockRows > 0)
    shape = {rows / blockRows, parts, blockRows / parts};
  else
    shape = {parts, rows / parts};
  ReassociationIndices leading =
      llvm::to_vector(llvm::seq<int64_t>(0, shape.size()));
  llvm::append_range(shape, type.getShape().drop_front());
  SmallVector<ReassociationIndices> reassociation = {leading};
  for (int64_t dim = leading.size(), e = shape.size(); dim < e; ++dim)
    reassociation.push_back({dim});
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      reassociation);
}
