//===- ReduceFinalizeLLVM.cpp - Last legalization and check -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites the bf16 vector memory accesses as i16 ones, then checks that the
// module is made of LLVM dialect ops the x86 backend can legalize, so that a
// lowering gap is a diagnostic and not a translation failure or a crash.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEFINALIZELLVMPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

/// Returns true if `type` is a vector of bf16.
static bool isBF16Vector(Type type) {
  auto vectorType = dyn_cast<VectorType>(type);
  return vectorType && vectorType.getElementType().isBF16();
}

/// Returns `type`, a vector of bf16, as a vector of i16.
static VectorType getI16Vector(Type type) {
  auto vectorType = cast<VectorType>(type);
  return vectorType.clone(IntegerType::get(type.getContext(), 16));
}

/// Returns `value` bitcast to `type`.
static Value bitcast(OpBuilder &b, Location loc, Value value, Type type) {
  return LLVM::BitcastOp::create(b, loc, type, value);
}

/// Makes the store `store` (plain or masked) of a bf16 vector store it as
/// an i16 vector.
template <typename StoreOpTy>
static void rewriteBF16Store(RewriterBase &rewriter, StoreOpTy store) {
  Value value = store.getValue();
  if (!isBF16Vector(value.getType()))
    return;
  Value cast =
      bitcast(rewriter, store.getLoc(), value, getI16Vector(value.getType()));
  rewriter.modifyOpInPlace(store,
                           [&] { store.getValueMutable().assign(cast); });
}

/// Rewrites the loads and stores, plain and masked, of bf16 vectors in `op`
/// as accesses to i16 vectors.
static void rewriteBF16MemoryAccesses(Operation *op) {
  IRRewriter rewriter(op->getContext());
  op->walk([&](Operation *access) {
    rewriter.setInsertionPoint(access);
    Location loc = access->getLoc();
    if (auto load = dyn_cast<LLVM::LoadOp>(access)) {
      Type type = load.getType();
      if (!isBF16Vector(type))
        return;
      rewriter.modifyOpInPlace(
          load, [&] { load.getResult().setType(getI16Vector(type)); });
      rewriter.setInsertionPointAfter(load);
      Value cast = bitcast(rewriter, loc, load.getResult(), type);
      rewriter.replaceAllUsesExcept(load.getResult(), cast,
                                    cast.getDefiningOp());
    } else if (auto load = dyn_cast<LLVM::MaskedLoadOp>(access)) {
      Type type = load.getType();
      if (!isBF16Vector(type))
        return;
      // A poison pass-through (the usual one) becomes an i16 poison rather
      // than a bitcast of a bf16 poison.
      Value passThru = load.getPassThru();
      if (passThru && passThru.getDefiningOp<LLVM::PoisonOp>())
        passThru = LLVM::PoisonOp::create(rewriter, loc, getI16Vector(type));
      else if (passThru)
        passThru = bitcast(rewriter, loc, passThru, getI16Vector(type));
      auto newLoad = LLVM::MaskedLoadOp::create(
          rewriter, loc, getI16Vector(type), load.getData(), load.getMask(),
          passThru, load.getAlignmentAttr(), load.getNontemporalAttr());
      rewriter.replaceOp(load, bitcast(rewriter, loc, newLoad, type));
    } else if (auto store = dyn_cast<LLVM::StoreOp>(access)) {
      rewriteBF16Store(rewriter, store);
    } else if (auto store = dyn_cast<LLVM::MaskedStoreOp>(access)) {
      rewriteBF16Store(rewriter, store);
    }
  });
}

