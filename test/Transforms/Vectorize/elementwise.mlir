// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s

// reduce-vectorize, the `elementwise` strategy (Elementwise.cpp) for maps (no
// reduced axes): each op carries the plan reduce-plan records for 256-bit
// registers and four accumulators (tiles of 32 f32), and reduce-vectorize runs
// alone, with no target and no tuning setting: the hot loop works on vector
// values.

/// A map (l1 over no axes) is collapsed to 1-D and tiled by the vector tile:
/// 1-D vectors, masked for the remainder (3131 has no divisor that is a
/// multiple of the 4 lanes). A whole vector<31x101xi64> reached the LLVM
/// lowering as an n-D math.absi, which it does not unroll, and a big shape
/// would have unrolled into huge code.
// Plan: #reduce.elementwise_plan<vector_bits = 256, inner_tile = 16>.
// CHECK-LABEL: func.func @l1_no_axes_2d_i64(
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<31x101xi64> into tensor<3131xi64>
// CHECK:         scf.for {{.*}} step %c16 iter_args(%{{.*}}) -> (tensor<3131xi64>)
// CHECK:           vector.mask %{{.*}} { vector.transfer_read %[[FLAT]]{{.*}} : tensor<3131xi64>, vector<16xi64> }
// CHECK:           math.absi %{{.*}} : vector<16xi64>
// CHECK-NOT:     math.absi
// CHECK:         tensor.expand_shape {{.*}} output_shape [31, 101]
func.func @l1_no_axes_2d_i64(%input: tensor<31x101xi64>) -> tensor<31x101xi64> {
  %0 = tensor.empty() : tensor<31x101xi64>
  %mapped = linalg.map { math.absi } ins(%input : tensor<31x101xi64>) outs(%0 : tensor<31x101xi64>) {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 16>}
  return %mapped : tensor<31x101xi64>
}

// -----

/// 3100 is tiled by 20, five registers of 4 lanes, with no mask.
// Plan: #reduce.elementwise_plan<vector_bits = 256, inner_tile = 20>.
// CHECK-LABEL: func.func @l1_no_axes_100_i64(
// CHECK:         scf.for {{.*}} step %c20
// CHECK-NOT:       vector.mask
// CHECK:           math.absi %{{.*}} : vector<20xi64>
func.func @l1_no_axes_100_i64(%input: tensor<31x100xi64>) -> tensor<31x100xi64> {
  %0 = tensor.empty() : tensor<31x100xi64>
  %mapped = linalg.map { math.absi } ins(%input : tensor<31x100xi64>) outs(%0 : tensor<31x100xi64>) {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 20>}
  return %mapped : tensor<31x100xi64>
}
