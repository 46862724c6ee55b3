// RUN: reduce-opt %s --resolve-ranked-shaped-type-result-dims --canonicalize --cse | FileCheck %s

/// ReifyRankedShapedTypeOpInterface: tensor.dim of a reduction result is
/// answered from the input, without computing the reduction.

// CHECK-LABEL: func @dim_of_reduction
// CHECK-SAME:    (%[[X:.*]]: tensor<?x4x?xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-DAG:     %[[D2:.*]] = tensor.dim %[[X]], %[[C2]]
// CHECK-NOT:     reduce.
// CHECK:         return %[[D0]], %[[D2]], %[[C1]], %[[D2]]
func.func @dim_of_reduction(%x: tensor<?x4x?xf32>) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = reduce.sum %x axes [1] : tensor<?x4x?xf32> -> tensor<?x?xf32>
  %d0 = tensor.dim %r, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?xf32>
  %k = reduce.min %x axes [0] keep_dims : tensor<?x4x?xf32> -> tensor<?x?x?xf32>
  %k0 = tensor.dim %k, %c0 : tensor<?x?x?xf32>
  %k2 = tensor.dim %k, %c2 : tensor<?x?x?xf32>
  return %d0, %d1, %k0, %k2 : index, index, index, index
}

/// With a runtime axes operand the shape is not reified.
// CHECK-LABEL: func @negative_dim_of_runtime_axes
// CHECK:         %[[R:.*]] = reduce.l1
// CHECK:         tensor.dim %[[R]]
func.func @negative_dim_of_runtime_axes(%x: tensor<?x4xf32>, %a: tensor<?xi64>) -> index {
  %c0 = arith.constant 0 : index
  %r = reduce.l1 %x axes %a keep_dims : tensor<?x4xf32>, tensor<?xi64> -> tensor<?x?xf32>
  %d = tensor.dim %r, %c0 : tensor<?x?xf32>
  return %d : index
}
