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

func.func @negative_dim_of_runtime_axes(%x: tensor<?x4xf32>, %a: tensor<?xi64>) -> index {
  %c0 = arith.constant 0 : index
  %r = reduce.l1 %x axes %a keep_dims : tensor<?x4xf32>, tensor<?xi64> -> tensor<?x?xf32>
  %d = tensor.dim %r, %c0 : tensor<?x?xf32>
  return %d : index
}
