//===- ReduceCollapseDims.cpp - Collapse adjacent dims ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The first normalization before the plans: the linalg reductions on tensors
// with their adjacent dims of the same kind collapsed (Vectorize/Collapse.cpp).
// The ops with no reduced dim keep their shape until reduce-vectorize applies
// their plans: collapsing a fill now would put a reshape between it and the
// reduction whose tiles fuse it.
//
//===----------------------------------------------------------------------===//

#include "reduce/Transforms/Passes.h"

#include "Vectorize/Strategies.h"
#include "Vectorize/Utils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCECOLLAPSEDIMSPASS
#include "reduce/Transforms/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::vectorize;

namespace {
struct ReduceCollapseDimsPass
    : reduce::impl::ReduceCollapseDimsPassBase<ReduceCollapseDimsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> reductions =
        collectTensorReductions(getOperation());
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : reductions)
      collapseAdjacentDims(rewriter, op);
  }
};
} // namespace
