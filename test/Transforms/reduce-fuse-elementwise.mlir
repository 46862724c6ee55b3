// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-elementwise-to-linalg \
// RUN:   --reduce-attach-target="set=row_block_bytes=0" \
// RUN:   --reduce-fuse-elementwise=remarks --canonicalize --verify-diagnostics | FileCheck %s
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-elementwise-to-linalg \
// RUN:   --reduce-attach-target="set=row_block_bytes=0" \
// RUN:   --reduce-plan-function=strict-fp-order --reduce-fuse-elementwise --canonicalize | FileCheck %s --check-prefix=STRICT

// Producer fusion: the product is computed in the reduction, which reads
// both inputs; no tensor of the product's shape is left.
// CHECK-LABEL: func.func @dot
//  CHECK-SAME:   (%[[X:.*]]: tensor<64x128xf32>, %[[Y:.*]]: tensor<64x128xf32>)
//   CHECK-NOT:   tensor<64x128xf32>
//       CHECK:   %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[Y]] : tensor<64x128xf32>, tensor<64x128xf32>)
//  CHECK-NEXT:   ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
//  CHECK-NEXT:     %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.addf %[[P]], %[[ACC]] : f32
//  CHECK-NEXT:     linalg.yield %[[S]]
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[R]]
func.func @dot(%x: tensor<64x128xf32>, %y: tensor<64x128xf32>) -> tensor<64xf32> {
  %p = arith.mulf %x, %y : tensor<64x128xf32>
  // expected-remark @+1 {{fused 1 elementwise producer: 2 inputs}}
  %r = reduce.sum %p axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// Sibling fusion: one op, one read of %x, two results.
// CHECK-LABEL: func.func @min_max
//  CHECK-SAME:   (%[[X:.*]]: tensor<64x128xf32>)
//       CHECK:   %[[R:.*]]:2 = linalg.generic {{.*}} ins(%[[X]] : tensor<64x128xf32>) outs(%{{.*}}, %{{.*}} : tensor<64xf32>, tensor<64xf32>)
//       CHECK:     arith.minimumf
//       CHECK:     arith.maximumf
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[R]]#0, %[[R]]#1
func.func @min_max(%x: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  // expected-remark @+1 {{fused 2 sibling reductions: 1 inputs, 2 results}}
  %a = reduce.min %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %b = reduce.max %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %a, %b : tensor<64xf32>, tensor<64xf32>
}

// -----

// Both: the sum of squares takes its producer, then joins the sum; the
// duplicate input is read once.
// CHECK-LABEL: func.func @sum_sumsq
//  CHECK-SAME:   (%[[X:.*]]: tensor<64x128xf32>)
//       CHECK:   %[[R:.*]]:2 = linalg.generic {{.*}} ins(%[[X]] : tensor<64x128xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %[[S:.*]]: f32, %[[Q:.*]]: f32):
//  CHECK-NEXT:     %[[S1:.*]] = arith.addf %[[IN]], %[[S]]
//  CHECK-NEXT:     %[[SQ:.*]] = arith.mulf %[[IN]], %[[IN]]
//  CHECK-NEXT:     %[[Q1:.*]] = arith.addf %[[SQ]], %[[Q]]
//  CHECK-NEXT:     linalg.yield %[[S1]], %[[Q1]]
//   CHECK-NOT:   linalg.generic
// STRICT-LABEL: func.func @sum_sumsq
//       STRICT:   %{{.*}}:2 = linalg.generic
func.func @sum_sumsq(%x: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  // expected-remark @+1 {{fused 2 sibling reductions: 1 inputs, 2 results}}
  %a = reduce.sum %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %q = arith.mulf %x, %x : tensor<64x128xf32>
  // expected-remark @+1 {{fused 1 elementwise producer: 1 inputs}}
  %b = reduce.sum %q axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %a, %b : tensor<64xf32>, tensor<64xf32>
}

// -----

// With strict-fp-order, a sum (kept in order) is not merged with a min.
// CHECK-LABEL: func.func @sum_min
//       CHECK:   %{{.*}}:2 = linalg.generic
// STRICT-LABEL: func.func @sum_min
//       STRICT:   %{{.*}} = linalg.generic
//       STRICT:     arith.addf
//       STRICT:   %{{.*}} = linalg.generic
//       STRICT:     arith.minimumf
func.func @sum_min(%x: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  // expected-remark @+1 {{fused 2 sibling reductions}}
  %a = reduce.sum %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %b = reduce.min %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %a, %b : tensor<64xf32>, tensor<64xf32>
}