/// Returns true if the x86 backend compiles `op` on its bf16 vectors. It
/// has no bf16 arithmetic: it promotes it to f32, but fails for some widths
/// (`<17 x bfloat>` fabs then fpext). It moves bf16 vectors, except that
/// selects, shuffles and element accesses fail on widths 32k+1 > 1, which it
/// splits into a `<1 x bfloat>` it cannot promote.
static bool isLegalOnBF16Vectors(Operation *op) {
  if (isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::BitcastOp, LLVM::ConstantOp,
          LLVM::PoisonOp, LLVM::UndefOp, LLVM::ZeroOp, LLVM::ExtractValueOp,
          LLVM::InsertValueOp, LLVM::ReturnOp, LLVM::BrOp, LLVM::CondBrOp>(op))
    return true;
  if (!isa<LLVM::InsertElementOp, LLVM::ExtractElementOp, LLVM::ShuffleVectorOp,
           LLVM::SelectOp>(op))
    return false;
  auto isSplitIntoOne = [](Type type) {
    auto vectorType = dyn_cast<VectorType>(type);
    return vectorType && vectorType.getElementType().isBF16() &&
           vectorType.getNumElements() > 1 &&
           vectorType.getNumElements() % 32 == 1;
  };
  return llvm::none_of(op->getOperandTypes(), isSplitIntoOne) &&
         llvm::none_of(op->getResultTypes(), isSplitIntoOne);
}

/// Holds each function of `module` whose plan records its widest register
/// (`vector_bits`) to it in the backend: LLVM's
/// `prefer-vector-width` and `min-legal-vector-width` (without both, x86
/// targets that do not prefer 256-bit vectors join two 256-bit operations
/// into one 512-bit one), and `noinline`, so that the C interface and JIT
/// wrappers, which have neither, do not take its body in.
static void holdRegisterWidths(ModuleOp module) {
  MLIRContext *context = module.getContext();
  ReduceDialect::FunctionPlanAttrHelper planHelper(context);
  module.walk([&](LLVM::LLVMFuncOp function) {
    // The plan is spent: nothing of it is left in the LLVM dialect.
    FunctionPlanAttr plan = planHelper.getAttr(function);
    if (!plan)
      return;
    planHelper.removeAttr(function);
    if (plan.getVectorBits() == 0)
      return;
    auto width = StringAttr::get(context, llvm::Twine(plan.getVectorBits()));
    function.setPreferVectorWidthAttr(width);
    SmallVector<Attribute> passthrough;
    if (ArrayAttr existing = function.getPassthroughAttr())
      llvm::append_range(passthrough, existing.getValue());
    passthrough.push_back(ArrayAttr::get(
        context, {StringAttr::get(context, "min-legal-vector-width"), width}));
    function.setPassthroughAttr(ArrayAttr::get(context, passthrough));
    function.setNoInline(true);
  });
}

namespace {
/// The `reduce-finalize-llvm` pass.
struct ReduceFinalizeLLVMPass
    : reduce::impl::ReduceFinalizeLLVMPassBase<ReduceFinalizeLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    rewriteBF16MemoryAccesses(module);
    holdRegisterWidths(module);

    bool failed = false;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == module.getOperation())
        return WalkResult::advance();
      // OpenMP ops (reduce-to-llvm{threads=N}) are translated to LLVM IR
      // with the runtime calls.
      Dialect *dialect = op->getDialect();
      bool isOpenMP = dialect && dialect->getNamespace() == "omp";
      if (!isOpenMP && !isa_and_present<LLVM::LLVMDialect>(dialect)) {
        op->emitError() << "'" << op->getName()
                        << "' is left after the lowering to the LLVM dialect";
        failed = true;
        return WalkResult::skip();
      }
      auto hasBF16Vector = [](TypeRange types) {
        return llvm::any_of(types, isBF16Vector);
      };
      if (!isLegalOnBF16Vectors(op) && (hasBF16Vector(op->getOperandTypes()) ||
                                        hasBF16Vector(op->getResultTypes()))) {
        op->emitError() << "'" << op->getName()
                        << "' on a bf16 vector cannot be compiled for x86";
        failed = true;
      }
      return WalkResult::advance();
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
