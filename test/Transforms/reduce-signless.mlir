// RUN: reduce-opt %s --lower-reduce --reduce-signless | FileCheck %s

// reduce-signless rewrites unsigned element types to signless ones in
// signatures, calls and every other op, and drops the tensor.bitcasts that
// lower-reduce put around unsigned data.

// CHECK-LABEL: func.func @min_ui8(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<2x?xi8>) -> tensor<2xi8>
// CHECK-NOT:     tensor.bitcast
// CHECK:         %[[MIN:.*]] = linalg.reduce ins(%[[INPUT]] : tensor<2x?xi8>)
// CHECK:           arith.minui
// CHECK-NOT:     tensor.bitcast
// CHECK:         return %[[MIN]] : tensor<2xi8>
func.func @min_ui8(%input: tensor<2x?xui8>) -> tensor<2xui8> {
  %0 = reduce.min %input axes [1] : tensor<2x?xui8> -> tensor<2xui8>
  return %0 : tensor<2xui8>
}

// CHECK-LABEL: func.func @caller(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<2x4xi8>) -> tensor<*xi8>
// CHECK:         %[[DYN:.*]] = tensor.cast %[[INPUT]] : tensor<2x4xi8> to tensor<2x?xi8>
// CHECK:         %[[MIN:.*]] = call @min_ui8(%[[DYN]]) : (tensor<2x?xi8>) -> tensor<2xi8>
// CHECK:         %[[UNRANKED:.*]] = tensor.cast %[[MIN]] : tensor<2xi8> to tensor<*xi8>
// CHECK:         return %[[UNRANKED]] : tensor<*xi8>
func.func @caller(%input: tensor<2x4xui8>) -> tensor<*xui8> {
  %dyn = tensor.cast %input : tensor<2x4xui8> to tensor<2x?xui8>
  %0 = call @min_ui8(%dyn) : (tensor<2x?xui8>) -> tensor<2xui8>
  %1 = tensor.cast %0 : tensor<2xui8> to tensor<*xui8>
  return %1 : tensor<*xui8>
}

// Signless and float types are left alone.
// CHECK-LABEL: func.func @negative_signless(
// CHECK-SAME:      tensor<4xi32>) -> tensor<i32>
func.func @negative_signless(%input: tensor<4xi32>) -> tensor<i32> {
  %0 = reduce.sum %input axes [0] : tensor<4xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

// A constant of unsigned elements keeps its bits, typed signless (the
// importers make them from model weights), also in a function whose only
// unsigned types are its results.
// CHECK-LABEL: func.func @constant_ui8() -> tensor<2xi8>
// CHECK:         %[[C:.*]] = arith.constant dense<[1, -56]> : tensor<2xi8>
// CHECK:         return %[[C]] : tensor<2xi8>
func.func @constant_ui8() -> tensor<2xui8> {
  %c = arith.constant dense<[1, 200]> : tensor<2xui8>
  return %c : tensor<2xui8>
}
