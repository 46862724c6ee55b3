//===- Passes.td - Reduce conversion passes ----------------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The passes that convert the reduce dialect into upstream dialects.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_CONVERSION_PASSES_TD
#define REDUCE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertReduceToLinalgPass : Pass<"lower-reduce"> {
  let summary = "Lower the reduce dialect to linalg on tensors";
  let description = [{
    Rewrites `reduce.sum`, `reduce.l1` and `reduce.min` into `linalg.reduce`
    over a `linalg.fill`-ed `tensor.empty`, followed by a
    `tensor.expand_shape` when `keep_dims` is set. Dynamic sizes come from
    `tensor.dim`.

    - Empty axes give the input itself (sum, min) or its elementwise `|x|`
      as a `linalg.map` (l1).
    - Bodies: `arith.addf`/`arith.addi` (wrapping) for sum; `math.absf` or
      `math.absi` (|INT_MIN| wraps to INT_MIN) then an add for l1, unsigned
      values being their own absolute value; `arith.minimumf` (NaN
      propagating, -0.0 < +0.0), `arith.minsi` or `arith.minui` for min.
      `nan_mode ignore` uses the IEEE 754-2019 `minimumNumber` (NaN operands
      are skipped) built from `arith.cmpf uno`, `arith.select` and
      `arith.minimumf`, over an init of NaN, so that an all-NaN set gives
      NaN; the init is +inf when the reduced extent is 0.
    - Identities: 0 for sum and l1, +inf or the largest integer for min.
    - f16 and bf16 sums accumulate in f32 (`arith.extf` in the body, an f32
      init) and are rounded once with a `linalg.map` of `arith.truncf`. With
      `f64-accumulation`, f32 sums and l1 norms accumulate in f64 the same
      way. A min is exact in any type and stays in the input type.
    - Unsigned tensors are bitcast (`tensor.bitcast`) to signless ones of the
      same width on the way in and back on the way out.

    A constant axes operand is read as its static list (duplicates merged,
    an empty tensor following `empty_axes`).

    A runtime axes operand is read by the emitted code into a mask of the
    reduced dims, which selects (`scf.index_switch`) a reduction over static
    axes: one per subset of the non-unit dims of a static input with at most
    4 of them, else one per pattern of alternating kept and reduced groups
    of dims, the input reshaped to the group sizes. The result is computed
    in the keep-dims shape and reshaped (`tensor.reshape`, unranked when the
    written type is). The function gets one more result, a `tensor<5xi64>`
    status (0, or an axis out of range, or a result shape that contradicts
    the written type; see docs/jit.md), and a `reduce.runtime_checks`
    attribute naming each checked op. Such an op must sit in the body of a
    single-block function that is not called, on an input of rank at most
    16, with axes of at most 64 bits.

    An op with an unranked input cannot be lowered: the pass reports it and
    fails.
  }];
  let options = [
    Option<"f64Accumulation", "f64-accumulation", "bool", /*default=*/"false",
           "Accumulate f32 sums and l1 norms in f64, rounded once to f32">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // REDUCE_CONVERSION_PASSES_TD
