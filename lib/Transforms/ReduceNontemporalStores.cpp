//===- ReduceNontemporalStores.cpp - Stream large results past caches -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Writes the large, write-only result buffers of vector loops with
// non-temporal stores, in a version of the loop that runs when the buffers
// are aligned (the caller's buffers may not be).
//
//===----------------------------------------------------------------------===//

#include "reduce/Target/ReduceTarget.h"
#include "reduce/Transforms/Passes.h"

#include "ShapeBytes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCENONTEMPORALSTORESPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

/// The widest alignment a store is given, in bytes: a cache line.
static constexpr int64_t kMaxAlignment = 64;
/// The narrowest: x86's non-temporal vector stores move 16 bytes at least
/// and fault on a misaligned address; LLVM splits a less aligned one into
/// scalar stores.
static constexpr int64_t kMinAlignment = 16;

/// The largest power of two, at most kMaxAlignment, that `value` is known to
/// be a multiple of (kMaxAlignment for 0).
static int64_t getPowerOfTwoFactor(int64_t value) {
  if (value == 0)
    return kMaxAlignment;
  return std::min<int64_t>(kMaxAlignment,
                           int64_t(1) << llvm::countr_zero(uint64_t(value)));
}

static int64_t getKnownMultiple(Value index);

static int64_t getKnownMultiple(OpFoldResult value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return getPowerOfTwoFactor(*constant);
  return getKnownMultiple(cast<Value>(value));
}

/// The power of two that `expr` is known to be a multiple of, its dims and
/// symbols being `operands`.
static int64_t getKnownMultiple(AffineExpr expr, ValueRange operands,
                                unsigned numDims) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return getPowerOfTwoFactor(constant.getValue());
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return getKnownMultiple(operands[dim.getPosition()]);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return getKnownMultiple(operands[numDims + symbol.getPosition()]);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  int64_t lhs = getKnownMultiple(binary.getLHS(), operands, numDims);
  int64_t rhs = getKnownMultiple(binary.getRHS(), operands, numDims);
  switch (binary.getKind()) {
  case AffineExprKind::Add:
    return std::min(lhs, rhs);
  case AffineExprKind::Mul:
    return std::min(kMaxAlignment, lhs * rhs);
  default:
    return 1;
  }
}

/// The power of two, at most kMaxAlignment, that the index `index` is known
/// to be a multiple of: from constants, sums and products, loop induction
/// variables (their lower bounds and steps) and affine.apply.
static int64_t getKnownMultiple(Value index) {
  if (auto argument = dyn_cast<BlockArgument>(index)) {
    Operation *owner = argument.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(owner);
        loop && loop.getInductionVar() == index)
      return std::min(getKnownMultiple(loop.getLowerBound()),
                      getKnownMultiple(loop.getStep()));
    // The loop over each thread's part (threads > 1).
    if (auto nest = dyn_cast<omp::LoopNestOp>(owner)) {
      unsigned dim = argument.getArgNumber();
      return std::min(getKnownMultiple(nest.getLoopLowerBounds()[dim]),
                      getKnownMultiple(nest.getLoopSteps()[dim]));
    }
    return 1;
  }
  Operation *def = index.getDefiningOp();
  if (std::optional<int64_t> constant = getConstantIntValue(index))
    return getPowerOfTwoFactor(*constant);
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    return std::min(getKnownMultiple(def->getOperand(0)),
                    getKnownMultiple(def->getOperand(1)));
  if (isa<arith::MulIOp>(def))
    return std::min(kMaxAlignment, getKnownMultiple(def->getOperand(0)) *
                                       getKnownMultiple(def->getOperand(1)));
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def))
    return getKnownMultiple(apply.getAffineMap().getResult(0),
                            apply.getMapOperands(),
                            apply.getAffineMap().getNumDims());
  return 1;
}

