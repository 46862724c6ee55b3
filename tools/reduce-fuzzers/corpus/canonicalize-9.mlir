func.func @negative_runtime_axes(%x: tensor<4x5xf32>, %a: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = reduce.l1 %x axes %a keep_dims : tensor<4x5xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
