// RUN: reduce-opt %s --mlir-print-op-on-diagnostic=false -o /dev/null \
// RUN:   --reduce-to-llvm="vector-width=256 plan-remarks=true" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// RUN: reduce-opt %s --mlir-print-op-on-diagnostic=false -o /dev/null \
// RUN:   --reduce-to-llvm="vector-width=256 plan-remarks=true min-short-split-factor=4096" \
// RUN:   2>&1 | FileCheck %s --check-prefix=FACTOR
// RUN: reduce-opt %s --reduce-to-llvm="vector-width=256" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET

// The pipeline plans with reduce-plan, says why with plan-remarks=true, and
// passes the target's fields (here min-short-split-factor) to the planner.

// DEFAULT: remark: plan #reduce.split_plan<kind = short_rows>
// FACTOR: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 24, stream_rows = 4>: streamed
// FACTOR-NOT: split_short_rows
// QUIET-NOT: remark
func.func @mixed_axes(%x: tensor<2048x64x24xf32>) -> tensor<64xf32> {
  %r = reduce.sum %x axes [0, 2] : tensor<2048x64x24xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}
