// RUN: reduce-opt %s --split-input-file --reduce-vectorize --canonicalize | FileCheck %s

// The online softmax normalizer of reduce-fuse-elementwise (a running
// maximum and a rescaled sum of exponentials, docs/pipeline.md stage 1b)
// under an `inner` plan: one row at a time, each step reads the tile as 4
// registers of 8 lanes and takes their maximum first. The lanes carry the
// running maximum M, a shift C and the sum S of exp(t - C): a step whose
// lanes all have a finite C and values of at most C + 32 only adds the 4
// exponentials about C; any other is the online step on (C, S), which
// rescales the sum (5 exponentials for 32 elements) and takes C to the
// maximum. After the row, S is rescaled to M where C lags, and the lanes
// are reduced once per row. 1000 columns are 31 whole tiles, then a last
// online step where t is -inf past the row (no maximum, a zero term): the
// canonicalizer folds its masks, 8 columns in bounds.
// CHECK-LABEL: func.func @online
//  CHECK-SAME:   (%[[X:.*]]: tensor<16x1000xf32>, %[[M0:.*]]: tensor<16xf32>, %[[S0:.*]]: tensor<16xf32>)
//   CHECK-DAG:   %[[LAZY:.*]] = arith.constant dense<3.200000e+01> : vector<8xf32>
//   CHECK-DAG:   %[[LANESINF:.*]] = arith.constant dense<0xFF800000> : vector<8xf32>
//   CHECK-DAG:   %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
//   CHECK-DAG:   %[[WHOLE:.*]] = arith.constant 992 : index
//       CHECK:   scf.for %[[ROW:.*]] = {{.*}} iter_args(%[[MT:.*]] = %[[M0]], %[[ST:.*]] = %[[S0]])
//       CHECK:     %[[LOOP:.*]]:3 = scf.for %[[COL:.*]] = %{{.*}} to %[[WHOLE]] {{.*}} iter_args(%[[M:.*]] = %[[LANESINF]], %[[C:.*]] = %[[LANESINF]], %[[S:.*]] = %[[ZEROS]]) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>)
//   CHECK-COUNT-4:       vector.transfer_read %[[X]][%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<16x1000xf32>, vector<8xf32>
//   CHECK-COUNT-2:       arith.maximumf
//       CHECK:           %[[TMAX:.*]] = arith.maximumf
//       CHECK:           %[[BOUND:.*]] = arith.addf %[[C]], %[[LAZY]]
//       CHECK:           %[[WITHIN:.*]] = arith.cmpf ole, %[[TMAX]], %[[BOUND]]
//       CHECK:           %[[FINITE:.*]] = arith.cmpf ogt, %[[C]], %[[LANESINF]]
//       CHECK:           %[[BOTH:.*]] = arith.andi %[[WITHIN]], %[[FINITE]]
//       CHECK:           %[[ALL:.*]] = vector.reduction <and>, %[[BOTH]]
//       CHECK:           %[[STEP:.*]]:2 = scf.if %[[ALL]]
//   CHECK-COUNT-4:         math.exp
//       CHECK:             %[[SUM:.*]] = arith.addf %[[S]], %{{.*}}
//       CHECK:             scf.yield %[[C]], %[[SUM]]
//       CHECK:           } else {
//   CHECK-COUNT-4:         math.exp
//       CHECK:             %[[DC:.*]] = arith.subf %[[C]], %{{.*}}
//       CHECK:             %[[SCALE:.*]] = math.exp %[[DC]]
//       CHECK:             arith.mulf %[[S]], %[[SCALE]]
//       CHECK:             arith.cmpf oeq
//       CHECK:             arith.select
//       CHECK:             scf.yield
//       CHECK:           %[[MNEXT:.*]] = arith.maximumf %[[M]], %[[TMAX]]
//       CHECK:           scf.yield %[[MNEXT]], %[[STEP]]#0, %[[STEP]]#1
//       CHECK:     %[[LAST:.*]] = vector.transfer_read %[[X]][%[[ROW]], %[[WHOLE]]]
//       CHECK:     %[[CLAST:.*]] = arith.maximumf %[[LAST]], %[[LOOP]]#1
//       CHECK:     %[[SLAST:.*]] = arith.select {{.*}}, %[[LOOP]]#2, %{{.*}}
//       CHECK:     %[[MLAST:.*]] = arith.maximumf %[[LOOP]]#0, %[[CLAST]]
//       CHECK:     %[[LAGS:.*]] = arith.cmpf une, %[[CLAST]], %[[MLAST]]
//       CHECK:     %[[LAG:.*]] = arith.subf %[[CLAST]], %[[MLAST]]
//       CHECK:     %[[RESCALE:.*]] = math.exp %[[LAG]]
//       CHECK:     %[[SRESCALED:.*]] = arith.mulf %[[SLAST]], %[[RESCALE]]
//       CHECK:     %[[SROW:.*]] = arith.select %[[LAGS]], %[[SRESCALED]], %[[SLAST]]
//       CHECK:     vector.reduction <maximumf>, %[[MLAST]]
//       CHECK:     vector.broadcast
//       CHECK:     math.exp
//       CHECK:     arith.mulf %[[SROW]]
//       CHECK:     vector.reduction <add>
//       CHECK:     tensor.insert
//       CHECK:     tensor.insert
func.func @online(%x: tensor<16x1000xf32>, %m0: tensor<16xf32>, %s0: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x1000xf32>) outs(%m0, %s0 : tensor<16xf32>, tensor<16xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32>} {
  ^bb0(%in: f32, %m: f32, %s: f32):
    %next = arith.maximumf %in, %m : f32
    %d = arith.subf %in, %next : f32
    %e = math.exp %d : f32
    %dm = arith.subf %m, %next : f32
    %scale = math.exp %dm : f32
    %rescaled = arith.mulf %s, %scale : f32
    %sum = arith.addf %rescaled, %e : f32
    %ninf = arith.constant 0xFF800000 : f32
    %none = arith.cmpf oeq, %next, %ninf : f32
    %snext = arith.select %none, %s, %sum : f32
    linalg.yield %next, %snext : f32, f32
  } -> (tensor<16xf32>, tensor<16xf32>)
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}

