// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-elementwise-to-linalg \
// RUN:   --reduce-fuse-elementwise=remarks --canonicalize --verify-diagnostics | FileCheck %s
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-elementwise-to-linalg \
// RUN:   --reduce-fuse-elementwise=strict-fp-order --canonicalize | FileCheck %s --check-prefix=STRICT

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
// in each; the broadcasts are read as rows. Three loop nests (max, sum,
// output) and no tensor of the input's shape but the result.
// CHECK-LABEL: func.func @softmax
//  CHECK-SAME:   (%[[X:.*]]: tensor<64x128xf32>)
//       CHECK:   %[[M:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<64x128xf32>)
//       CHECK:     arith.maximumf
//       CHECK:   %[[S:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[M]] : tensor<64x128xf32>, tensor<64xf32>)
//       CHECK:     arith.subf
//       CHECK:     math.exp
//       CHECK:     arith.addf
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<64x128xf32>
//       CHECK:   %[[O:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[M]], %[[S]] : tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>) outs(%[[E]] : tensor<64x128xf32>)
//       CHECK:     arith.subf
//       CHECK:     math.exp
//       CHECK:     arith.divf
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[O]]
func.func @softmax(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %m = reduce.max %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x128xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x128xf32>
  %ex = math.exp %d : tensor<64x128xf32>
  // expected-remark @+1 {{fused 3 elementwise producers: 2 inputs}}
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
// The difference is computed once per element.
// CHECK-LABEL: func.func @variance
//  CHECK-SAME:   (%[[X:.*]]: tensor<64x128xf32>)
//       CHECK:   %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<64x128xf32>)
//       CHECK:   %[[MEAN:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[SUM]] : tensor<64xf32>)
//       CHECK:     arith.divf
//       CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[MEAN]] : tensor<64x128xf32>, tensor<64xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %[[M:.*]]: f32, %[[ACC:.*]]: f32):
//  CHECK-NEXT:     %[[D:.*]] = arith.subf %[[IN]], %[[M]]
//  CHECK-NEXT:     %[[D2:.*]] = arith.mulf %[[D]], %[[D]]
//  CHECK-NEXT:     arith.addf %[[D2]], %[[ACC]]
func.func @variance(%x: tensor<64x128xf32>) -> tensor<64xf32> {
  %m = reduce.mean %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x128xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x128xf32>
  %d2 = arith.mulf %d, %d : tensor<64x128xf32>
  // expected-remark @+1 {{fused 5 elementwise producers: 2 inputs}}
  %v = reduce.mean %d2 axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %v : tensor<64xf32>
}