// -----

// A widening conversion is a producer: the sum reads the bytes, dynamic
// shapes too (the result's size is read from the input, not the widened
// tensor).
// CHECK-LABEL: func.func @widen
//  CHECK-SAME:   (%[[X:.*]]: tensor<?x?xi8>)
//       CHECK:   linalg.generic {{.*}} ins(%[[X]] : tensor<?x?xi8>)
//       CHECK:     arith.extui %{{.*}} : i8 to i64
//       CHECK:     arith.addi
//   CHECK-NOT:   linalg.generic
func.func @widen(%x: tensor<?x?xi8>) -> tensor<?xi64> {
  %w = arith.extui %x : tensor<?x?xi8> to tensor<?x?xi64>
  // expected-remark @+1 {{fused 1 elementwise producer: 1 inputs}}
  %r = reduce.sum %w axes [1] : tensor<?x?xi64> -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// -----

// Softmax: the exponential, used by the sum and the division, is recomputed
// in each; the broadcasts are read as rows. The maximum and the sum of
// exponentials become one online normalizer (a running maximum and a
// rescaled sum, guarded where the maximum is still -inf): two loop nests
// (the statistics, the output) and no tensor of the input's shape but the
// result.
// CHECK-LABEL: func.func @softmax
//  CHECK-SAME:   (%[[X:.*]]: tensor<64x128xf32>)
//   CHECK-DAG:   %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[MINIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32)
//       CHECK:   %[[SINIT:.*]] = linalg.fill ins(%[[ZERO]] : f32)
//       CHECK:   %[[STATS:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<64x128xf32>) outs(%[[MINIT]], %[[SINIT]] : tensor<64xf32>, tensor<64xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %[[M:.*]]: f32, %[[S:.*]]: f32):
//  CHECK-NEXT:     %[[NEXT:.*]] = arith.maximumf %[[IN]], %[[M]]
//  CHECK-NEXT:     %[[D:.*]] = arith.subf %[[IN]], %[[NEXT]]
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[D]]
//  CHECK-NEXT:     %[[DM:.*]] = arith.subf %[[M]], %[[NEXT]]
//  CHECK-NEXT:     %[[SCALE:.*]] = math.exp %[[DM]]
//  CHECK-NEXT:     %[[RESCALED:.*]] = arith.mulf %[[S]], %[[SCALE]]
//  CHECK-NEXT:     %[[SUM:.*]] = arith.addf %[[RESCALED]], %[[E]]
//  CHECK-NEXT:     %[[NONE:.*]] = arith.cmpf oeq, %[[NEXT]], %[[NEGINF]]
//  CHECK-NEXT:     %[[SNEXT:.*]] = arith.select %[[NONE]], %[[S]], %[[SUM]]
//  CHECK-NEXT:     linalg.yield %[[NEXT]], %[[SNEXT]]
// A row whose maximum is -inf gets the NaN of the two passes back.
//       CHECK:   %[[ROWSUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[STATS]]#0, %[[STATS]]#1 : tensor<64xf32>, tensor<64xf32>)
//  CHECK-NEXT:   ^bb0(%[[MV:.*]]: f32, %[[SV:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[EMPTY:.*]] = arith.cmpf oeq, %[[MV]], %[[NEGINF]]
//  CHECK-NEXT:     %[[RS:.*]] = arith.select %[[EMPTY]], %{{.*}}, %[[SV]]
//  CHECK-NEXT:     linalg.yield %[[RS]]
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<64x128xf32>
//       CHECK:   %[[O:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[STATS]]#0, %[[ROWSUM]] : tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>) outs(%[[E]] : tensor<64x128xf32>)
//       CHECK:     arith.subf
//       CHECK:     math.exp
//       CHECK:     arith.divf
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[O]]
// With strict-fp-order, the sum of exponentials keeps its own pass.
// STRICT-LABEL: func.func @softmax
//       STRICT:   linalg.generic {{.*}} ins(%{{.*}} : tensor<64x128xf32>)
//       STRICT:     arith.maximumf
//       STRICT:   linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<64x128xf32>, tensor<64xf32>)
//       STRICT:     math.exp
//       STRICT:     arith.addf
func.func @softmax(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %m = reduce.max %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x128xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x128xf32>
  %ex = math.exp %d : tensor<64x128xf32>
  // expected-remark @+2 {{fused 3 elementwise producers: 2 inputs}}
  // expected-remark @+1 {{fused a maximum and a sum of exponentials into an online normalizer}}
  %s = reduce.sum %ex axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %sb = linalg.broadcast ins(%s : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  // expected-remark @+1 {{fused 4 elementwise producers: 3 inputs}}
  %o = arith.divf %ex, %sb : tensor<64x128xf32>
  return %o : tensor<64x128xf32>
}

// -----

// Not merged: other axes (another iteration space), a reduction of a tensor
// that is also returned (its producer stays: the result is written anyway),
// and a variance that depends on the mean.
// CHECK-LABEL: func.func @apart
//       CHECK:   linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]
//       CHECK:     arith.addf
//       CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
//       CHECK:     arith.maximumf
//       CHECK:   %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
//       CHECK:     math.absf
//       CHECK:   linalg.generic {{.*}} ins(%[[P]] : tensor<64x128xf32>)
func.func @apart(%x: tensor<64x128xf32>) -> (tensor<128xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<64xf32>) {
  %a = reduce.sum %x axes [0] : tensor<64x128xf32> -> tensor<128xf32>
  %b = reduce.max %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %p = math.absf %x : tensor<64x128xf32>
  %c = reduce.sum %p axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %a, %b, %p, %c : tensor<128xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<64xf32>
}

// -----

// The mean's division, a producer the variance would read broadcast, is
// not recomputed for each element: it stays a tensor of one value per row.
// The centred sum of squares is computed about each row's first element
// (a map with a constant) in one pass with the mean's sum, and corrected by
// the mean per row: S2 + (K - c) * (2 * S1 + n * (K - c)).
// CHECK-DAG: #[[$FIRST:.*]] = affine_map<(d0) -> (d0, 0)>
// CHECK-LABEL: func.func @variance
//  CHECK-SAME:   (%[[X:.*]]: tensor<64x128xf32>)
//   CHECK-DAG:   %[[N:.*]] = arith.constant 1.280000e+02 : f32
//       CHECK:   %[[K:.*]] = linalg.generic {indexing_maps = [#[[$FIRST]], {{.*}}], iterator_types = ["parallel"]} ins(%[[X]] : tensor<64x128xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     linalg.yield %[[IN]]
//       CHECK:   %[[SUMS:.*]]:3 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[K]] : tensor<64x128xf32>, tensor<64xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %[[KIN:.*]]: f32, %[[S1:.*]]: f32, %[[S2:.*]]: f32, %[[SUM:.*]]: f32):
//  CHECK-NEXT:     %[[T:.*]] = arith.subf %[[IN]], %[[KIN]]
//  CHECK-NEXT:     %[[S1N:.*]] = arith.addf %[[T]], %[[S1]]
//  CHECK-NEXT:     %[[T2:.*]] = arith.mulf %[[T]], %[[T]]
//  CHECK-NEXT:     %[[S2N:.*]] = arith.addf %[[T2]], %[[S2]]
//  CHECK-NEXT:     %[[SUMN:.*]] = arith.addf %[[IN]], %[[SUM]]
//  CHECK-NEXT:     linalg.yield %[[S1N]], %[[S2N]], %[[SUMN]]
//       CHECK:   %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUMS]]#2 : tensor<64xf32>)
//       CHECK:     arith.divf
//       CHECK:   %[[SQ:.*]] = linalg.generic {{.*}} ins(%[[K]], %[[SUMS]]#0, %[[SUMS]]#1, %[[MEAN]] : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>)
//  CHECK-NEXT:   ^bb0(%[[KV:.*]]: f32, %[[S1V:.*]]: f32, %[[S2V:.*]]: f32, %[[C:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[KC:.*]] = arith.subf %[[KV]], %[[C]]
//  CHECK-NEXT:     %[[TWO:.*]] = arith.addf %[[S1V]], %[[S1V]]
//  CHECK-NEXT:     %[[NKC:.*]] = arith.mulf %[[KC]], %[[N]]
//  CHECK-NEXT:     %[[IN2:.*]] = arith.addf %[[TWO]], %[[NKC]]
//  CHECK-NEXT:     %[[COR:.*]] = arith.mulf %[[KC]], %[[IN2]]
//  CHECK-NEXT:     %[[R:.*]] = arith.addf %[[S2V]], %[[COR]]
//  CHECK-NEXT:     linalg.yield %[[R]]
//       CHECK:   %[[VAR:.*]] = linalg.generic {{.*}} ins(%[[SQ]] : tensor<64xf32>)
//       CHECK:     arith.divf
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[VAR]]
// With strict-fp-order, the variance keeps its own pass about the mean.
// STRICT-LABEL: func.func @variance
//       STRICT:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<64x128xf32>)
//       STRICT:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<64x128xf32>, tensor<64xf32>)
//  STRICT-NEXT:   ^bb0
//  STRICT-NEXT:     arith.subf
//  STRICT-NEXT:     arith.mulf
//  STRICT-NEXT:     arith.addf
func.func @variance(%x: tensor<64x128xf32>) -> tensor<64xf32> {
  %m = reduce.mean %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x128xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x128xf32>
  %d2 = arith.mulf %d, %d : tensor<64x128xf32>
  // expected-remark @+3 {{fused 5 elementwise producers: 2 inputs}}
  // expected-remark @+2 {{shifted a centred sum of squares: one pass with the reduction of its centre}}
  // expected-remark @+1 {{fused 2 sibling reductions: 2 inputs, 3 results}}
  %v = reduce.mean %d2 axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %v : tensor<64xf32>
}

