//===- ReduceAttachTarget.cpp - Record the target in the module -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Sets the module's `reduce.target` attribute to the target description the
// pipeline compiles for, so that the lowered module says which tuning (and
// which profile) produced it.
//
//===----------------------------------------------------------------------===//

#include "reduce/Target/Passes.h"

#include "reduce/Target/HostProfile.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::reduce {
#define GEN_PASS_DEF_REDUCEATTACHTARGETPASS
#include "reduce/Target/Passes.h.inc"
} // namespace mlir::reduce

using namespace mlir;
using namespace mlir::reduce;

namespace {
/// The `reduce-attach-target` pass.
struct ReduceAttachTargetPass
    : reduce::impl::ReduceAttachTargetPassBase<ReduceAttachTargetPass> {
  using Base::Base;
  ReduceAttachTargetPass(const ReduceTarget &target, StringRef profile)
      : target(target), profile(profile.str()) {}

  void runOnOperation() override {
    getOperation()->setAttr(kTargetAttrName,
                            getTargetAttr(&getContext(), target, profile));
  }

  ReduceTarget target;
  std::string profile = "none";
};
} // namespace

std::unique_ptr<Pass>
mlir::reduce::createReduceAttachTargetPass(const ReduceTarget &target,
                                           StringRef profile) {
  return std::make_unique<ReduceAttachTargetPass>(target, profile);
}
