//===- ReduceI1VectorMemory.cpp - i1 vector accesses as bytes ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A memref of i1 holds one element per byte, as a scalar i1 load or store
// reads or writes it. LLVM stores a vector of i1 bit-packed (`<16 x i1>` is 2
// bytes), so the `llvm.load` of a `vector<16xi1>` that the vector lowering
// emits for a memref<?xi1> reads the wrong bytes. This pass rewrites every
// LLVM memory access of a vector of i1 into the same access of a vector of
// i8: loaded bytes become bools with `trunc nuw` (a byte of an i1 memref is
// 0 or 1: LLVM's scalar i1 loads take any other byte as undefined, and
// `nuw` makes it poison), stored bools become bytes with `zext`. The bytes
// are still read and written as whole vectors, and LLVM folds `and`/`or` of
// truncated bytes into byte operations: an and/or reduction runs on bytes,
// with no compare per vector (docs/pipeline.md has what a compare per
// load costs).
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEI1VECTORMEMORYPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

/// Returns true if `type` is a vector of i1.
static bool isI1Vector(Type type) {
  auto vectorType = dyn_cast<VectorType>(type);
  return vectorType && vectorType.getElementType().isInteger(1);
}

/// Returns true if `type` is an LLVM aggregate that holds a vector of i1.
static bool isAggregateOfI1Vectors(Type type) {
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return isI1Vector(array.getElementType()) ||
           isAggregateOfI1Vectors(array.getElementType());
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type))
    return llvm::any_of(structType.getBody(), [](Type field) {
      return isI1Vector(field) || isAggregateOfI1Vectors(field);
    });
  return false;
}

/// Returns `type`, a vector of i1, as a vector of i8.
static VectorType getByteVector(Type type) {
  return cast<VectorType>(type).clone(IntegerType::get(type.getContext(), 8));
}

/// Returns the bools `value` as bytes 0 and 1 (a poison as a byte poison),
/// built before `op`.
static Value toBytes(RewriterBase &rewriter, Operation *op, Value value) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  VectorType type = getByteVector(value.getType());
  if (value.getDefiningOp<LLVM::PoisonOp>())
    return LLVM::PoisonOp::create(rewriter, op->getLoc(), type);
  return LLVM::ZExtOp::create(rewriter, op->getLoc(), type, value);
}

/// Makes the access `op`, which stores the i1 vector of `value`, store it as
/// bytes.
static void widenStore(RewriterBase &rewriter, Operation *op,
                       OpOperand &value) {
  if (!isI1Vector(value.get().getType()))
    return;
  Value bytes = toBytes(rewriter, op, value.get());
  rewriter.modifyOpInPlace(op, [&] { value.set(bytes); });
}

/// Makes the access `op`, which loads an i1 vector, load bytes and truncate
/// them (nuw: each is 0 or 1). Its operands after the address and the mask (the
/// pass-through values of the masked loads) become bytes too.
static void widenLoad(RewriterBase &rewriter, Operation *op) {
  Value result = op->getResult(0);
  Type type = result.getType();
  if (!isI1Vector(type))
    return;
  MutableArrayRef<OpOperand> passThrough = op->getOpOperands().drop_front(
      std::min<size_t>(2, op->getNumOperands()));
  SmallVector<Value> passBytes = llvm::map_to_vector(
      passThrough,
      [&](OpOperand &operand) { return toBytes(rewriter, op, operand.get()); });
  rewriter.modifyOpInPlace(op, [&] {
    result.setType(getByteVector(type));
    for (auto [operand, bytes] : llvm::zip_equal(passThrough, passBytes))
      operand.set(bytes);
  });
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(op);
  Location loc = op->getLoc();
  auto bools = LLVM::TruncOp::create(rewriter, loc, type, result);
  bools.setOverflowFlags(LLVM::IntegerOverflowFlags::nuw);
  rewriter.replaceAllUsesExcept(result, bools, bools);
}

/// Gives a plain load or store of an i1 vector without an alignment the one
/// of its bytes: without it, LLVM would assume the ABI alignment of the byte
/// vector (its size), which the element pointer of a memref does not have.
template <typename OpTy>
static void keepByteAlignment(RewriterBase &rewriter, OpTy op) {
  if (op.getAlignment().value_or(0) == 0)
    rewriter.modifyOpInPlace(op, [&] { op.setAlignment(1); });
}

namespace {
/// The `reduce-i1-vector-memory` pass.
struct ReduceI1VectorMemoryPass
    : reduce::impl::ReduceI1VectorMemoryPassBase<ReduceI1VectorMemoryPass> {
  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      if (isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::MaskedLoadOp,
              LLVM::MaskedStoreOp, LLVM::masked_gather, LLVM::masked_scatter,
              LLVM::masked_expandload, LLVM::masked_compressstore>(op))
        accesses.push_back(op);
      // Aggregates are stored field by field: a vector of i1 in one would
      // be bit-packed all the same. The vector lowering does not make them.
      Type accessed = isa<LLVM::LoadOp>(op)    ? op->getResult(0).getType()
                      : isa<LLVM::StoreOp>(op) ? op->getOperand(0).getType()
                                               : Type();
      if (accessed && isAggregateOfI1Vectors(accessed)) {
        op->emitOpError() << "accesses " << accessed
                          << ", an aggregate with a vector of i1; expected "
                             "a vector of i1 alone (stored one byte per "
                             "element)";
        failed = true;
      }
    });
    if (failed)
      return signalPassFailure();

    IRRewriter rewriter(&getContext());
    for (Operation *access : accesses) {
      if (auto load = dyn_cast<LLVM::LoadOp>(access)) {
        if (!isI1Vector(load.getType()))
          continue;
        keepByteAlignment(rewriter, load);
        widenLoad(rewriter, load);
      } else if (auto store = dyn_cast<LLVM::StoreOp>(access)) {
        if (!isI1Vector(store.getValue().getType()))
          continue;
        keepByteAlignment(rewriter, store);
        widenStore(rewriter, store, store.getValueMutable());
      } else if (isa<LLVM::MaskedLoadOp, LLVM::masked_gather,
                     LLVM::masked_expandload>(access)) {
        widenLoad(rewriter, access);
      } else if (auto store = dyn_cast<LLVM::MaskedStoreOp>(access)) {
        widenStore(rewriter, store, store.getValueMutable());
      } else if (auto scatter = dyn_cast<LLVM::masked_scatter>(access)) {
        widenStore(rewriter, scatter, scatter.getValueMutable());
      } else if (auto compress =
                     dyn_cast<LLVM::masked_compressstore>(access)) {
        widenStore(rewriter, compress, compress.getValueMutable());
      }
    }
  }
};
} // namespace
