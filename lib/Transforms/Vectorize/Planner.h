//===- Planner.h - Choosing how a reduction is vectorized -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The choice of a strategy and its tiles for one linalg op, from its shape
// and the target description alone; it rewrites nothing. `reduce-plan`
// records the choice as the op's `reduce.plan` (a plan attribute of
// ReduceAttrs.td) and `reduce-vectorize` applies it
// (Strategies.h).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_TRANSFORMS_VECTORIZE_PLANNER_H
#define REDUCE_LIB_TRANSFORMS_VECTORIZE_PLANNER_H

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Target/ReduceTarget.h"

#include "Utils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"

#include <optional>
#include <string>

namespace mlir::reduce::vectorize {

/// What the plans depend on besides the op: the target and the plan of the
/// function (`#reduce.function_plan`).
struct PlannerOptions {
  ReduceTarget target;
  /// Float sums keep their sequential order: nothing that reassociates them
  /// (splits, partial accumulators, row tiles) is chosen for them.
  bool strictFpOrder = false;
  /// Threads a large static reduction is distributed over.
  unsigned threads = 1;
  /// The smallest static input, in bytes, distributed over threads.
  uint64_t minParallelBytes = 0;
  /// The function streams an input and its plans are held to the
  /// registers of streamed data (chooseFunctionRegisters).
  bool heldToStreamRegisters = false;
};

/// Returns the planner options of `function`: the target the module
/// records (lookupReduceTarget) and the threads and float order of the
/// function's plan (lookupFunctionPlan); its registers are applied by
/// chooseFunctionRegisters or applyFunctionRegisters. Fails, with an
/// error, when the recorded target is malformed.
FailureOr<PlannerOptions> getPlannerOptions(Operation *function);

/// Chooses whether `function` keeps to the registers of streamed data
/// throughout: when `streamVectorBits` is narrower than `vectorBits` and
/// every static reduction of `reductions` (the function's, collapsed) that
/// reads at least `minStreamBytes` is bound by its reads (no transcendental
/// per element) and planned `inner` or `split_blocks`,
/// the function records `streamVectorBits` as the `vector_bits` of its
/// plan and `options` take it (applyFunctionRegisters). Its in-cache code
/// then needs no wider register, and `reduce-finalize-llvm` keeps the
/// backend from using one. A width the function's plan already records is
/// applied instead.
void chooseFunctionRegisters(Operation *function,
                             ArrayRef<linalg::LinalgOp> reductions,
                             PlannerOptions &options);

/// Limits the registers of `options` to the `vector_bits` of the plan of
/// `function`, if it records one.
void applyFunctionRegisters(Operation *function, PlannerOptions &options);

/// Returns the split that `reduce-split-reductions` applies to the linalg
/// reduction `op` (collapsed: Strategies.h), or null when it is not split.
/// Each choice appends the reason for it to `reasons`, when given.
SplitPlanAttr chooseSplit(linalg::LinalgOp op, const PlannerOptions &options,
                          SmallVectorImpl<std::string> *reasons);

/// Returns the plan of the linalg op `op` (collapsed and split: it is not
/// split again); `#reduce.none_plan` when it is left as it is (an empty
/// iteration space computes nothing). Each choice appends the reason for it
/// to `reasons`, when given.
PlanAttrInterface planLinalgOp(linalg::LinalgOp op,
                               const PlannerOptions &options,
                               SmallVectorImpl<std::string> *reasons);

/// Returns the plan of the copy of `fill` that a distribution over threads
/// fuses into each tile, a fill of the static shape `tileShape` (collapsed
/// when it is applied, as every op with no reduced dim); null when the
/// shape has more elements than int64_t holds.
PlanAttrInterface planFusedFill(linalg::FillOp fill,
                                ArrayRef<int64_t> tileShape,
                                const PlannerOptions &options,
                                SmallVectorImpl<std::string> *reasons);

/// Emits a remark on `op` that names its plan (or that it has none) and the
/// reasons for it.
void emitPlanRemark(Operation *op, PlanAttrInterface plan,
                    ArrayRef<std::string> reasons);

} // namespace mlir::reduce::vectorize

#endif // REDUCE_LIB_TRANSFORMS_VECTORIZE_PLANNER_H
