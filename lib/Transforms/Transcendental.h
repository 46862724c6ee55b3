//===- Transcendental.h - Bodies bound by arithmetic ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Whether a loop or linalg body computes a transcendental function per
// element (an exp: log_sum_exp). Such a body takes a few dozen instructions
// per register: it is bound by arithmetic rather than by its reads, which
// the hardware prefetchers keep ahead of, and it needs its registers for
// that arithmetic. The planner and the prefetch pass decide with it.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_TRANSFORMS_TRANSCENDENTAL_H
#define REDUCE_LIB_TRANSFORMS_TRANSCENDENTAL_H

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Operation.h"

namespace mlir::reduce {

/// Returns true if `op` is a transcendental math op.
inline bool isTranscendental(Operation *op) {
  return isa<math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp,
             math::Log1pOp, math::Log2Op, math::Log10Op, math::PowFOp,
             math::TanhOp, math::ErfOp>(op);
}

/// Returns true if `block` holds a transcendental math op, directly or in
/// a nested region.
inline bool computesTranscendental(Block &block) {
  return block
      .walk([](Operation *op) {
        return isTranscendental(op) ? WalkResult::interrupt()
                                    : WalkResult::advance();
      })
      .wasInterrupted();
}

} // namespace mlir::reduce

#endif // REDUCE_LIB_TRANSFORMS_TRANSCENDENTAL_H