// -----

// Not the online form (the rescaled sum is missing its -inf guard): the
// usual inner strategy, which cannot vectorize this body, leaves loops.
// CHECK-LABEL: func.func @not_online
//   CHECK-NOT:   vector.transfer_read
//       CHECK:   return
func.func @not_online(%x: tensor<16x1000xf32>, %m0: tensor<16xf32>, %s0: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x1000xf32>) outs(%m0, %s0 : tensor<16xf32>, tensor<16xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32>} {
  ^bb0(%in: f32, %m: f32, %s: f32):
    %next = arith.maximumf %in, %m : f32
    %d = arith.subf %in, %next : f32
    %e = math.exp %d : f32
    %dm = arith.subf %m, %next : f32
    %scale = math.exp %dm : f32
    %rescaled = arith.mulf %s, %scale : f32
    %sum = arith.addf %rescaled, %e : f32
    linalg.yield %next, %sum : f32, f32
  } -> (tensor<16xf32>, tensor<16xf32>)
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}

// -----

// A prologue (t = x * 0.5 + y, an attention score with a bias) is computed
// on vectors from both inputs' rows; the constant is broadcast.
// CHECK-LABEL: func.func @online_prologue
//       CHECK:   scf.for
//       CHECK:     scf.for
//   CHECK-COUNT-2:       vector.transfer_read
//       CHECK:           arith.mulf %{{.*}}, %{{.*}} : vector<8xf32>
//       CHECK:           arith.addf %{{.*}}, %{{.*}} : vector<8xf32>
//       CHECK:           arith.maximumf
func.func @online_prologue(%x: tensor<16x256xf32>, %y: tensor<16x256xf32>, %m0: tensor<16xf32>, %s0: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %half = arith.constant 0.5 : f32
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x, %y : tensor<16x256xf32>, tensor<16x256xf32>) outs(%m0, %s0 : tensor<16xf32>, tensor<16xf32>)
      attrs = {reduce.plan = #reduce.inner_plan<vector_bits = 256, inner_tile = 32>} {
  ^bb0(%in: f32, %in2: f32, %m: f32, %s: f32):
    %scaled = arith.mulf %in, %half : f32
    %t = arith.addf %scaled, %in2 : f32
    %next = arith.maximumf %t, %m : f32
    %d = arith.subf %t, %next : f32
    %e = math.exp %d : f32
    %dm = arith.subf %m, %next : f32
    %scale = math.exp %dm : f32
    %rescaled = arith.mulf %s, %scale : f32
    %sum = arith.addf %rescaled, %e : f32
    %ninf = arith.constant 0xFF800000 : f32
    %none = arith.cmpf oeq, %next, %ninf : f32
    %snext = arith.select %none, %s, %sum : f32
    linalg.yield %next, %snext : f32, f32
  } -> (tensor<16xf32>, tensor<16xf32>)
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}
