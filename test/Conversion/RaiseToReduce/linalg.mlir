// RUN: reduce-opt %s --raise-to-reduce --split-input-file | FileCheck %s

// linalg reductions whose combiner, init and maps are a reduce op's.

// CHECK-LABEL: func @reduce_sum
//  CHECK-NEXT:   %[[R:.*]] = reduce.sum %{{.*}} axes [1] : tensor<4x8xf32> -> tensor<4xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @reduce_sum(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

// -----

// A splat constant init, an integer product over two dims of three.
// CHECK-LABEL: func @reduce_prod_i64
//       CHECK:   reduce.prod %{{.*}} axes [0, 2] : tensor<2x3x4xi64> -> tensor<3xi64>
func.func @reduce_prod_i64(%a: tensor<2x3x4xi64>) -> tensor<3xi64> {
  %one = arith.constant dense<1> : tensor<3xi64>
  %r = linalg.reduce ins(%a : tensor<2x3x4xi64>) outs(%one : tensor<3xi64>) dimensions = [0, 2]
    (%in: i64, %acc: i64) {
      %s = arith.muli %in, %acc : i64
      linalg.yield %s : i64
    }
  return %r : tensor<3xi64>
}

// -----

// maximumf propagates NaN; -inf is its identity.
// CHECK-LABEL: func @max_identity
//  CHECK-NEXT:   %[[R:.*]] = reduce.max %{{.*}} axes [0] : tensor<?x8xf64> -> tensor<8xf64>
//  CHECK-NEXT:   return %[[R]]
func.func @max_identity(%a: tensor<?x8xf64>) -> tensor<8xf64> {
  %cst = arith.constant 0xFFF0000000000000 : f64
  %e = tensor.empty() : tensor<8xf64>
  %f = linalg.fill ins(%cst : f64) outs(%e : tensor<8xf64>) -> tensor<8xf64>
  %r = linalg.reduce ins(%a : tensor<?x8xf64>) outs(%f : tensor<8xf64>) dimensions = [0]
    (%in: f64, %acc: f64) {
      %s = arith.maximumf %in, %acc : f64
      linalg.yield %s : f64
    }
  return %r : tensor<8xf64>
}

// -----

// tosa-to-linalg starts a min at the largest finite float: the init is
// combined with the result, so that a row of +inf still gives it.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @min_finite_init
//       CHECK:   %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32)
//       CHECK:   %[[R:.*]] = reduce.min %{{.*}} axes [1] : tensor<?x8xf32> -> tensor<?xf32>
//       CHECK:   %[[M:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel"]} ins(%[[R]] : tensor<?xf32>) outs(%[[INIT]] : tensor<?xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
//  CHECK-NEXT:     %[[C:.*]] = arith.minimumf %[[IN]], %[[OUT]] : f32
//  CHECK-NEXT:     linalg.yield %[[C]]
//       CHECK:   return %[[M]]
func.func @min_finite_init(%a: tensor<?x8xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?x8xf32>
  %cst = arith.constant 3.40282347E+38 : f32
  %e = tensor.empty(%d) : tensor<?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%a : tensor<?x8xf32>) outs(%f : tensor<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.minimumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32>
}

// -----

