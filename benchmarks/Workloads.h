//===- Workloads.h - The benchmark's workloads and their inputs -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the benchmark measures: the workloads W1-W8 (each a reduction of
// x[a][b][c] into out[b]), which ops run on which workload, the data of each
// op's input, and the MLIR module the JIT contenders compile for a workload
// and op.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_WORKLOADS_H
#define REDUCE_BENCHMARKS_WORKLOADS_H

#include "Kernels.h"

#include "reduce/Runtime/Buffer.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bench {

/// One workload: a reduction of a tensor of `shape` over `axes`, seen as
/// x[a][b][c] -> out[b].
struct Workload {
  std::string id;
  std::vector<int64_t> shape;
  std::vector<int64_t> axes;
  bool keepDims;
  mlir::reduce::ElementType type;
  int64_t a, b, c; // x[a][b][c] -> out[b]
  std::string what;
};

/// W1-W8; with `quick` the large ones shrunk 16x (for tests of the benchmark
/// itself).
std::vector<Workload> allWorkloads(bool quick);

/// Every op of the dialect, in the order the benchmark runs them.
constexpr Op kAllOps[] = {Op::sum,         Op::l1,          Op::min,
                          Op::max,         Op::prod,        Op::mean,
                          Op::l2,          Op::sum_square,  Op::log_sum,
                          Op::log_sum_exp, Op::logical_and, Op::logical_or};

/// The op's name in the dialect ("sum", "log_sum_exp", ...).
const char *opName(Op op);

/// Whether `op` runs on `w` (by the workload's element type: integer
/// workloads measure sum, min, max and prod; the logical ops run on the bool
/// version of every workload) and is selected by `selected` (the --ops
/// names), or, when `selected` is empty, is in the default set: sum, l1 and
/// min on every workload (the original matrix), the other ops on W1 (rows),
/// W2 (outer) and W5 (all).
bool runsOn(Op op, const Workload &w, llvm::ArrayRef<std::string> selected);

/// The data of an op's input. Normal floats (integers in [-1000, 1000]) for
/// most ops; for prod and log_sum 1 + 0.001 * normal (the product of 2^24
/// such values stays within f32's range, and their sum is positive); bool
/// data for the logical ops: mostly true (one false in 8192) for
/// logical_and, mostly false for logical_or, so that rows of 4096 give both
/// results.
enum class InputKind { normal, nearOne, mostlyTrue, mostlyFalse };
constexpr InputKind kAllInputKinds[] = {InputKind::normal, InputKind::nearOne,
                                        InputKind::mostlyTrue,
                                        InputKind::mostlyFalse};

/// The kind of input `op` reads.
InputKind inputKindOf(Op op);

/// `w` as read by the ops of `kind`: the logical ops read the bool version
/// of the workload, the same shape with one byte per element.
Workload withInputKind(const Workload &w, InputKind kind);

/// The name of the input of `w` with `kind` in the limit family's records.
std::string inputName(const Workload &w, InputKind kind);

/// Fills `input` with the data of `kind` (one seed per workload and kind:
/// the data do not depend on which workloads and ops run).
void fillInput(mlir::reduce::Buffer &input, const Workload &w, InputKind kind);

/// The MLIR type of a tensor of `shape` and `type` ("tensor<4x8xf32>").
std::string tensorType(llvm::ArrayRef<int64_t> shape,
                       mlir::reduce::ElementType type);

/// The module of `w` with op `op`: static axes, or with `runtimeAxes` the
/// axes as a second argument (tensor<Kxi64>) and the same static result.
std::string moduleFor(const Workload &w, Op op, bool runtimeAxes);

/// The TOSA reduction of `op` (`reduce_sum`, ...), or null when TOSA has
/// none (TOSA has sum, prod, min, max, and the logical ops).
const char *tosaOpName(Op op);

/// The module of `w` with `op` written in TOSA, as TOSA producers write a
/// reduction over several axes: one `tosa.reduce_*` per axis, each keeping
/// its dim, then a `tosa.reshape` to the result unless `w` keeps the dims.
/// `op` must have a TOSA reduction.
std::string tosaModuleFor(const Workload &w, Op op);

/// Calls the kernel of `w`'s element type (one of `f32`, `i32` and `i1`,
/// each with the signature of plain::reduceF32 and its siblings) on `input`,
/// writing out[b] to `out`.
template <typename F32, typename I32, typename I1>
void runKernel(const Workload &w, Op op, const void *input, F32 f32, I32 i32,
               I1 i1, void *out) {
  using mlir::reduce::ElementType;
  if (w.type == ElementType::f32)
    f32(op, static_cast<const float *>(input), w.a, w.b, w.c,
        static_cast<float *>(out));
  else if (w.type == ElementType::i32)
    i32(op, static_cast<const int32_t *>(input), w.a, w.b, w.c,
        static_cast<int32_t *>(out));
  else
    i1(op, static_cast<const uint8_t *>(input), w.a, w.b, w.c,
       static_cast<uint8_t *>(out));
}

} // namespace bench

#endif // REDUCE_BENCHMARKS_WORKLOADS_H
