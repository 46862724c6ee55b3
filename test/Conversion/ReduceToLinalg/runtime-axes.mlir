// RUN: reduce-opt %s --lower-reduce --canonicalize --split-input-file | FileCheck %s

// Runtime axes: a mask read from the axes tensor, a dispatch to reductions
// over static axes, the result shaped from the mask, and a status result.

/// A static input with few non-unit dims: one case per subset of the
/// non-unit dims 0 and 2 (the unit dim 1 is cleared from the mask), each
/// the static-axes lowering in the keep-dims form.
// CHECK-LABEL: func.func @static_dispatch
// CHECK-SAME:    (%[[X:.*]]: tensor<3x1x4xf32>, %[[A:.*]]: tensor<?xi32>) -> (tensor<?x1x?xf32>, tensor<5xi64>)
// CHECK-SAME:    attributes {reduce.runtime_checks = ["'reduce.sum' at {{.*}}runtime-axes.mlir:[[@LINE+21]]:8"]}
// CHECK:         %[[N:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xi32>
// CHECK:         %[[LOOP:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(
// CHECK:           tensor.extract %[[A]]
// CHECK:           arith.extsi %{{.*}} : i32 to i64
// CHECK:           arith.shli
// CHECK:           arith.ori
// CHECK:         %[[CASE_MASK:.*]] = arith.andi %[[LOOP]]#0, %c5_i64 : i64
// CHECK:         %[[CASE:.*]] = arith.index_cast %[[CASE_MASK]] : i64 to index
// CHECK:         scf.index_switch %[[CASE]] -> tensor<?x1x?xf32>
// CHECK-NEXT:    case 0 {
// CHECK:         case 1 {
// CHECK:           linalg.reduce ins(%[[X]] : tensor<3x1x4xf32>) outs(%{{.*}} : tensor<1x4xf32>) dimensions = [0]
// CHECK:         case 4 {
// CHECK:           linalg.reduce ins(%[[X]] : tensor<3x1x4xf32>) outs(%{{.*}} : tensor<3x1xf32>) dimensions = [2]
// CHECK:         case 5 {
// CHECK:           linalg.reduce ins(%[[X]] : tensor<3x1x4xf32>) outs(%{{.*}} : tensor<1xf32>) dimensions = [0, 2]
// CHECK:         default {
// CHECK:         %[[STATUS:.*]] = tensor.from_elements %[[LOOP]]#1, %c0_i64, %[[LOOP]]#2, %c3_i64, %c0_i64 : tensor<5xi64>
// CHECK:         return %{{.*}}, %[[STATUS]] : tensor<?x1x?xf32>, tensor<5xi64>
func.func @static_dispatch(%x: tensor<3x1x4xf32>, %a: tensor<?xi32>) -> tensor<?x1x?xf32> {
  %r = reduce.sum %x axes %a keep_dims : tensor<3x1x4xf32>, tensor<?xi32> -> tensor<?x1x?xf32>
  return %r : tensor<?x1x?xf32>
}

// -----

