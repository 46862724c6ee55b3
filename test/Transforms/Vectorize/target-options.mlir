// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize | FileCheck %s

// The fields of the target description (docs/TargetFields.md) reach
// reduce-vectorize only through the plans reduce-plan records: each op here
// carries the plan recorded for the fields set in its case, and
// reduce-vectorize runs alone, with no target and no tuning setting. Which
// plan the fields choose is checked in test/Transforms/select-strategy.mlir,
// and the pipeline options in target-options-run.mlir.

// The rows an outer-reduction step adds: 4 by default, and 8 for a
// NaN-propagating float minimum or maximum (a tree per step).
// Plan: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4>.
// CHECK-LABEL: func.func @l1_outer_axis(
// CHECK:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<4x32xf32>
func.func @l1_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<1024x64xf32>) outs(%1 : tensor<64xf32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4>}
    (%in: f32, %init: f32) {
      %2 = math.absf %in : f32
      %3 = arith.addf %2, %init : f32
      linalg.yield %3 : f32
    }
  return %reduced : tensor<64xf32>
}
// Plan: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>.
// CHECK-LABEL: func.func @min_outer_axis(
// CHECK:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<8x32xf32>
func.func @min_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0x7F800000 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<1024x64xf32>) outs(%1 : tensor<64xf32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>}
    (%in: f32, %init: f32) {
      %2 = arith.minimumf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<64xf32>
}
// Plan: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4>.
// CHECK-LABEL: func.func @min_i32_outer_axis(
// CHECK:         vector.transfer_read {{.*}} : tensor<1024x64xi32>, vector<4x32xi32>
func.func @min_i32_outer_axis(%input: tensor<1024x64xi32>) -> tensor<64xi32> {
  %c2147483647_i32 = arith.constant 2147483647 : i32
  %0 = tensor.empty() : tensor<64xi32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%c2147483647_i32 : i32) outs(%0 : tensor<64xi32>) -> tensor<64xi32>
  %reduced = linalg.reduce ins(%input : tensor<1024x64xi32>) outs(%1 : tensor<64xi32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 4>}
    (%in: i32, %init: i32) {
      %2 = arith.minsi %in, %init : i32
      linalg.yield %2 : i32
    }
  return %reduced : tensor<64xi32>
}

// -----

// Set by reduce-attach-target over the defaults (outer_rows_per_step = 8,
// outer_min_max_rows_per_step = 2): 8 rows a step, and 2 for a float minimum.
// Plan: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>.
// CHECK-LABEL: func.func @l1_outer_axis_set_rows(
// CHECK:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<8x32xf32>
func.func @l1_outer_axis_set_rows(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<1024x64xf32>) outs(%1 : tensor<64xf32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>}
    (%in: f32, %init: f32) {
      %2 = math.absf %in : f32
      %3 = arith.addf %2, %init : f32
      linalg.yield %3 : f32
    }
  return %reduced : tensor<64xf32>
}
// Plan: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 2>.
// CHECK-LABEL: func.func @min_outer_axis_set_rows(
// CHECK:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<2x32xf32>
func.func @min_outer_axis_set_rows(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0x7F800000 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%input : tensor<1024x64xf32>) outs(%1 : tensor<64xf32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 2>}
    (%in: f32, %init: f32) {
      %2 = arith.minimumf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<64xf32>
}
// Plan: #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>.
// CHECK-LABEL: func.func @min_i32_outer_axis_set_rows(
// CHECK:         vector.transfer_read {{.*}} : tensor<1024x64xi32>, vector<8x32xi32>
func.func @min_i32_outer_axis_set_rows(%input: tensor<1024x64xi32>) -> tensor<64xi32> {
  %c2147483647_i32 = arith.constant 2147483647 : i32
  %0 = tensor.empty() : tensor<64xi32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%c2147483647_i32 : i32) outs(%0 : tensor<64xi32>) -> tensor<64xi32>
  %reduced = linalg.reduce ins(%input : tensor<1024x64xi32>) outs(%1 : tensor<64xi32>) dimensions = [0]  {reduce.plan = #reduce.outer_plan<vector_bits = 256, inner_tile = 32, rows_per_step = 8>}
    (%in: i32, %init: i32) {
      %2 = arith.minsi %in, %init : i32
      linalg.yield %2 : i32
    }
  return %reduced : tensor<64xi32>
}