/// Returns true if nothing reads the buffer `root` (through views): its
/// uses are writes into it, views of it, its deallocation and the return.
static bool isWriteOnly(Value root) {
  SmallVector<Value> worklist = {root};
  while (!worklist.empty()) {
    Value buffer = worklist.pop_back_val();
    for (OpOperand &use : buffer.getUses()) {
      Operation *user = use.getOwner();
      if (isa<memref::SubViewOp, memref::ExpandShapeOp,
              memref::CollapseShapeOp>(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (auto write = dyn_cast<vector::TransferWriteOp>(user);
          write && write.getBase() == buffer)
        continue;
      if (auto store = dyn_cast<vector::StoreOp>(user);
          store && store.getBase() == buffer)
        continue;
      if (auto store = dyn_cast<memref::StoreOp>(user);
          store && store.getMemref() == buffer)
        continue;
      if (isa<memref::DeallocOp, func::ReturnOp,
              memref::ExtractAlignedPointerAsIndexOp>(user))
        continue;
      return false;
    }
  }
  return true;
}

namespace {
/// A vector write that becomes a non-temporal store where its buffer is
/// aligned: the buffer and the alignment, in bytes, of the write's address
/// when the buffer's aligned pointer has it.
struct Candidate {
  vector::TransferWriteOp write;
  Value root;
  int64_t alignment;
};
} // namespace

/// The candidate that `write` is, if it is one (see the pass description).
static std::optional<Candidate> getCandidate(vector::TransferWriteOp write,
                                             int64_t minBytes) {
  VectorType vectorType = write.getVectorType();
  Type elementType = vectorType.getElementType();
  if (write.getMask() || vectorType.getRank() != 1 ||
      vectorType.isScalable() || !elementType.isIntOrFloat() ||
      elementType.getIntOrFloatBitWidth() % 8 != 0 ||
      !write.getPermutationMap().isMinorIdentity() ||
      !llvm::all_of(write.getInBoundsValues(), [](bool b) { return b; }))
    return std::nullopt;
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  // The power of two that the element offset of the write from the root
  // buffer's start is known to be a multiple of: the write's indices times
  // the strides of its memref, plus the offsets of the views between them
  // times their sources' strides (a reshape keeps the offset).
  auto getStrides = [](Value memref) -> std::optional<SmallVector<int64_t>> {
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type)
      return std::nullopt;
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) ||
        ShapedType::isDynamicShape(strides))
      return std::nullopt;
    return strides;
  };
  auto addTerms = [](int64_t &multiple, ArrayRef<int64_t> terms,
                     ArrayRef<int64_t> strides) {
    for (auto [term, stride] : llvm::zip_equal(terms, strides))
      // `term` is a power of two of at most kMaxAlignment: the factor of
      // the product is the product of the factors, without an overflow.
      multiple =
          std::min(multiple,
                   std::min(kMaxAlignment, term * getPowerOfTwoFactor(stride)));
  };
  std::optional<SmallVector<int64_t>> strides = getStrides(write.getBase());
  if (!strides || strides->empty() || strides->back() != 1)
    return std::nullopt;
  int64_t multiple = kMaxAlignment;
  addTerms(multiple, llvm::map_to_vector(write.getIndices(), [](Value index) {
             return getKnownMultiple(index);
           }), *strides);
  Value buffer = write.getBase();
  while (Operation *view = buffer.getDefiningOp()) {
    if (auto subview = dyn_cast<memref::SubViewOp>(view)) {
      std::optional<SmallVector<int64_t>> sourceStrides =
          getStrides(subview.getSource());
      if (!sourceStrides)
        return std::nullopt;
      addTerms(multiple,
               llvm::map_to_vector(subview.getMixedOffsets(),
                                   [](OpFoldResult offset) {
                                     return getKnownMultiple(offset);
                                   }),
               *sourceStrides);
    } else if (!isa<memref::ExpandShapeOp, memref::CollapseShapeOp>(view)) {
      break;
    }
    buffer = view->getOperand(0);
  }
  auto rootType = dyn_cast<MemRefType>(buffer.getType());
  bool isArgument = isa<BlockArgument>(buffer) &&
                    isa<func::FuncOp>(cast<BlockArgument>(buffer)
                                          .getOwner()
                                          ->getParentOp());
  if (!rootType || !rootType.hasStaticShape() ||
      !rootType.getLayout().isIdentity() ||
      (!isArgument && !buffer.getDefiningOp<memref::AllocOp>()) ||
      reduce::getStaticBytes(rootType.getShape(), elementBytes) < minBytes ||
      !isWriteOnly(buffer))
    return std::nullopt;
  int64_t alignment =
      std::min(getPowerOfTwoFactor(vectorType.getNumElements() * elementBytes),
               getPowerOfTwoFactor(multiple * elementBytes));
  if (alignment < kMinAlignment)
    return std::nullopt;
  return Candidate{write, buffer, alignment};
}

/// The outermost scf op around `op` (or `op`) below the function or the
/// OpenMP loop of each thread: the loop nest that is versioned, which runs
/// on one thread.
static Operation *getVersionedOp(Operation *op) {
  while (isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::ExecuteRegionOp>(
      op->getParentOp()))
    op = op->getParentOp();
  return op;
}

