// RUN: reduce-opt %s --split-input-file --reduce-split-reductions | FileCheck %s

// reduce-split-reductions applies a #reduce.split_plan written by hand on a
// linalg op (Split.cpp), with no target and no tuning setting: the op becomes
// two linalg ops, which carry no plan (reduce-plan records theirs; the checks
// end each op's line at `) {`, where its attributes would be). What the
// halves become is checked in split.mlir and threads.mlir; which split is
// chosen, in test/Transforms/select-strategy.mlir.

/// blocks: a reduction of everything to one value becomes 4 blocks whose
/// sums are a parallel dim, then the reduction of the sums.
// CHECK-LABEL: func.func @sum_all_axes_split(
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<64x128xf32> into tensor<8192xf32>
// CHECK:         %[[BLOCKS:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [4, 2048] : tensor<8192xf32> into tensor<4x2048xf32>
// CHECK:         %[[SUMS:.*]] = linalg.generic {{{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[BLOCKS]] : tensor<4x2048xf32>) outs(%{{.*}} : tensor<4xf32>) {
// CHECK:         linalg.generic {{{.*}}iterator_types = ["reduction"]} ins(%[[SUMS]] : tensor<4xf32>) outs(%{{.*}} : tensor<f32>) {
// CHECK:         return
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
func.func @sum_all_axes_split(%input: tensor<64x128xf32>) -> tensor<f32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<f32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
  %collapsed = tensor.collapse_shape %input [[0, 1]] : tensor<64x128xf32> into tensor<8192xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction"]} ins(%collapsed : tensor<8192xf32>) outs(%1 : tensor<f32>) attrs = {reduce.plan = #reduce.split_plan<kind = blocks, parts = 4>} {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.addf %in, %out : f32
    linalg.yield %3 : f32
  } -> tensor<f32>
  return %2 : tensor<f32>
}

// -----

/// short_rows: mixed axes with a short innermost reduced dim: the outer dim
/// is reduced first, as 16 rows of 144 contiguous elements, into a 6x24
/// partial result; then the rows of 24 of the partial result are summed,
/// without |x| again.
// CHECK-LABEL: func.func @l1_short_mixed(
// CHECK:         tensor.empty() : tensor<6x24xf32>
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<16x6x24xf32> into tensor<16x144xf32>
// CHECK:         linalg.generic {{{.*}}iterator_types = ["reduction", "parallel"]} ins(%[[ROWS]] : tensor<16x144xf32>) outs(%{{.*}} : tensor<144xf32>) {
// CHECK:           math.absf
// CHECK:         %[[PARTIAL:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [6, 24]
// CHECK:         linalg.generic {{{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[PARTIAL]] : tensor<6x24xf32>) outs(%{{.*}} : tensor<6xf32>) {
// CHECK-NOT:       math.absf
// CHECK:         return
func.func @l1_short_mixed(%input: tensor<16x6x24xf32>) -> tensor<6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<6xf32>) -> tensor<6xf32>
  %reduced = linalg.reduce ins(%input : tensor<16x6x24xf32>) outs(%1 : tensor<6xf32>) dimensions = [0, 2] {reduce.plan = #reduce.split_plan<kind = short_rows>}
    (%in: f32, %init: f32) {
      %2 = math.absf %in : f32
      %3 = arith.addf %2, %init : f32
      linalg.yield %3 : f32
    }
  return %reduced : tensor<6xf32>
}

// -----

/// short_rows whose partial reduction is split again over threads, as its
/// `partial` plan says: the 16 outer rows of 144 become 2 slices of 8,
/// reduced side by side into a 2x144 result, then combined.
// CHECK-LABEL: func.func @sum_short_mixed_threads(
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<16x6x24xf32> into tensor<16x144xf32>
// CHECK:         %[[SLICES:.*]] = tensor.expand_shape %[[ROWS]] {{\[}}[0, 1], [2]] output_shape [2, 8, 144]
// CHECK:         linalg.generic {{{.*}}iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[SLICES]] : tensor<2x8x144xf32>) outs(%{{.*}} : tensor<2x144xf32>) {
// CHECK:         linalg.generic {{{.*}}iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<2x144xf32>) outs(%{{.*}} : tensor<144xf32>) {
// CHECK:         linalg.generic {{{.*}}iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<6x24xf32>) outs(%{{.*}} : tensor<6xf32>) {
// CHECK:         return
func.func @sum_short_mixed_threads(%input: tensor<16x6x24xf32>) -> tensor<6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<6xf32>) -> tensor<6xf32>
  %reduced = linalg.reduce ins(%input : tensor<16x6x24xf32>) outs(%1 : tensor<6xf32>) dimensions = [0, 2] {reduce.plan = #reduce.split_plan<kind = short_rows, partial = <kind = threads, parts = 2>>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<6xf32>
}

// -----

/// long_rows: mixed axes with a long innermost reduced dim: the rows are
/// reduced first, as 96 rows of 512, into a 16x6 partial result; then the
/// outer dim of that result is summed, without |x| again.
// CHECK-LABEL: func.func @l1_long_mixed(
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<16x6x512xf32> into tensor<96x512xf32>
// CHECK:         linalg.generic {{{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[ROWS]] : tensor<96x512xf32>) outs(%{{.*}} : tensor<96xf32>) {
// CHECK:           math.absf
// CHECK:         %[[PARTIAL:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [16, 6]
// CHECK:         linalg.generic {{{.*}}iterator_types = ["reduction", "parallel"]} ins(%[[PARTIAL]] : tensor<16x6xf32>) outs(%{{.*}} : tensor<6xf32>) {
// CHECK-NOT:       math.absf
// CHECK:         return
func.func @l1_long_mixed(%input: tensor<16x6x512xf32>) -> tensor<6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<6xf32>) -> tensor<6xf32>
  %reduced = linalg.reduce ins(%input : tensor<16x6x512xf32>) outs(%1 : tensor<6xf32>) dimensions = [0, 2] {reduce.plan = #reduce.split_plan<kind = long_rows>}
    (%in: f32, %init: f32) {
      %2 = math.absf %in : f32
      %3 = arith.addf %2, %init : f32
      linalg.yield %3 : f32
    }
  return %reduced : tensor<6xf32>
}

// -----

/// threads: a reduction of the outermost dim becomes 2 consecutive halves
/// of the rows reduced side by side, then their combination.
// CHECK-LABEL: func.func @sum_columns(
// CHECK:         %[[HALVES:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [2, 32, 64] : tensor<64x64xf32> into tensor<2x32x64xf32>
// CHECK:         %[[PARTS:.*]] = linalg.generic {{{.*}}iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[HALVES]] : tensor<2x32x64xf32>) outs(%{{.*}} : tensor<2x64xf32>) {
// CHECK:         linalg.generic {{{.*}}iterator_types = ["reduction", "parallel"]} ins(%[[PARTS]] : tensor<2x64xf32>) outs(%{{.*}} : tensor<64xf32>) {
// CHECK:         return
func.func @sum_columns(%x: tensor<64x64xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %reduced = linalg.reduce ins(%x : tensor<64x64xf32>) outs(%1 : tensor<64xf32>) dimensions = [0] {reduce.plan = #reduce.split_plan<kind = threads, parts = 2>}
    (%in: f32, %init: f32) {
      %2 = arith.addf %in, %init : f32
      linalg.yield %2 : f32
    }
  return %reduced : tensor<64xf32>
}
