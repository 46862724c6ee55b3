// RUN: reduce-opt --lower-reduce %s | FileCheck %s

// Constant axes operands are lowered by value: duplicates merge, an empty
// tensor follows `empty_axes`, a 0-D tensor names one axis, and the written
// (less static) result type is restored with tensor.cast.

/// A constant axes operand is read by value; duplicates (-1 and 1) merge.
// CHECK-LABEL: func.func @sum_constant_axes_operand_duplicates(
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<4xf32>) dimensions = [1]
// CHECK:         %[[CAST:.*]] = tensor.cast %[[SUM]] : tensor<4xf32> to tensor<*xf32>
// CHECK:         return %[[CAST]]
func.func @sum_constant_axes_operand_duplicates(%input: tensor<4x8xf32>) -> tensor<*xf32> {
  %axes = arith.constant dense<[-1, 1]> : tensor<2xi32>
  %0 = reduce.sum %input axes %axes : tensor<4x8xf32>, tensor<2xi32> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

/// An empty constant axes tensor with `empty_axes all` reduces every dim.
// CHECK-LABEL: func.func @min_constant_empty_axes_all(
// CHECK:         %[[MAX:.*]] = arith.constant 127 : i8
// CHECK:         linalg.fill ins(%[[MAX]] : i8) outs(%{{.*}} : tensor<i8>)
// CHECK:         %[[MIN:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xi8>) outs(%{{.*}} : tensor<i8>) dimensions = [0, 1]
// CHECK:           arith.minsi
// CHECK:         tensor.cast %[[MIN]] : tensor<i8> to tensor<*xi8>
func.func @min_constant_empty_axes_all(%input: tensor<4x8xi8>) -> tensor<*xi8> {
  %axes = arith.constant dense<> : tensor<0xi64>
  %0 = reduce.min %input axes %axes empty_axes all : tensor<4x8xi8>, tensor<0xi64> -> tensor<*xi8>
  return %0 : tensor<*xi8>
}

/// An empty constant axes tensor with the default `empty_axes noop` reduces
/// nothing: the elementwise |x| for l1.
// CHECK-LABEL: func.func @l1_constant_empty_axes_noop(
// CHECK-NOT:     linalg.reduce
// CHECK:         %[[ABS:.*]] = linalg.map { math.absf } ins(%{{.*}} : tensor<4xf32>)
// CHECK:         tensor.cast %[[ABS]] : tensor<4xf32> to tensor<*xf32>
func.func @l1_constant_empty_axes_noop(%input: tensor<4xf32>) -> tensor<*xf32> {
  %axes = arith.constant dense<> : tensor<0xi64>
  %0 = reduce.l1 %input axes %axes : tensor<4xf32>, tensor<0xi64> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

/// A 0-D constant axes operand names one axis.
// CHECK-LABEL: func.func @sum_constant_scalar_axis_keep_dims(
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xi64>) outs(%{{.*}} : tensor<8xi64>) dimensions = [0]
// CHECK:         %[[EXPANDED:.*]] = tensor.expand_shape %[[SUM]] {{\[}}[0, 1]] output_shape [1, 8] : tensor<8xi64> into tensor<1x8xi64>
// CHECK:         tensor.cast %[[EXPANDED]] : tensor<1x8xi64> to tensor<?x?xi64>
func.func @sum_constant_scalar_axis_keep_dims(%input: tensor<4x8xi64>) -> tensor<?x?xi64> {
  %axes = arith.constant dense<0> : tensor<i64>
  %0 = reduce.sum %input axes %axes keep_dims : tensor<4x8xi64>, tensor<i64> -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}
