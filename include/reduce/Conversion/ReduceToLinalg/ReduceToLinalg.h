//===- ReduceToLinalg.h - Reduce to linalg conversion -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the lowering of the reduce dialect to linalg on tensors.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_CONVERSION_REDUCETOLINALG_REDUCETOLINALG_H
#define REDUCE_CONVERSION_REDUCETOLINALG_REDUCETOLINALG_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace arith {
class ArithDialect;
} // namespace arith
namespace linalg {
class LinalgDialect;
} // namespace linalg
namespace math {
class MathDialect;
} // namespace math
namespace scf {
class SCFDialect;
} // namespace scf
namespace tensor {
class TensorDialect;
} // namespace tensor

namespace reduce {

#define GEN_PASS_DECL_CONVERTREDUCETOLINALGPASS
#define GEN_PASS_DECL_REDUCEDECOMPOSENORMALIZATIONSPASS
#include "reduce/Conversion/Passes.h.inc"

/// Rewrites every normalization op (softmax, log_softmax, layer_norm,
/// rms_norm, mvn, normalize_l2) nested in `root` into reduce ops and
/// elementwise linalg.generic ops.
void decomposeNormalizations(Operation *root);

/// Adds the patterns that lower `reduce.sum`, `reduce.l1` and `reduce.min`
/// to linalg, tensor, arith and math ops. The patterns only match ops with a
/// ranked input and static axes or a constant axes operand. With
/// `f64Accumulation`, f32 sums and l1 norms accumulate in f64.
void populateReduceToLinalgConversionPatterns(RewritePatternSet &patterns,
                                              bool f64Accumulation = false);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_CONVERSION_REDUCETOLINALG_REDUCETOLINALG_H