// -----

// A reduction whose static input has at least 1 MiB streams it from L3 or
// memory and is tiled with registers of the target's stream_vector_bits; a
// smaller one with registers of vector_bits. Here 512-bit registers that
// stream at 256 bits (the plan of the function of a streamed reduction
// records vector_bits = 256).

/// 4 MiB: one row of each of 4 parts of the rows at a time, 4 registers of
/// 8 lanes each.
// Plan: #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>.
// CHECK-LABEL: func.func @sum_rows_4mib_stream(
// CHECK:         tensor.expand_shape {{.*}} : tensor<1024x1024xf32> into tensor<4x256x1024xf32>
// CHECK:         vector.transfer_read {{.*}} : tensor<4x256x1024xf32>, vector<4x1x32xf32>
func.func @sum_rows_4mib_stream(%x: tensor<1024x1024xf32>) -> tensor<1024xf32> attributes {reduce.function_plan = #reduce.function_plan<vector_bits = 256>} {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1024xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<1024xf32>) -> tensor<1024xf32>
  %reduced = linalg.reduce ins(%x : tensor<1024x1024xf32>) outs(%1 : tensor<1024xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<1024xf32>
}

/// 1 MiB less 16 KiB: 4 registers of 16 lanes.
// Plan: #reduce.inner_plan<vector_bits = 512, inner_tile = 64, stream_rows = 4>.
// CHECK-LABEL: func.func @sum_rows_below_1mib_stream(
// CHECK:         vector.transfer_read {{.*}} : tensor<252x1024xf32>, vector<4x64xf32>
func.func @sum_rows_below_1mib_stream(%x: tensor<252x1024xf32>) -> tensor<252xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<252xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64>} ins(%cst : f32) outs(%0 : tensor<252xf32>) -> tensor<252xf32>
  %reduced = linalg.reduce ins(%x : tensor<252x1024xf32>) outs(%1 : tensor<252xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, stream_rows = 4>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<252xf32>
}

// -----

// 512-bit registers that stream at 512 bits too: 16 lanes for both.
// Plan: #reduce.inner_plan<vector_bits = 512, inner_tile = 64, row_streams = 4>.
// CHECK-LABEL:  func.func @sum_rows_4mib(
// CHECK:          vector.transfer_read {{.*}} : tensor<4x256x1024xf32>, vector<4x1x64xf32>
func.func @sum_rows_4mib(%x: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1024xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64>} ins(%cst : f32) outs(%0 : tensor<1024xf32>) -> tensor<1024xf32>
  %reduced = linalg.reduce ins(%x : tensor<1024x1024xf32>) outs(%1 : tensor<1024xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, row_streams = 4>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<1024xf32>
}
// Plan: #reduce.inner_plan<vector_bits = 512, inner_tile = 64, stream_rows = 4>.
// CHECK-LABEL:  func.func @sum_rows_below_1mib(
// CHECK:          vector.transfer_read {{.*}} : tensor<252x1024xf32>, vector<4x64xf32>
func.func @sum_rows_below_1mib(%x: tensor<252x1024xf32>) -> tensor<252xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<252xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64>} ins(%cst : f32) outs(%0 : tensor<252xf32>) -> tensor<252xf32>
  %reduced = linalg.reduce ins(%x : tensor<252x1024xf32>) outs(%1 : tensor<252xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 512, inner_tile = 64, stream_rows = 4>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<252xf32>
}
