// RUN: reduce-opt %s --reduce-unranked-results --split-input-file -verify-diagnostics | FileCheck %s

// Unranked tensor results of entry functions become their data (1-D) and
// their shape (1-D i64).

/// A reshape by an i64 shape: the data is its source, flattened; the shape
/// is its shape operand.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3xf32>, %[[S:.*]]: tensor<?xi64>, %[[Y:.*]]: tensor<2xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<2xf32>)
// CHECK:         %[[DATA:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1]] : tensor<?x3xf32> into tensor<?xf32>
// CHECK:         return %[[DATA]], %[[S]], %[[Y]] : tensor<?xf32>, tensor<?xi64>, tensor<2xf32>
func.func @reshape(%x: tensor<?x3xf32>, %s: tensor<?xi64>, %y: tensor<2xf32>) -> (tensor<*xf32>, tensor<2xf32>) {
  %r = tensor.reshape %x(%s) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %r, %y : tensor<*xf32>, tensor<2xf32>
}

// -----

/// A cast of a ranked tensor: its sizes become the shape; a rank-0 tensor
/// is one element.
// CHECK-LABEL: func.func @casts
// CHECK-SAME:    -> (tensor<?xi32>, tensor<?xi64>, tensor<?xi32>, tensor<?xi64>)
// CHECK:         %[[D1:.*]] = tensor.dim %{{.*}}, %c1 : tensor<4x?xi32>
// CHECK:         %[[D1_I64:.*]] = arith.index_cast %[[D1]] : index to i64
// CHECK:         %[[SHAPE:.*]] = tensor.from_elements %{{.*}}, %[[D1_I64]] : tensor<2xi64>
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<4x?xi32> into tensor<?xi32>
// CHECK:         tensor.cast %[[SHAPE]] : tensor<2xi64> to tensor<?xi64>
// CHECK:         %[[EMPTY_SHAPE:.*]] = arith.constant dense<> : tensor<0xi64>
// CHECK:         tensor.expand_shape %{{.*}} [] output_shape [1] : tensor<i32> into tensor<1xi32>
func.func @casts(%x: tensor<4x?xi32>, %y: tensor<i32>) -> (tensor<*xi32>, tensor<*xi32>) {
  %a = tensor.cast %x : tensor<4x?xi32> to tensor<*xi32>
  %b = tensor.cast %y : tensor<i32> to tensor<*xi32>
  return %a, %b : tensor<*xi32>, tensor<*xi32>
}

// -----

/// A function that is called keeps its signature.
// CHECK-LABEL: func.func private @negative_called
// CHECK-SAME:    -> tensor<*xf32>
func.func private @negative_called(%x: tensor<*xf32>) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}
func.func @caller(%x: tensor<*xf32>) -> tensor<4xf32> {
  %r = func.call @negative_called(%x) : (tensor<*xf32>) -> tensor<*xf32>
  %c = tensor.cast %r : tensor<*xf32> to tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

/// Any other producer has no ranked source to return.
func.func @negative_argument(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'func.return' op cannot return result #0 of type 'tensor<*xf32>': expected a tensor.reshape (by an i64 shape) or a tensor.cast of a ranked tensor}}
  return %x : tensor<*xf32>
}
