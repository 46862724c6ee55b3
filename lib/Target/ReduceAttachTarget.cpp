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
    ReduceTarget attached = target;
    for (const std::string &setting : set) {
      auto [key, value] = StringRef(setting).split('=');
      std::string error;
      if (failed(setTargetField(attached, key.trim(), value.trim(), error))) {
        getOperation().emitError() << "reduce-attach-target: " << error;
        return signalPassFailure();
      }
    }
    // The pipeline's options are not checked before: a value outside a
    // field's range is an error here.
    DictionaryAttr attr = getTargetAttr(&getContext(), attached, profile);
    std::string error;
    if (failed(parseTargetAttr(attr, error))) {
      getOperation().emitError() << "reduce-attach-target: " << error;
      return signalPassFailure();
    }
    getOperation()->setAttr(kTargetAttrName, attr);
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
