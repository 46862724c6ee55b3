// RUN: reduce-opt %s --split-input-file \
// RUN:   --reduce-to-llvm="vector-width=512 min-row-tile-registers=64 plan-remarks=true" \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=PIPELINE

// The reduce-to-llvm option min-row-tile-registers reaches the planner and
// the recorded target: the whole pipeline, from the reduce op, with the
// plan's remark. What the plan becomes is checked in row-tiles-grouped.mlir
// (@sum_72x240_one_group).

/// 72 rows of 240 f32 with 64 registers a step: one group of 8 rows.
// PIPELINE: remark: plan #reduce.row_tiles_plan<vector_bits = 512, row_tile = 8>
// PIPELINE: module attributes {reduce.target = {{{.*}}min_row_tile_registers = 64 : i64
func.func @sum_72x240(%x: tensor<6x12x10x24xf32>) -> tensor<6x12xf32> {
  %r = reduce.sum %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  return %r : tensor<6x12xf32>
}

// -----

func.func @min_48x64(%x: tensor<48x64xf32>) -> tensor<48xf32> {
  %r = reduce.min %x axes [1] : tensor<48x64xf32> -> tensor<48xf32>
  return %r : tensor<48xf32>
}

// -----

func.func @sum_2018x32(%x: tensor<2018x32xf32>) -> tensor<2018xf32> {
  %r = reduce.sum %x axes [1] : tensor<2018x32xf32> -> tensor<2018xf32>
  return %r : tensor<2018xf32>
}
