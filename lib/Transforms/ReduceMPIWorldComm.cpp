//===- ReduceMPIWorldComm.cpp - The world for whole-world groups -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Replaces an `mpi.comm_split` of the world communicator by a constant color
// (one group: every process) with the world communicator.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/IR/Matchers.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEMPIWORLDCOMMPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

namespace {
struct ReduceMPIWorldCommPass
    : public reduce::impl::ReduceMPIWorldCommPassBase<ReduceMPIWorldCommPass> {
  void runOnOperation() override {
    SmallVector<mpi::CommSplitOp> splits;
    getOperation()->walk([&](mpi::CommSplitOp split) {
      Value retval = split.getRetval();
      if (split.getComm().getDefiningOp<mpi::CommWorldOp>() &&
          matchPattern(split.getColor(), m_Constant()) &&
          (!retval || retval.use_empty()))
        splits.push_back(split);
    });
    for (mpi::CommSplitOp split : splits) {
      split.getNewcomm().replaceAllUsesWith(split.getComm());
      split.erase();
    }
  }
};
} // namespace