// -----

// Left as they are: a centred sum of squares over a dynamic (maybe empty)
// row, which has no first element to shift by, and one about a centre that
// no reduction of the same rows computes (one pass already).
// CHECK-LABEL: func.func @variance_apart
//       CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<64x?xf32>)
//       CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<64x?xf32>, tensor<64xf32>)
//  CHECK-NEXT:   ^bb0
//  CHECK-NEXT:     arith.subf
//  CHECK-NEXT:     arith.mulf
//  CHECK-NEXT:     arith.addf
//       CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<64x128xf32>, tensor<64xf32>)
//  CHECK-NEXT:   ^bb0
//  CHECK-NEXT:     arith.subf
//  CHECK-NEXT:     arith.mulf
//  CHECK-NEXT:     arith.addf
func.func @variance_apart(%x: tensor<64x?xf32>, %y: tensor<64x128xf32>, %c: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<64x?xf32>
  %m = reduce.mean %x axes [1] : tensor<64x?xf32> -> tensor<64xf32>
  %e0 = tensor.empty(%n) : tensor<64x?xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x?xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x?xf32>
  %d2 = arith.mulf %d, %d : tensor<64x?xf32>
  // expected-remark @+1 {{fused 5 elementwise producers: 2 inputs}}
  %v = reduce.sum %d2 axes [1] : tensor<64x?xf32> -> tensor<64xf32>
  %e1 = tensor.empty() : tensor<64x128xf32>
  %cb = linalg.broadcast ins(%c : tensor<64xf32>) outs(%e1 : tensor<64x128xf32>) dimensions = [1]
  %dy = arith.subf %y, %cb : tensor<64x128xf32>
  %dy2 = arith.mulf %dy, %dy : tensor<64x128xf32>
  // expected-remark @+1 {{fused 5 elementwise producers: 2 inputs}}
  %w = reduce.sum %dy2 axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %v, %w : tensor<64xf32>, tensor<64xf32>
}

