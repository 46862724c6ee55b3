//===- ReducePrefetch.cpp - Software prefetch of streamed inputs -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Prefetches the input of the vector loops a few KiB ahead of the reads, so
// that loops with several instructions per loaded vector keep reading at the
// bandwidth limit.
//
//===----------------------------------------------------------------------===//

#include "reduce/Target/ReduceTarget.h"
#include "reduce/Transforms/Passes.h"

#include "ShapeBytes.h"
#include "Transcendental.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEPREFETCHPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

/// Returns the function argument that `memref` is, or a reshape or a
/// subview (a thread's chunk of the rows) of, else a null value.
static BlockArgument getArgumentBehindReshapes(Value memref) {
  while (Operation *op = memref.getDefiningOp()) {
    if (!isa<memref::CollapseShapeOp, memref::ExpandShapeOp,
             memref::SubViewOp>(op))
      return nullptr;
    memref = op->getOperand(0);
  }
  auto argument = dyn_cast<BlockArgument>(memref);
  if (!argument || !isa<func::FuncOp>(argument.getOwner()->getParentOp()))
    return nullptr;
  return argument;
}

/// Returns true if `index` depends on the induction variable of `loop`.
static bool dependsOnInductionVar(Value index, scf::ForOp loop) {
  Value iv = loop.getInductionVar();
  if (index == iv)
    return true;
  Operation *def = index.getDefiningOp();
  if (!def || !loop->isAncestor(def))
    return false;
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.filter = [&](Operation *op) { return loop->isAncestor(op); };
  options.omitBlockArguments = false;
  (void)getBackwardSlice(def, &slice, options);
  slice.insert(def);
  return llvm::any_of(slice, [&](Operation *op) {
    return llvm::is_contained(op->getOperands(), iv);
  });
}

/// Returns the innermost dim of `read` whose index depends on the induction
/// variable of `loop`, or -1.
static int64_t getLoopDim(vector::TransferReadOp read, scf::ForOp loop) {
  for (int64_t dim = read.getIndices().size() - 1; dim >= 0; --dim)
    if (dependsOnInductionVar(read.getIndices()[dim], loop))
      return dim;
  return -1;
}

namespace {
/// The `reduce-prefetch` pass.
struct ReducePrefetchPass
    : reduce::impl::ReducePrefetchPassBase<ReducePrefetchPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<reduce::ReduceTarget> target =
        reduce::lookupReduceTarget(getOperation());
    if (failed(target))
      return signalPassFailure();
    int64_t distance = target->prefetchDistance;
    int64_t stride = target->prefetchStride;
    int64_t minBytes = target->minPrefetchBytes;
    if (distance == 0)
      return;
    OpBuilder builder(&getContext());
    getOperation().walk([&](vector::TransferReadOp read) {
      auto memrefType = dyn_cast<MemRefType>(read.getBase().getType());
      auto loop = read->getParentOfType<scf::ForOp>();
      BlockArgument argument = getArgumentBehindReshapes(read.getBase());
      if (!memrefType || !loop || !argument || memrefType.getRank() == 0)
        return;
      // The innermost dims that are one contiguous block of memory (all of
      // them for the identity layout; a thread's chunk of the rows keeps
      // whole rows).
      int64_t contiguousDims = memrefType.getNumContiguousTrailingDims();
      if (contiguousDims == 0)
        return;
      // The hardware prefetchers keep ahead of a loop bound by arithmetic.
      if (reduce::computesTranscendental(*loop.getBody()))
        return;
      auto argumentType = cast<MemRefType>(argument.getType());
      Type elementType = memrefType.getElementType();
      if (!argumentType.hasStaticShape() || !elementType.isIntOrFloat())
        return;
      int64_t elementBytes =
          llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8);
      int64_t loopDim = getLoopDim(read, loop);
      if (reduce::getStaticBytes(argumentType.getShape(), elementBytes) < minBytes ||
          loopDim < 0)
        return;
      // The loop walks a contiguous span: the dims from `loopDim` inward, as
      // far as they are contiguous. A span that the next outer iteration
      // does not continue (the rows of a mixed-axes reduction, 1 MiB apart)
      // gets prefetches at most half a span ahead, so that at least half of
      // them land in the span.
      int64_t ahead = distance;
      ArrayRef<int64_t> shape = memrefType.getShape();
      ArrayRef<int64_t> span = shape.drop_front(
          std::max<int64_t>(loopDim, shape.size() - contiguousDims));
      if (!ShapedType::isDynamicShape(span))
        ahead = std::min(ahead,
                         reduce::getStaticBytes(span, elementBytes) / 2);
      ahead = llvm::alignDown(ahead, elementBytes);
      if (ahead <= 0)
        return;
      // The read's rows: its innermost dims as far as they span whole rows
      // of the memref are one contiguous run of memory; the dims outside
      // them (the parts of the rows read side by side, rows at once) each
      // start a run of their own, which gets prefetches of its own.
      AffineMap map = read.getPermutationMap();
      if (!map.isMinorIdentity())
        return;
      ArrayRef<int64_t> vectorShape = read.getVectorType().getShape();
      int64_t vectorRank = vectorShape.size();
      int64_t runDims = 1;
      while (runDims < vectorRank && runDims < contiguousDims &&
             vectorShape[vectorRank - runDims] ==
                 shape[shape.size() - runDims])
        ++runDims;
      int64_t runBytes = elementBytes;
      for (int64_t size : vectorShape.take_back(runDims))
        runBytes *= size;
      ArrayRef<int64_t> runStarts = vectorShape.drop_back(runDims);
      int64_t firstDim = shape.size() - vectorRank;
      builder.setInsertionPoint(read);
      Location loc = read.getLoc();
      SmallVector<int64_t> position(runStarts.size(), 0);
      for (int64_t run = 0, runs = ShapedType::getNumElements(runStarts);
           run < runs; ++run) {
        SmallVector<Value> indices(read.getIndices());
        for (auto [dim, offset] : llvm::enumerate(position))
          if (offset != 0)
            indices[firstDim + dim] = arith::AddIOp::create(
                builder, loc, indices[firstDim + dim],
                arith::ConstantIndexOp::create(builder, loc, offset));
        Value innermost = indices.back();
        for (int64_t offset = 0; offset < runBytes; offset += stride) {
          Value delta = arith::ConstantIndexOp::create(
              builder, loc, (ahead + offset) / elementBytes);
          indices.back() =
              arith::AddIOp::create(builder, loc, innermost, delta);
          memref::PrefetchOp::create(builder, loc, read.getBase(), indices,
                                     /*isWrite=*/false, /*localityHint=*/3,
                                     /*isDataCache=*/true);
        }
        // The next run start, last dim fastest.
        for (int64_t dim = position.size() - 1; dim >= 0; --dim) {
          if (++position[dim] < runStarts[dim])
            break;
          position[dim] = 0;
        }
      }
    });
  }
};
} // namespace