/// A dynamic input: the dims collapse into alternating groups; one case per
/// (group count, first kind) pair reshapes the input to the group sizes.
// CHECK-LABEL: func.func @collapsed_dispatch
// CHECK-SAME:    (%[[X:.*]]: tensor<?x?xf32>, %{{.*}}: tensor<i8>) -> (tensor<*xf32>, tensor<5xi64>)
// CHECK:         tensor.extract %{{.*}}[] : tensor<i8>
// CHECK:         %[[SWITCH:.*]] = scf.index_switch %{{.*}} -> tensor<?x?xf32>
// CHECK-NEXT:    case 0 {
// CHECK-NEXT:      tensor.reshape %[[X]](%{{.*}}) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
// CHECK:         case 1 {
// CHECK:           tensor.reshape %[[X]](%{{.*}}) : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<?xf32>
// CHECK:           linalg.reduce ins(%{{.*}} : tensor<?xf32>) outs(%{{.*}} : tensor<f32>) dimensions = [0]
// CHECK:         case 2 {
// CHECK:           tensor.reshape %[[X]](%{{.*}}) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
// CHECK:           linalg.reduce ins(%{{.*}} : tensor<?x?xf32>) outs(%{{.*}} : tensor<?xf32>) dimensions = [1]
// CHECK:         case 3 {
// CHECK:           linalg.reduce ins(%{{.*}} : tensor<?x?xf32>) outs(%{{.*}} : tensor<?xf32>) dimensions = [0]
// CHECK:         default {
/// The unranked result: the kept sizes, over the actual rank.
// CHECK:         %[[SHAPE:.*]] = tensor.generate %{{.*}} {
// CHECK:         } : tensor<?xi64>
// CHECK:         %[[RESULT:.*]] = tensor.reshape %[[SWITCH]](%[[SHAPE]]) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<*xf32>
// CHECK:         return %[[RESULT]], %{{.*}} : tensor<*xf32>, tensor<5xi64>
func.func @collapsed_dispatch(%x: tensor<?x?xf32>, %a: tensor<i8>) -> tensor<*xf32> {
  %r = reduce.min %x axes %a : tensor<?x?xf32>, tensor<i8> -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

/// A written type more static than inference can prove: the rank and the
/// size are checked, and a failed check yields an empty tensor of the
/// written type instead of the reshape.
// CHECK-LABEL: func.func @checked_static_result
// CHECK:         %[[SWITCH:.*]] = scf.index_switch
// CHECK:         arith.cmpi ne, %{{.*}}, %c1_i64 : i64
// CHECK:         arith.cmpi ne, %{{.*}}, %c3_i64 : i64
// CHECK:         %[[RESULT:.*]] = scf.if %{{.*}} -> (tensor<3xf32>) {
// CHECK:           %[[R:.*]] = tensor.reshape %[[SWITCH]](%{{.*}}) : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<3xf32>
// CHECK:           scf.yield %[[R]]
// CHECK:         } else {
// CHECK:           %[[E:.*]] = tensor.empty() : tensor<3xf32>
// CHECK:           scf.yield %[[E]]
// CHECK:         return %[[RESULT]], %{{.*}} : tensor<3xf32>, tensor<5xi64>
func.func @checked_static_result(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<3xf32> {
  %r = reduce.l1 %x axes %a : tensor<2x3xf32>, tensor<?xi64> -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

/// empty_axes all: an empty axes tensor selects every dim.
// CHECK-LABEL: func.func @empty_axes_all
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?xi64>
// CHECK:         %[[EMPTY:.*]] = arith.cmpi eq, %[[N]], %c0 : index
// CHECK:         arith.select %[[EMPTY]], %c3_i64, %{{.*}} : i64
func.func @empty_axes_all(%x: tensor<2x3xi32>, %a: tensor<?xi64>) -> tensor<?x?xi32> {
  %r = reduce.sum %x axes %a keep_dims empty_axes all : tensor<2x3xi32>, tensor<?xi64> -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// -----

/// Two runtime-axes ops in one function: one status, the first error wins;
/// the sites are numbered in order.
// CHECK-LABEL: func.func @two_sites
// CHECK-SAME:    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<5xi64>)
// CHECK-SAME:    reduce.runtime_checks = ["'reduce.sum' at {{.*}}:[[@LINE+9]]:8", "'reduce.min' at {{.*}}:[[@LINE+11]]:8"]
// CHECK:         %[[S0:.*]] = tensor.from_elements %{{.*}}, %c0_i64, %{{.*}} : tensor<5xi64>
// CHECK:         %[[S1:.*]] = tensor.from_elements %{{.*}}, %c1_i64, %{{.*}} : tensor<5xi64>
/// (The canonicalizer reads the code of the first status out of its
/// from_elements.)
// CHECK:         %[[FAILED:.*]] = arith.cmpi ne, %{{.*}}, %c0_i64 : i64
// CHECK:         %[[STATUS:.*]] = arith.select %[[FAILED]], %[[S0]], %[[S1]] : tensor<5xi64>
// CHECK:         return %{{.*}}, %{{.*}}, %[[STATUS]]
func.func @two_sites(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %r = reduce.sum %x axes %a keep_dims : tensor<2x3xf32>, tensor<?xi64> -> tensor<?x?xf32>

  %m = reduce.min %x axes %a keep_dims : tensor<2x3xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %r, %m : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

/// Static axes on a dynamic input, with a static written result size the
/// input does not prove: the size is checked when the code runs.
// CHECK-LABEL: func.func @unproven_result_size
// CHECK-SAME:    -> (tensor<6xf32>, tensor<5xi64>)
// CHECK-SAME:    reduce.runtime_checks = ["'reduce.min' at {{.*}}:[[@LINE+13]]:8"]
// CHECK:         %[[SIZE:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x12xf32>
// CHECK:         %[[REDUCED:.*]] = linalg.reduce
// CHECK:         %[[SIZE_I64:.*]] = arith.index_cast %[[SIZE]] : index to i64
// CHECK:         %[[BAD:.*]] = arith.cmpi ne, %[[SIZE_I64]], %c6_i64 : i64
// CHECK:         %[[CODE:.*]] = arith.select %[[BAD]], %c3_i64, %c0_i64 : i64
// CHECK:         %[[OK:.*]] = arith.cmpi eq, %[[CODE]], %c0_i64 : i64
// CHECK:         %[[RESULT:.*]] = scf.if %[[OK]] -> (tensor<6xf32>) {
// CHECK:           tensor.cast %[[REDUCED]] : tensor<?xf32> to tensor<6xf32>
// CHECK:         } else {
// CHECK:           tensor.empty() : tensor<6xf32>
// CHECK:         return %[[RESULT]], %{{.*}} : tensor<6xf32>, tensor<5xi64>
func.func @unproven_result_size(%x: tensor<?x12xf32>) -> tensor<6xf32> {
  %r = reduce.min %x axes [1] : tensor<?x12xf32> -> tensor<6xf32>
  return %r : tensor<6xf32>
}
