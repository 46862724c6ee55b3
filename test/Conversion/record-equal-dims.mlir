// RUN: reduce-opt --lower-reduce --reduce-record-equal-dims -split-input-file %s | FileCheck %s

// The argument sizes the ops need equal, recorded for the callers
// (include/reduce/Conversion/EqualDims.h).

// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: reduce.equal_dims = [{lhs = array<i64: 0, 0>, rhs = array<i64: 1, 0>, site = "'arith.addf' at {{.*}}record-equal-dims.mlir:[[@LINE+2]]:8"}]
func.func @elementwise(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<f32> {
  %p = arith.addf %x, %y : tensor<?xf32>
  %r = reduce.sum %p axes [0] : tensor<?xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

/// Three arguments joined by two ops, and a cast to a static size (a
/// promise upstream never checks): one check per join.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: reduce.equal_dims = [{lhs = array<i64: 0, 1>, rhs = array<i64: 1, 1>, site = "'arith.mulf' at {{.*}}:[[@LINE+4]]:8"},
// CHECK-SAME: {lhs = array<i64: 2, 0>, site = "'tensor.cast' at {{.*}}:[[@LINE+4]]:9", size = 4 : i64},
// CHECK-SAME: {lhs = array<i64: 0, 1>, rhs = array<i64: 2, 1>, site = "'arith.subf' at {{.*}}:[[@LINE+4]]:8"}]}
func.func @chain(%x: tensor<4x?xf32>, %y: tensor<4x?xf32>, %z: tensor<?x?xf32>) -> tensor<4xf32> {
  %p = arith.mulf %x, %y : tensor<4x?xf32>
  %zc = tensor.cast %z : tensor<?x?xf32> to tensor<4x?xf32>
  %q = arith.subf %p, %zc : tensor<4x?xf32>
  %r = reduce.sum %q axes [1] : tensor<4x?xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

/// An operand's static size: the dynamic one must be it.
// CHECK-LABEL: func.func @static_size
// CHECK-SAME: reduce.equal_dims = [{lhs = array<i64: 0, 0>, site = "'linalg.generic' at {{.*}}", size = 3 : i64}]
#id = affine_map<(d0) -> (d0)>
func.func @static_size(%x: tensor<?xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<?xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

/// A broadcast of a row over the rows of another argument: the row's size
/// is the other argument's dim 1, through the tensor.empty sized by it.
// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: reduce.equal_dims = [{lhs = array<i64: 1, 0>, rhs = array<i64: 0, 1>, site = "'linalg.broadcast' at {{.*}}"}]
func.func @broadcast(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %bb = linalg.broadcast ins(%b : tensor<?xf32>) outs(%e : tensor<?x?xf32>) dimensions = [0]
  %p = arith.mulf %x, %bb : tensor<?x?xf32>
  %r = reduce.sum %p axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

/// One argument with itself, static shapes, a size computed inside: no
/// check.
// CHECK-LABEL: func.func @nothing_to_check
// CHECK-NOT: reduce.equal_dims
func.func @nothing_to_check(%x: tensor<?xf32>, %y: tensor<4xf32>) -> (tensor<?xf32>, tensor<4xf32>) {
  %p = arith.addf %x, %x : tensor<?xf32>
  %q = arith.mulf %y, %y : tensor<4xf32>
  return %p, %q : tensor<?xf32>, tensor<4xf32>
}

// -----

/// A recorded attribute is kept.
// CHECK-LABEL: func.func @recorded
// CHECK-SAME: reduce.equal_dims = []
func.func @recorded(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> attributes {reduce.equal_dims = []} {
  %p = arith.addf %x, %y : tensor<?xf32>
  return %p : tensor<?xf32>
}

// -----

/// What runs under a condition needs nothing of every call: the cast
/// lower-reduce guards by its runtime check of an unproven result size.
// CHECK-LABEL: func.func @conditional
// CHECK-NOT: reduce.equal_dims
// CHECK: scf.if
// CHECK: tensor.cast %{{.*}} : tensor<?xf32> to tensor<2xf32>
func.func @conditional(%x: tensor<?x3xf32>) -> tensor<2xf32> {
  %r = reduce.sum %x axes [1] : tensor<?x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// The dynamic sizes a loop carries may change between iterations: the
/// init and the yielded value need not agree.
// CHECK-LABEL: func.func @loop_carried
// CHECK-NOT: reduce.equal_dims
// CHECK: scf.for
func.func @loop_carried(%x: tensor<?xf32>, %y: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %x) -> tensor<?xf32> {
    scf.yield %y : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
