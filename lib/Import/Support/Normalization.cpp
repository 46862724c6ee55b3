//===- Normalization.cpp - Normalization ops of imported models -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// ModelBuilder's normalizations: the dialect's ops, created through
// ModelBuilder::create so that their verifiers' diagnostics become the
// importers' errors. The layer and RMS norms infer their result types from
// the axis, so it is checked first (an inference that fails while building
// would abort).
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/ModelBuilder.h"

using namespace mlir;
using namespace mlir::reduce;

/// Checks that `input` is ranked and that `axis` names one of its dims,
/// with the dialect's wording.
llvm::Expected<Value> ModelBuilder::addSoftmax(llvm::StringRef node,
                                               Value input, int64_t axis,
                                               bool coerce2d, bool logarithm) {
  if (logarithm)
    return createResult<LogSoftmaxOp>(node, input.getType(), input, axis,
                                      coerce2d);
  return createResult<SoftmaxOp>(node, input.getType(), input, axis,
                                 coerce2d);
}

llvm::Expected<SmallVector<Value>>
ModelBuilder::addLayerNorm(llvm::StringRef node, Value input, Value scale,
                           Value bias, int64_t axis, double epsilon,
                           Type stashType) {
  if (llvm::Error error = checkAxis(input, axis))
    return std::move(error);
  auto op = create<LayerNormOp>(node, input, scale, bias, axis,
                                builder.getF64FloatAttr(epsilon),
                                TypeAttr::get(stashType));
  if (!op)
    return op.takeError();
  return SmallVector<Value>(op->getResults());
}

llvm::Expected<Value> ModelBuilder::addRmsNorm(llvm::StringRef node,
                                               Value input, Value scale,
                                               int64_t axis, double epsilon,
                                               Type stashType) {
  if (llvm::Error error = checkAxis(input, axis))
    return std::move(error);
  return createResult<RmsNormOp>(node, input, scale, axis,
                                 builder.getF64FloatAttr(epsilon),
                                 TypeAttr::get(stashType));
}

llvm::Expected<Value>
ModelBuilder::addMvn(llvm::StringRef node, Value input,
                     llvm::ArrayRef<int64_t> axes, bool normalizeVariance,
                     double epsilon, bool epsInsideSqrt) {
  return createResult<MvnOp>(
      node, input.getType(), input, builder.getDenseI64ArrayAttr(axes),
      normalizeVariance, builder.getF64FloatAttr(epsilon),
      epsInsideSqrt ? MvnEpsMode::inside_sqrt : MvnEpsMode::outside_sqrt);
}

llvm::Expected<Value> ModelBuilder::addNormalizeL2(llvm::StringRef node,
                                                   Value input,
                                                   llvm::ArrayRef<int64_t> axes,
                                                   double epsilon,
                                                   bool epsMax) {
  return createResult<NormalizeL2Op>(
      node, input.getType(), input, builder.getDenseI64ArrayAttr(axes),
      builder.getF64FloatAttr(epsilon),
      epsMax ? L2EpsMode::max : L2EpsMode::add);
}