// Signed integer min and max from their identities; and/or on i1.
// CHECK-LABEL: func @integers
//       CHECK:   reduce.min %{{.*}} axes [1] : tensor<4x8xi16> -> tensor<4xi16>
//       CHECK:   reduce.max %{{.*}} axes [1] : tensor<4x8xi16> -> tensor<4xi16>
//       CHECK:   reduce.logical_and %{{.*}} axes [0] : tensor<4x8xi1> -> tensor<8xi1>
//       CHECK:   reduce.logical_or %{{.*}} axes [0] : tensor<4x8xi1> -> tensor<8xi1>
//   CHECK-NOT:   linalg.
func.func @integers(%a: tensor<4x8xi16>, %b: tensor<4x8xi1>)
    -> (tensor<4xi16>, tensor<4xi16>, tensor<8xi1>, tensor<8xi1>) {
  %max = arith.constant 32767 : i16
  %min = arith.constant -32768 : i16
  %t = arith.constant true
  %f = arith.constant false
  %e = tensor.empty() : tensor<4xi16>
  %eb = tensor.empty() : tensor<8xi1>
  %i0 = linalg.fill ins(%max : i16) outs(%e : tensor<4xi16>) -> tensor<4xi16>
  %i1 = linalg.fill ins(%min : i16) outs(%e : tensor<4xi16>) -> tensor<4xi16>
  %i2 = linalg.fill ins(%t : i1) outs(%eb : tensor<8xi1>) -> tensor<8xi1>
  %i3 = linalg.fill ins(%f : i1) outs(%eb : tensor<8xi1>) -> tensor<8xi1>
  %r0 = linalg.reduce ins(%a : tensor<4x8xi16>) outs(%i0 : tensor<4xi16>) dimensions = [1]
    (%in: i16, %acc: i16) {
      %s = arith.minsi %in, %acc : i16
      linalg.yield %s : i16
    }
  %r1 = linalg.reduce ins(%a : tensor<4x8xi16>) outs(%i1 : tensor<4xi16>) dimensions = [1]
    (%in: i16, %acc: i16) {
      %s = arith.maxsi %in, %acc : i16
      linalg.yield %s : i16
    }
  %r2 = linalg.reduce ins(%b : tensor<4x8xi1>) outs(%i2 : tensor<8xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %s = arith.andi %in, %acc : i1
      linalg.yield %s : i1
    }
  %r3 = linalg.reduce ins(%b : tensor<4x8xi1>) outs(%i3 : tensor<8xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %s = arith.ori %in, %acc : i1
      linalg.yield %s : i1
    }
  return %r0, %r1, %r2, %r3 : tensor<4xi16>, tensor<4xi16>, tensor<8xi1>, tensor<8xi1>
}

// -----

// A generic with |x| and x * x terms: reduce.l1 and reduce.sum_square.
// CHECK-LABEL: func @l1_and_sum_square
//       CHECK:   reduce.l1 %{{.*}} axes [1] : tensor<4x8xf32> -> tensor<4xf32>
//       CHECK:   reduce.sum_square %{{.*}} axes [1] : tensor<4x8xi32> -> tensor<4xi32>
//   CHECK-NOT:   linalg.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @l1_and_sum_square(%a: tensor<4x8xf32>, %b: tensor<4x8xi32>)
    -> (tensor<4xf32>, tensor<4xi32>) {
  %zf = arith.constant 0.0 : f32
  %zi = arith.constant 0 : i32
  %ef = tensor.empty() : tensor<4xf32>
  %ei = tensor.empty() : tensor<4xi32>
  %ff = linalg.fill ins(%zf : f32) outs(%ef : tensor<4xf32>) -> tensor<4xf32>
  %fi = linalg.fill ins(%zi : i32) outs(%ei : tensor<4xi32>) -> tensor<4xi32>
  %l1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%ff : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %abs = math.absf %in : f32
    %s = arith.addf %abs, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%b : tensor<4x8xi32>) outs(%fi : tensor<4xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %m = arith.muli %in, %in : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %l1, %sq : tensor<4xf32>, tensor<4xi32>
}

// -----

// A dot product: the term becomes an all-parallel generic feeding the sum
// (the pipeline fuses it back into one loop nest).
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @dot
//  CHECK-SAME:   (%[[A:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<?x8xf32>)
//       CHECK:   %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x8xf32>
//       CHECK:   %[[P:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<?x8xf32>, tensor<?x8xf32>) outs(%[[E]] : tensor<?x8xf32>)
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[M]]
//       CHECK:   reduce.sum %[[P]] axes [1] : tensor<?x8xf32> -> tensor<?xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @dot(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?x8xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%d) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<?x8xf32>, tensor<?x8xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// The bf16 sum tosa-to-linalg writes: widened in the body, summed in f32,
// narrowed after. The widening is the term.
// CHECK-LABEL: func @widened_sum
//       CHECK:   %[[W:.*]] = linalg.generic
//       CHECK:     arith.extf %{{.*}} : bf16 to f32
//       CHECK:   %[[S:.*]] = reduce.sum %[[W]] axes [1] keep_dims : tensor<4x8xf32> -> tensor<4x1xf32>
//       CHECK:   return %[[S]]
func.func @widened_sum(%a: tensor<4x8xbf16>) -> tensor<4x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x8xbf16>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: bf16, %acc: f32) {
      %w = arith.extf %in : bf16 to f32
      %s = arith.addf %w, %acc : f32
      linalg.yield %s : f32
    }
  %x = tensor.expand_shape %r [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
  return %x : tensor<4x1xf32>
}

// -----

