//===- ReduceOutParams.cpp - Results through out-params ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Turns the static-shaped memref results of public functions into trailing
// out-param arguments, computing a result that is an allocation of the
// function (seen through reshapes) in the out-param directly.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEOUTPARAMSPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;

/// True for a memref type a caller can allocate from the type alone.
static bool isStaticDense(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.hasStaticShape() && memref.getLayout().isIdentity();
}

/// True if `func` gets out-params: public, with a body, and with results
/// that are all static dense memrefs.
static bool takesOutParams(func::FuncOp func) {
  return func.isPublic() && !func.isExternal() &&
         llvm::all_of(func.getResultTypes(), isStaticDense);
}

/// The allocation `value` is a view of through expand_shape and
/// collapse_shape ops (collected in `reshapes`, from `value` inward), all of
/// static dense types; null if there is none.
static memref::AllocOp
getReshapedAllocation(Value value, SmallVectorImpl<Operation *> &reshapes) {
  while (isStaticDense(value.getType())) {
    Operation *def = value.getDefiningOp();
    if (auto alloc = dyn_cast_or_null<memref::AllocOp>(def))
      return alloc;
    if (!isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp>(def))
      return nullptr;
    reshapes.push_back(def);
    value = def->getOperand(0);
  }
  return nullptr;
}

/// Builds the inverse of `reshapes` (as collected by getReshapedAllocation)
/// on `out`: a view of `out` with the type of the allocation.
static Value invertReshapes(OpBuilder &builder, Value out,
                            ArrayRef<Operation *> reshapes) {
  for (Operation *reshape : reshapes) {
    Location loc = reshape->getLoc();
    if (auto expand = dyn_cast<memref::ExpandShapeOp>(reshape))
      out = memref::CollapseShapeOp::create(builder, loc, out,
                                            expand.getReassociationIndices());
    else
      out = memref::ExpandShapeOp::create(
          builder, loc, reshape->getOperand(0).getType(), out,
          cast<memref::CollapseShapeOp>(reshape).getReassociationIndices());
  }
  return out;
}

/// Rewrites `func` (see takesOutParams) to return through out-params.
static void rewriteFunction(func::FuncOp func) {
  MLIRContext *context = func.getContext();
  unsigned numInputs = func.getNumArguments();
  SmallVector<Type> resultTypes(func.getResultTypes());
  SmallVector<unsigned> indices(resultTypes.size(), numInputs);
  SmallVector<DictionaryAttr> attrs;
  for (unsigned i = 0, e = resultTypes.size(); i < e; ++i) {
    DictionaryAttr resultAttrs = func.getResultAttrDict(i);
    NamedAttrList outAttrs(resultAttrs);
    // The caller's result buffers overlap nothing the function reads.
    outAttrs.set(LLVM::LLVMDialect::getNoAliasAttrName(),
                 UnitAttr::get(context));
    attrs.push_back(outAttrs.getDictionary(context));
  }
  SmallVector<Location> locs(resultTypes.size(), func.getLoc());
  // Both only fail for function types other than FunctionType.
  (void)func.insertArguments(indices, resultTypes, attrs, locs);
  (void)func.eraseResults(llvm::BitVector(resultTypes.size(), true));
  auto outs = func.getArguments().drop_front(numInputs);

  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp op) { returns.push_back(op); });
  // With several returns, an allocation may reach only some of them.
  bool singleReturn = returns.size() == 1;
  llvm::SmallPtrSet<Operation *, 4> claimed;
  for (func::ReturnOp returnOp : returns) {
    SmallVector<Operation *> deadReshapes;
    for (auto [value, out] : llvm::zip_equal(returnOp.getOperands(), outs)) {
      SmallVector<Operation *> reshapes;
      memref::AllocOp alloc = getReshapedAllocation(value, reshapes);
      if (singleReturn && alloc && claimed.insert(alloc).second) {
        // Compute the result in `out`: the allocation becomes a view of it.
        OpBuilder builder(alloc);
        alloc.getResult().replaceAllUsesWith(
            invertReshapes(builder, out, reshapes));
        alloc.erase();
        llvm::append_range(deadReshapes, reshapes);
        continue;
      }
      OpBuilder builder(returnOp);
      memref::CopyOp::create(builder, returnOp.getLoc(), value, out);
    }
    OpBuilder builder(returnOp);
    func::ReturnOp::create(builder, returnOp.getLoc());
    returnOp.erase();
    // The views the return read, outermost first, unless used elsewhere.
    for (Operation *reshape : deadReshapes)
      if (reshape->use_empty())
        reshape->erase();
  }
}

namespace {
/// The `reduce-out-params` pass.
struct ReduceOutParamsPass
    : reduce::impl::ReduceOutParamsPassBase<ReduceOutParamsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::StringSet<> rewritten;
    SmallVector<func::FuncOp> functions;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (!takesOutParams(func) || func.getNumResults() == 0)
        continue;
      rewritten.insert(func.getSymName());
      functions.push_back(func);
    }
    // Calls first: they allocate the out-params and read the results from
    // them, and a caller that returns such a result then passes its own
    // out-param down.
    module.walk([&](func::CallOp call) {
      if (!rewritten.contains(call.getCallee()))
        return;
      OpBuilder builder(call);
      SmallVector<Value> operands(call.getOperands());
      for (Value result : call.getResults()) {
        auto alloc = memref::AllocOp::create(
            builder, call.getLoc(), cast<MemRefType>(result.getType()));
        result.replaceAllUsesWith(alloc);
        operands.push_back(alloc);
      }
      func::CallOp::create(builder, call.getLoc(), call.getCallee(),
                           TypeRange(), operands);
      call.erase();
    });
    for (func::FuncOp func : functions)
      rewriteFunction(func);
  }
};
} // namespace
