// RUN: reduce-opt %s --raise-to-reduce --split-input-file | FileCheck %s
// RUN: reduce-opt %s --raise-to-reduce --split-input-file | FileCheck %s --check-prefix=NONE

// What is not exactly a reduce op stays as it was.
// NONE-NOT: = reduce.

// An unsigned min: the reduce ops read signless integers as signed.
// CHECK-LABEL: func @minui
//       CHECK:   linalg.reduce
//       CHECK:     arith.minui
func.func @minui(%a: tensor<4x8xi32>) -> tensor<4xi32> {
  %cst = arith.constant -1 : i32
  %e = tensor.empty() : tensor<4xi32>
  %f = linalg.fill ins(%cst : i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  %r = linalg.reduce ins(%a : tensor<4x8xi32>) outs(%f : tensor<4xi32>) dimensions = [1]
    (%in: i32, %acc: i32) {
      %s = arith.minui %in, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<4xi32>
}

// -----

// maxnumf skips NaN, but its fold gives the init (here -inf) where every
// element is NaN, where nan_mode ignore gives NaN; the pipeline compiles
// it as written. From a NaN init over a dynamic reduced dim, which may be
// 0 (NaN there, the op's identity -inf), it stays too.
// CHECK-LABEL: func @maxnum
//       CHECK:   linalg.reduce
//       CHECK:     arith.maxnumf
func.func @maxnum(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maxnumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func @maxnum_from_nan_dynamic
//       CHECK:   linalg.reduce
//       CHECK:     arith.maxnumf
func.func @maxnum_from_nan_dynamic(%a: tensor<4x?xf32>) -> tensor<4xf32> {
  %nan = arith.constant 0x7FC00000 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%nan : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x?xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maxnumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

// -----

// A compare and select is neither NaN form of max.
// CHECK-LABEL: func @compare_select
//       CHECK:   linalg.reduce
//       CHECK:     arith.cmpf ogt
func.func @compare_select(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %c = arith.cmpf ogt, %in, %acc : f32
      %s = arith.select %c, %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

// -----

// Inits that are not the identity: an argument, -0.0 for a sum (the sum
// of -0.0s would be -0.0), 2 for a product, an argument for a max.
// CHECK-LABEL: func @inits
// CHECK-COUNT-4: linalg.reduce
func.func @inits(%a: tensor<4x8xf32>, %init: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %nz = arith.constant -0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f0 = linalg.fill ins(%nz : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %f1 = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r1 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%f0 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %r2 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%f1 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.mulf %in, %acc : f32
      linalg.yield %s : f32
    }
  %r3 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maximumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r0, %r1, %r2, %r3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A side output: tosa-to-linalg's NaN-ignoring max, whose "every element
// is NaN" flag is also returned; and the same form over a dynamic reduced
// dim, which may be 0 (the form gives NaN there, the reduce op's identity
// would not).
// CHECK-LABEL: func @side_output
//       CHECK:   linalg.reduce
//       CHECK:   linalg.select
func.func @side_output(%arg0: tensor<4x8xf32>) -> (tensor<8xf32>, tensor<8xi1>) {
  %cst = arith.constant 0x7FC00000 : f32
  %true = arith.constant true
  %lo = arith.constant -3.40282347E+38 : f32
  %0 = tensor.empty() : tensor<8xf32>
  %1 = linalg.fill ins(%lo : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %2 = tensor.empty() : tensor<8xi1>
  %3 = linalg.fill ins(%true : i1) outs(%2 : tensor<8xi1>) -> tensor<8xi1>
  %r:2 = linalg.reduce ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%1, %3 : tensor<8xf32>, tensor<8xi1>) dimensions = [0]
    (%in: f32, %in_1: f32, %init: f32, %init_2: i1) {
      %8 = arith.maximumf %in, %init : f32
      %9 = arith.cmpf uno, %in, %in : f32
      %10 = arith.select %9, %init, %8 : f32
      %11 = arith.andi %init_2, %9 : i1
      linalg.yield %10, %11 : f32, i1
    }
  %5 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %7 = linalg.select ins(%r#1, %5, %r#0 : tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  return %7, %r#1 : tensor<8xf32>, tensor<8xi1>
}

// CHECK-LABEL: func @nan_ignore_dynamic
//       CHECK:   linalg.reduce
//       CHECK:   linalg.select
func.func @nan_ignore_dynamic(%arg0: tensor<?x8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 0x7FC00000 : f32
  %true = arith.constant true
  %lo = arith.constant -3.40282347E+38 : f32
  %0 = tensor.empty() : tensor<8xf32>
  %1 = linalg.fill ins(%lo : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %2 = tensor.empty() : tensor<8xi1>
  %3 = linalg.fill ins(%true : i1) outs(%2 : tensor<8xi1>) -> tensor<8xi1>
  %r:2 = linalg.reduce ins(%arg0, %arg0 : tensor<?x8xf32>, tensor<?x8xf32>) outs(%1, %3 : tensor<8xf32>, tensor<8xi1>) dimensions = [0]
    (%in: f32, %in_1: f32, %init: f32, %init_2: i1) {
      %8 = arith.maximumf %in, %init : f32
      %9 = arith.cmpf uno, %in, %in : f32
      %10 = arith.select %9, %init, %8 : f32
      %11 = arith.andi %init_2, %9 : i1
      linalg.yield %10, %11 : f32, i1
    }
  %5 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %7 = linalg.select ins(%r#1, %5, %r#0 : tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  return %7 : tensor<8xf32>
}

// -----

// A result that permutes the parallel loops; a matmul, whose term reads
// its inputs through projections; an element type the ops reject.
// CHECK-LABEL: func @maps_and_types
// CHECK-COUNT-3: linalg.generic
#in3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out3 = affine_map<(d0, d1, d2) -> (d2, d0)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#mm = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @maps_and_types(%a: tensor<2x3x4xf32>, %l: tensor<4x5xf32>, %r: tensor<5x6xf32>,
                          %q: tensor<4x8xi4>) -> (tensor<4x2xf32>, tensor<4x6xf32>, tensor<4xi4>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4x2xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %t = linalg.generic {indexing_maps = [#in3, #out3], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a : tensor<2x3x4xf32>) outs(%f0 : tensor<4x2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  %e1 = tensor.empty() : tensor<4x6xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %m = linalg.generic {indexing_maps = [#lhs, #rhs, #mm], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%l, %r : tensor<4x5xf32>, tensor<5x6xf32>) outs(%f1 : tensor<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  %zi = arith.constant 0 : i4
  %e2 = tensor.empty() : tensor<4xi4>
  %f2 = linalg.fill ins(%zi : i4) outs(%e2 : tensor<4xi4>) -> tensor<4xi4>
  %s4 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%q : tensor<4x8xi4>) outs(%f2 : tensor<4xi4>) {
  ^bb0(%in: i4, %acc: i4):
    %s = arith.addi %in, %acc : i4
    linalg.yield %s : i4
  } -> tensor<4xi4>
  return %t, %m, %s4 : tensor<4x2xf32>, tensor<4x6xf32>, tensor<4xi4>
}

// -----

// A named op with a reduction loop is not raised.
// CHECK-LABEL: func @named_matmul
//       CHECK:   linalg.matmul
func.func @named_matmul(%l: tensor<4x5xf32>, %r: tensor<5x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %m = linalg.matmul ins(%l, %r : tensor<4x5xf32>, tensor<5x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %m : tensor<4x6xf32>
}
