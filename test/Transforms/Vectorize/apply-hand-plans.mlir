// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize | FileCheck %s

// Rewrite tests as IREE writes them: each op carries a hand-written plan,
// and reduce-vectorize runs alone, with no planner before it and no tuning
// setting (the module records no target: the shuffle trees use the default
// registers). A change to the planner's tuning cannot change these.

/// row_tiles: 8 rows of 16 at a time, each tile one vector<8x16xf32>.
// CHECK-LABEL: func.func @row_tiles
// CHECK:         scf.for {{.*}} step %c8
// CHECK:           vector.transfer_read {{.*}} : tensor<64x16xf32>, vector<8x16xf32>
// CHECK-NOT:     linalg.
func.func @row_tiles(%x: tensor<64x16xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.reduce ins(%x : tensor<64x16xf32>) outs(%init : tensor<64xf32>) dimensions = [1]
      {reduce.plan = #reduce.row_tiles_plan<row_tile = 8>}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<64xf32>
}

// -----

/// Two threads of 32 rows, each an inner reduction of tiles of 32; the
/// fill fused into each thread's tile takes the plan written on the fill.
// CHECK-LABEL: func.func @threads_with_fill
// CHECK:         scf.forall ({{.*}}) = (0) to (64) step (32)
// CHECK:           vector.transfer_write {{.*}} : vector<32xf32>, tensor<32xf32>
// CHECK:           scf.for {{.*}} step %c1
// CHECK:             scf.for {{.*}} step %c32
// CHECK:               vector.transfer_read {{.*}} : tensor<64x1024xf32>, vector<32xf32>
// CHECK-NOT:     linalg.
func.func @threads_with_fill(%x: tensor<64x1024xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64xf32>
  %init = linalg.fill {reduce.plan = #reduce.elementwise_plan<inner_tile = 32>}
      ins(%zero : f32) outs(%empty : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.reduce ins(%x : tensor<64x1024xf32>) outs(%init : tensor<64xf32>) dimensions = [1]
      {reduce.plan = #reduce.inner_plan<inner_tile = 32, threads = <count = 2, dim = 0, chunk = 32>>}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<64xf32>
}

// -----

/// elementwise: a map of 100 elements in 1-D vectors of 20.
// CHECK-LABEL: func.func @elementwise
// CHECK:         scf.for {{.*}} step %c20
// CHECK:           vector.transfer_read {{.*}} : tensor<100xf32>, vector<20xf32>
// CHECK:           math.absf {{.*}} : vector<20xf32>
func.func @elementwise(%x: tensor<100xf32>, %out: tensor<100xf32>) -> tensor<100xf32> {
  %r = linalg.map {math.absf} ins(%x : tensor<100xf32>) outs(%out : tensor<100xf32>)
      {reduce.plan = #reduce.elementwise_plan<inner_tile = 20>}
  return %r : tensor<100xf32>
}