/// Orders the non-temporal stores before whatever follows: x86's are weakly
/// ordered even against locked instructions.
static void createStoreFence(OpBuilder &builder, Location loc) {
  if (llvm::Triple(llvm::sys::getProcessTriple()).isX86()) {
    LLVM::CallIntrinsicOp::create(builder, loc,
                                  builder.getStringAttr("llvm.x86.sse.sfence"),
                                  ValueRange());
    return;
  }
  LLVM::FenceOp::create(builder, loc, LLVM::AtomicOrdering::seq_cst);
}

/// Runs `top` in two versions: the candidates in it as non-temporal stores
/// where every buffer they write is aligned, else as they are.
static void version(Operation *top, ArrayRef<Candidate> candidates) {
  OpBuilder builder(top);
  Location loc = top->getLoc();
  // The alignment each buffer needs: the greatest its writes claim (a
  // write's address is a multiple of its alignment when the buffer's is).
  llvm::MapVector<Value, int64_t> alignments;
  for (const Candidate &candidate : candidates) {
    int64_t &alignment = alignments[candidate.root];
    alignment = std::max(alignment, candidate.alignment);
  }
  Value aligned;
  for (auto [root, alignment] : alignments) {
    Value pointer =
        memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, root);
    Value remainder = arith::RemUIOp::create(
        builder, loc, pointer,
        arith::ConstantIndexOp::create(builder, loc, alignment));
    Value isAligned = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::eq, remainder,
        arith::ConstantIndexOp::create(builder, loc, 0));
    aligned = aligned ? arith::AndIOp::create(builder, loc, aligned, isAligned)
                      : isAligned;
  }
  auto ifOp = scf::IfOp::create(builder, loc, top->getResultTypes(), aligned,
                                /*withElseRegion=*/true);
  // Then: a clone of the loop nest with non-temporal stores, and the fence.
  Block *thenBlock = ifOp.thenBlock();
  builder.setInsertionPointToStart(thenBlock);
  if (!thenBlock->empty())
    builder.setInsertionPoint(thenBlock->getTerminator());
  IRMapping mapping;
  Operation *clone = builder.clone(*top, mapping);
  createStoreFence(builder, loc);
  if (top->getNumResults() > 0)
    scf::YieldOp::create(builder, loc, clone->getResults());
  for (Candidate candidate : candidates) {
    auto write = cast<vector::TransferWriteOp>(
        mapping.lookup(candidate.write.getOperation()));
    OpBuilder storeBuilder(write);
    vector::StoreOp::create(storeBuilder, write.getLoc(),
                            write.getValueToStore(), write.getBase(),
                            write.getIndices(), /*nontemporal=*/true,
                            llvm::MaybeAlign(candidate.alignment));
    write.erase();
  }
  // Else: the loop nest itself.
  Block *elseBlock = ifOp.elseBlock();
  if (elseBlock->empty()) {
    top->moveBefore(elseBlock, elseBlock->end());
    builder.setInsertionPointToEnd(elseBlock);
    auto yield = scf::YieldOp::create(builder, loc, top->getResults());
    for (auto [result, replacement] :
         llvm::zip_equal(top->getResults(), ifOp.getResults()))
      result.replaceAllUsesExcept(replacement, yield);
    return;
  }
  top->moveBefore(elseBlock->getTerminator());
}

namespace {
/// The `reduce-nontemporal-stores` pass.
struct ReduceNontemporalStoresPass
    : reduce::impl::ReduceNontemporalStoresPassBase<
          ReduceNontemporalStoresPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<reduce::ReduceTarget> target =
        reduce::lookupReduceTarget(getOperation());
    if (failed(target))
      return signalPassFailure();
    int64_t minBytes = target->nontemporalStoreBytes;
    if (minBytes == 0)
      return;
    // The candidates by the loop nest that holds them, in IR order.
    llvm::MapVector<Operation *, SmallVector<Candidate>> nests;
    getOperation().walk([&](vector::TransferWriteOp write) {
      std::optional<Candidate> candidate = getCandidate(write, minBytes);
      if (!candidate)
        return;
      Operation *top = getVersionedOp(write);
      // A write that no loop holds gains nothing from the second version.
      if (top != write.getOperation())
        nests[top].push_back(*candidate);
    });
    for (auto &[top, candidates] : nests)
      version(top, candidates);
  }
};
} // namespace
