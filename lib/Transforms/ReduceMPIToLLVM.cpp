//===- ReduceMPIToLLVM.cpp - mpi to calls against Open MPI ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Upstream's MPI-to-LLVM patterns for the Open MPI ABI, and the two symbols
// of their output that Open MPI's library does not match (see the pass
// description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MPIToLLVM/MPIToLLVM.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEMPITOLLVMPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

namespace {

constexpr llvm::StringLiteral kImplementationKey = "MPI:Implementation";

/// Marks `module` for the Open MPI ABI unless it names an implementation.
void markOpenMPI(ModuleOp module) {
  MLIRContext *context = module.getContext();
  if (succeeded(dlti::query(module, {kImplementationKey})))
    return;
  SmallVector<DataLayoutEntryInterface> entries;
  if (auto existing = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName))
    llvm::append_range(entries, existing.getEntries());
  entries.push_back(DataLayoutEntryAttr::get(
      StringAttr::get(context, kImplementationKey),
      StringAttr::get(context, "OpenMPI")));
  module->setAttr(DLTIDialect::kMapAttrName, MapAttr::get(context, entries));
}

/// Renames the reduction operations `ompi_mpi_<op>` to Open MPI's
/// `ompi_mpi_op_<op>`.
void renameReductionOps(ModuleOp module) {
  static constexpr llvm::StringLiteral kOps[] = {
      "max", "min", "sum", "prod", "land", "band",
      "lor", "bor", "lxor", "bxor", "minloc", "maxloc", "replace"};
  SymbolTable symbols(module);
  for (llvm::StringLiteral op : kOps) {
    std::string wrong = ("ompi_mpi_" + op).str();
    auto global = symbols.lookup<LLVM::GlobalOp>(wrong);
    if (!global)
      continue;
    StringAttr right = StringAttr::get(module.getContext(),
                                       ("ompi_mpi_op_" + op).str());
    if (failed(SymbolTable::replaceAllSymbolUses(global, right, module)))
      continue;
    symbols.setSymbolName(global, right);
  }
}

/// Makes the i32 load of the communicator `MPI_Comm_split` writes, and its
/// sign extension, one 64-bit load.
void widenSplitCommunicatorLoads(ModuleOp module) {
  SmallVector<LLVM::LoadOp> loads;
  module.walk([&](LLVM::CallOp call) {
    std::optional<StringRef> callee = call.getCallee();
    if (!callee || *callee != "MPI_Comm_split" || call.getNumOperands() != 4)
      return;
    for (Operation *user : call.getOperand(3).getUsers())
      if (auto load = dyn_cast<LLVM::LoadOp>(user))
        if (load.getType().isInteger(32))
          loads.push_back(load);
  });
  for (LLVM::LoadOp load : loads) {
    OpBuilder b(load);
    auto wide = LLVM::LoadOp::create(b, load.getLoc(), b.getI64Type(),
                                     load.getAddr());
    for (Operation *user : llvm::make_early_inc_range(load->getUsers())) {
      auto ext = dyn_cast<LLVM::SExtOp>(user);
      if (ext && ext.getType().isInteger(64)) {
        ext.replaceAllUsesWith(wide.getResult());
        ext.erase();
      }
    }
    if (load->use_empty())
      load.erase();
    else
      load.replaceAllUsesWith(
          LLVM::TruncOp::create(b, load.getLoc(), load.getType(), wide)
              .getResult());
  }
}

/// Frees each communicator `MPI_Comm_split` makes after the last use of it
/// in its block (where convert-shard-to-mpi puts the collective that uses
/// it): one is made at every call of the function. A communicator used in
/// another block is left (and leaks).
void freeSplitCommunicators(ModuleOp module) {
  SmallVector<LLVM::CallOp> splits;
  module.walk([&](LLVM::CallOp call) {
    std::optional<StringRef> callee = call.getCallee();
    if (callee && *callee == "MPI_Comm_split" && call.getNumOperands() == 4)
      splits.push_back(call);
  });
  if (splits.empty())
    return;
  MLIRContext *context = module.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto i32 = IntegerType::get(context, 32);
  if (!module.lookupSymbol("MPI_Comm_free")) {
    OpBuilder b(module.getBodyRegion());
    LLVM::LLVMFuncOp::create(b, module.getLoc(), "MPI_Comm_free",
                             LLVM::LLVMFunctionType::get(i32, {ptr}));
  }
  for (LLVM::CallOp split : splits) {
    Value slot = split.getOperand(3);
    Block *block = split->getBlock();
    // Every value computed from the communicator, and their users.
    SmallVector<Operation *> worklist(slot.getUsers().begin(),
                                     slot.getUsers().end());
    Operation *last = split;
    bool local = true;
    while (!worklist.empty()) {
      Operation *user = worklist.pop_back_val();
      if (user->getBlock() != block) {
        local = false;
        break;
      }
      if (last->isBeforeInBlock(user))
        last = user;
      if (isa<LLVM::LoadOp, LLVM::IntToPtrOp, LLVM::SExtOp>(user))
        for (Operation *next : user->getUsers())
          worklist.push_back(next);
    }
    if (!local)
      continue;
    OpBuilder b(context);
    b.setInsertionPointAfter(last);
    LLVM::CallOp::create(b, split.getLoc(), TypeRange{i32}, "MPI_Comm_free",
                         ValueRange{slot});
  }
}

struct ReduceMPIToLLVMPass
    : public reduce::impl::ReduceMPIToLLVMPassBase<ReduceMPIToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool hasMPI = false;
    module.walk([&](Operation *op) {
      if (isa<mpi::MPIDialect>(op->getDialect()))
        hasMPI = true;
    });
    for (auto grid : llvm::make_early_inc_range(module.getOps<shard::GridOp>()))
      grid.erase();
    if (!hasMPI)
      return;
    markOpenMPI(module);
    LLVMTypeConverter converter(&getContext());
    RewritePatternSet patterns(&getContext());
    mpi::populateMPIToLLVMConversionPatterns(converter, patterns);
    ConversionTarget target(getContext());
    target.addIllegalDialect<mpi::MPIDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    renameReductionOps(module);
    widenSplitCommunicatorLoads(module);
    freeSplitCommunicators(module);
  }
};

} // namespace
