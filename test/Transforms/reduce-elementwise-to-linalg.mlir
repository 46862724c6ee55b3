// RUN: reduce-opt %s --split-input-file --verify-diagnostics --reduce-elementwise-to-linalg | FileCheck %s

// Elementwise arith and math ops on ranked tensors become generics that
// write into fresh tensors, conversions included.
// CHECK-LABEL: func.func @arith
//  CHECK-SAME:   (%[[X:.*]]: tensor<4x8xf32>, %[[Y:.*]]: tensor<4x8xf32>)
//       CHECK:   %[[E0:.*]] = tensor.empty() : tensor<4x8xf32>
//       CHECK:   %[[P:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[E0]] : tensor<4x8xf32>)
//       CHECK:     arith.mulf
//       CHECK:   %[[EX:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<4x8xf32>)
//       CHECK:     math.exp
//       CHECK:   %[[E2:.*]] = tensor.empty() : tensor<4x8xf64>
//       CHECK:   %[[W:.*]] = linalg.generic {{.*}} ins(%[[EX]] : tensor<4x8xf32>) outs(%[[E2]] : tensor<4x8xf64>)
//       CHECK:     arith.extf %{{.*}} : f32 to f64
//       CHECK:   return %[[W]]
func.func @arith(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf64> {
  %p = arith.mulf %x, %y : tensor<4x8xf32>
  %e = math.exp %p : tensor<4x8xf32>
  %w = arith.extf %e : tensor<4x8xf32> to tensor<4x8xf64>
  return %w : tensor<4x8xf64>
}

// -----

// Dynamic shapes: the result's sizes come from the operand.
// CHECK-LABEL: func.func @dynamic
//       CHECK:   %[[D0:.*]] = tensor.dim %{{.*}}, %c0
//       CHECK:   %[[D1:.*]] = tensor.dim %{{.*}}, %c1
//       CHECK:   %[[E:.*]] = tensor.empty(%[[D0]], %[[D1]]) : tensor<?x?xi64>
//       CHECK:   linalg.generic {{.*}} outs(%[[E]] : tensor<?x?xi64>)
//       CHECK:     arith.extui %{{.*}} : i8 to i64
func.func @dynamic(%x: tensor<?x?xi8>) -> tensor<?x?xi64> {
  %w = arith.extui %x : tensor<?x?xi8> to tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

// -----

// linalg.broadcast, the named elementwise ops and linalg.map are
// generalized; an init the body does not read becomes a tensor.empty (the
// linalg.add wrote into its operand %x); a fill stays a fill.
// CHECK-LABEL: func.func @named
//  CHECK-SAME:   (%[[X:.*]]: tensor<4x8xf32>, %[[Y:.*]]: tensor<4xf32>)
//       CHECK:   %[[B:.*]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<4xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     linalg.yield %[[IN]]
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
//       CHECK:   %[[A:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[B]] : {{.*}}) outs(%[[E]] : tensor<4x8xf32>)
//       CHECK:     arith.addf
//       CHECK:   linalg.generic {{.*}} ins(%[[A]] : tensor<4x8xf32>)
//       CHECK:     math.absf
//       CHECK:   linalg.fill
//   CHECK-NOT:   linalg.map
//   CHECK-NOT:   linalg.add
//   CHECK-NOT:   linalg.broadcast
func.func @named(%x: tensor<4x8xf32>, %y: tensor<4xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %b = linalg.broadcast ins(%y : tensor<4xf32>) outs(%e : tensor<4x8xf32>) dimensions = [1]
  %a = linalg.add ins(%x, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = linalg.map { math.absf } ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
  %c = arith.constant 0.0 : f32
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = arith.addf %m, %f : tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

// A scalar operand (a select's condition) is an input read at every point;
// constants stay constants.
//       CHECK: #[[$SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @select
//  CHECK-SAME:   (%[[X:.*]]: tensor<4xf32>, %[[C:.*]]: i1)
//       CHECK:   %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
//       CHECK:   linalg.generic {indexing_maps = [#[[$SCALAR]], {{.*}}} ins(%[[C]], %[[X]], %[[Z]] : i1, tensor<4xf32>, tensor<4xf32>)
//       CHECK:     arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
func.func @select(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %g = arith.select %c, %x, %z : tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

func.func @unsupported(%x: tensor<4x3xf32>, %i: tensor<2x1xindex>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tensor.gather' op is not supported on tensors by the reduce pipeline; expected reduce ops, elementwise arith and math ops on ranked tensors}}
  %g = tensor.gather %x[%i] gather_dims([0]) : (tensor<4x3xf32>, tensor<2x1xindex>) -> tensor<2x3xf32>
  return %g : tensor<2x3xf32>
}

// -----

func.func @unranked(%x: tensor<*xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'math.exp' op is an elementwise op on unranked tensors, which the reduce pipeline does not compile; expected reduce ops}}
  %g = math.exp %x : tensor<*xf32>
  %c = tensor.cast %g : tensor<*xf32> to tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// Unit dims of elementwise ops are dropped (a statistic kept as Nx1, as
// keep_dims writes it): the generic runs over 8 elements between a collapse
// and an expand that fold with their neighbours; the reduction keeps its
// dims.
// CHECK-LABEL: func.func @unit_dims
//  CHECK-SAME:     %[[X:.*]]: tensor<8x1xf32>
//       CHECK:   %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1]] : tensor<8x1xf32> into tensor<8xf32>
//       CHECK:   %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[C]] : tensor<8xf32>)
//       CHECK:     math.sqrt
//       CHECK:   return %[[S]] : tensor<8xf32>
func.func @unit_dims(%x: tensor<8x1xf32>) -> tensor<8xf32> {
  %s = math.sqrt %x : tensor<8x1xf32>
  %c = tensor.collapse_shape %s [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  return %c : tensor<8xf32>
}