// keep_dims: an expand_shape that re-inserts the reduced dims as unit dims,
// static and dynamic, and down to a rank-0 reduction.
// CHECK-LABEL: func @keep_dims
//       CHECK:   reduce.sum %{{.*}} axes [0, 2] keep_dims : tensor<?x3x4xf32> -> tensor<1x3x1xf32>
//       CHECK:   reduce.max %{{.*}} axes [0] keep_dims : tensor<5xi32> -> tensor<1xi32>
//   CHECK-NOT:   tensor.expand_shape
func.func @keep_dims(%a: tensor<?x3x4xf32>, %b: tensor<5xi32>) -> (tensor<1x3x1xf32>, tensor<1xi32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.reduce ins(%a : tensor<?x3x4xf32>) outs(%f : tensor<3xf32>) dimensions = [0, 2]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %x = tensor.expand_shape %r [[0, 1, 2]] output_shape [1, 3, 1] : tensor<3xf32> into tensor<1x3x1xf32>
  %lo = arith.constant -2147483648 : i32
  %ei = tensor.empty() : tensor<i32>
  %fi = linalg.fill ins(%lo : i32) outs(%ei : tensor<i32>) -> tensor<i32>
  %m = linalg.reduce ins(%b : tensor<5xi32>) outs(%fi : tensor<i32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %s = arith.maxsi %in, %acc : i32
      linalg.yield %s : i32
    }
  %y = tensor.expand_shape %m [] output_shape [1] : tensor<i32> into tensor<1xi32>
  return %x, %y : tensor<1x3x1xf32>, tensor<1xi32>
}

// -----

// An expand_shape that splits a kept dim is not keep_dims.
// CHECK-LABEL: func @not_keep_dims
//       CHECK:   %[[R:.*]] = reduce.sum %{{.*}} axes [1] : tensor<4x8xf32> -> tensor<4xf32>
//       CHECK:   tensor.expand_shape %[[R]] {{\[}}[0, 1]] output_shape [2, 2]
func.func @not_keep_dims(%a: tensor<4x8xf32>) -> tensor<2x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %x = tensor.expand_shape %r [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  return %x : tensor<2x2xf32>
}

// -----

// tosa-to-linalg's NaN-ignoring min: a flag of "every element is NaN" read
// only by the select that makes those results NaN. That is reduce.min
// nan_mode ignore, combined with the init.
// CHECK-LABEL: func @nan_ignore_min
//   CHECK-NOT:   linalg.select
//       CHECK:   %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32)
//       CHECK:   %[[R:.*]] = reduce.min %{{.*}} axes [1] nan_mode ignore : tensor<4x8xf32> -> tensor<4xf32>
//       CHECK:   linalg.generic {{.*}} ins(%[[R]] : tensor<4xf32>) outs(%[[INIT]] : tensor<4xf32>)
//       CHECK:     arith.minimumf
//   CHECK-NOT:   linalg.select
func.func @nan_ignore_min(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
  %cst = arith.constant 0x7FC00000 : f32
  %true = arith.constant true
  %hi = arith.constant 3.40282347E+38 : f32
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.fill ins(%hi : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %2 = tensor.empty() : tensor<4xi1>
  %3 = linalg.fill ins(%true : i1) outs(%2 : tensor<4xi1>) -> tensor<4xi1>
  %r:2 = linalg.reduce ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%1, %3 : tensor<4xf32>, tensor<4xi1>) dimensions = [1]
    (%in: f32, %in_1: f32, %init: f32, %init_2: i1) {
      %8 = arith.minimumf %in, %init : f32
      %9 = arith.cmpf uno, %in, %in : f32
      %10 = arith.select %9, %init, %8 : f32
      %11 = arith.andi %init_2, %9 : i1
      linalg.yield %10, %11 : f32, i1
    }
  %5 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %7 = linalg.select ins(%r#1, %5, %r#0 : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  return %7 : tensor<4xf32>
}

// -----

// minnumf from NaN: NaN skipped, NaN where every element is NaN, which is
// nan_mode ignore over reduced dims that cannot be 0.
// CHECK-LABEL: func @minnum_from_nan
//  CHECK-NEXT:   %[[R:.*]] = reduce.min %{{.*}} axes [1] nan_mode ignore : tensor<?x8xf32> -> tensor<?xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @minnum_from_nan(%a: tensor<?x8xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?x8xf32>
  %nan = arith.constant 0x7FC00000 : f32
  %e = tensor.empty(%d) : tensor<?xf32>
  %f = linalg.fill ins(%nan : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%a : tensor<?x8xf32>) outs(%f : tensor<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.minnumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32>
}