// -----

// A maximum that ignores NaN (arith.maxnumf, as a linalg.reduce a user
// writes) is online too: where the running maximum is still -inf, a NaN
// value still makes the sum NaN, as exp(NaN - max) does in two passes.
// CHECK-LABEL: func.func @softmax_maxnumf
//       CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %[[M:.*]]: f32, %[[S:.*]]: f32):
//  CHECK-NEXT:     %[[NEXT:.*]] = arith.maxnumf %[[IN]], %[[M]]
//       CHECK:     %[[NAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]]
//  CHECK-NEXT:     %[[KEPT:.*]] = arith.select %[[NAN]], %[[IN]], %[[S]]
//  CHECK-NEXT:     %[[NONE:.*]] = arith.cmpf oeq, %[[NEXT]]
//  CHECK-NEXT:     arith.select %[[NONE]], %[[KEPT]]
func.func @softmax_maxnumf(%x: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<64xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %m = linalg.reduce ins(%x : tensor<64x128xf32>) outs(%init : tensor<64xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maxnumf %in, %acc : f32
      linalg.yield %r : f32
    }
  %e0 = tensor.empty() : tensor<64x128xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x128xf32>
  %ex = math.exp %d : tensor<64x128xf32>
  // expected-remark @+2 {{fused 3 elementwise producers: 2 inputs}}
  // expected-remark @+1 {{fused a maximum and a sum of exponentials into an online normalizer}}
  %s = reduce.sum %ex axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %m, %s : tensor<64xf32>, tensor<64xf32>
}

