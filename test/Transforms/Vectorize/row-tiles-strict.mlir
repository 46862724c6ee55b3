// RUN: reduce-opt %s --reduce-vectorize | FileCheck %s

// strict-fp-order keeps float sums of short rows in sequential order: no
// shuffle tree (it reassociates), an ordered reduction per row. Integer sums
// and mins, exact in any order, keep the tree. Each op carries the plan
// reduce-plan{strict-fp-order} records for 256-bit registers, and
// reduce-vectorize runs alone: the choice is checked in
// test/Transforms/select-strategy.mlir, the computed values in
// row-tiles-strict-run.mlir.

/// A float sum: an ordered inner reduction of each row.
// Plan: #reduce.inner_plan<vector_bits = 256, inner_tile = 8, ordered = true>.
// CHECK-LABEL: func.func @sum_f32(
// CHECK-NOT:     vector.shuffle
// CHECK:         vector.multi_reduction <add>, {{.*}} : vector<1x8xf32> to vector<1xf32>
func.func @sum_f32(%x: tensor<64x8xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%x : tensor<64x8xf32>) outs(%1 : tensor<64xf32>) dimensions = [1]  {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 8, ordered = true>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<64xf32>
}

/// An integer sum: row tiles and their shuffle tree.
// Plan: #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8>.
// CHECK-LABEL: func.func @sum_i32(
// CHECK:         vector.shuffle
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
func.func @sum_i32(%x: tensor<64x8xi32>) -> tensor<64xi32> {
  %c0_i32 = arith.constant 0 : i32
  %0 = tensor.empty() : tensor<64xi32>
  %1 = linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} ins(%c0_i32 : i32) outs(%0 : tensor<64xi32>) -> tensor<64xi32>
  %reduced = linalg.reduce ins(%x : tensor<64x8xi32>) outs(%1 : tensor<64xi32>) dimensions = [1]  {reduce.plan = #reduce.row_tiles_plan<vector_bits = 256, row_tile = 8>}
    (%in: i32, %init: i32) {
      %2 = arith.addi %in, %init : i32
      linalg.yield %2 : i32
    }
  return %reduced : tensor<64xi32>
}