// -----

// Not online: a dynamic (maybe empty) row, and rows that are not the
// innermost dim (the columns of a softmax over axis 0).
// CHECK-LABEL: func.func @softmax_apart
//       CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<64x?xf32>)
//       CHECK:     arith.maximumf
//       CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<64x?xf32>, tensor<64xf32>)
//       CHECK:     math.exp
//       CHECK:   linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<64x128xf32>)
//       CHECK:     arith.maximumf
//       CHECK:   linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<64x128xf32>, tensor<128xf32>)
//       CHECK:     math.exp
func.func @softmax_apart(%x: tensor<64x?xf32>, %y: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<128xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<64x?xf32>
  %m = reduce.max %x axes [1] : tensor<64x?xf32> -> tensor<64xf32>
  %e0 = tensor.empty(%n) : tensor<64x?xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x?xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x?xf32>
  %ex = math.exp %d : tensor<64x?xf32>
  // expected-remark @+1 {{fused 3 elementwise producers: 2 inputs}}
  %s = reduce.sum %ex axes [1] : tensor<64x?xf32> -> tensor<64xf32>
  %my = reduce.max %y axes [0] : tensor<64x128xf32> -> tensor<128xf32>
  %e1 = tensor.empty() : tensor<64x128xf32>
  %myb = linalg.broadcast ins(%my : tensor<128xf32>) outs(%e1 : tensor<64x128xf32>) dimensions = [0]
  %dy = arith.subf %y, %myb : tensor<64x128xf32>
  %exy = math.exp %dy : tensor<64x128xf32>
  // expected-remark @+1 {{fused 3 elementwise producers: 2 inputs}}
  %sy = reduce.sum %exy axes [0] : tensor<64x128xf32> -> tensor<128xf32>
  return %s, %sy : tensor<64xf32>, tensor<128xf32>
}

// -----

// Attention scores: t = x * 0.125 + y, fused into both the maximum and the
// sum, is the same t in both: one online normalizer that computes it once.
// CHECK-LABEL: func.func @softmax_scaled
//  CHECK-SAME:   (%[[X:.*]]: tensor<64x128xf32>, %[[Y:.*]]: tensor<64x128xf32>)
//       CHECK:   %[[STATS:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]], %{{.*}}, %[[Y]] : tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x128xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %[[C:.*]]: f32, %[[IN2:.*]]: f32, %[[M:.*]]: f32, %[[S:.*]]: f32):
//  CHECK-NEXT:     %[[SC:.*]] = arith.mulf %[[IN]], %[[C]]
//  CHECK-NEXT:     %[[T:.*]] = arith.addf %[[SC]], %[[IN2]]
//  CHECK-NEXT:     %[[NEXT:.*]] = arith.maximumf %[[T]], %[[M]]
//  CHECK-NEXT:     arith.subf %[[T]], %[[NEXT]]
//   CHECK-NOT:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
//       CHECK:   %[[ROWSUM:.*]] = linalg.generic {{.*}} ins(%[[STATS]]#0, %[[STATS]]#1
//       CHECK:   return %[[STATS]]#0, %[[ROWSUM]]
func.func @softmax_scaled(%x: tensor<64x128xf32>, %y: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %c = arith.constant dense<0.125> : tensor<64x128xf32>
  %xs = arith.mulf %x, %c : tensor<64x128xf32>
  %t = arith.addf %xs, %y : tensor<64x128xf32>
  // expected-remark @+1 {{fused 2 elementwise producers: 3 inputs}}
  %m = reduce.max %t axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x128xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  %d = arith.subf %t, %mb : tensor<64x128xf32>
  %ex = math.exp %d : tensor<64x128xf32>
  // expected-remark @+2 {{fused 5 elementwise producers: 4 inputs}}
  // expected-remark @+1 {{fused a maximum and a sum of exponentials into an online normalizer}}
  %s = reduce.sum %ex axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %m, %s : tensor<64xf32>, tensor<64xf32>
}
