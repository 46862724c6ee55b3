func.func @bad_empty_axes(%x: tensor<6x12xf32>, %a: tensor<?xi64>) {
  %0 = reduce.sum %x axes %a empty_axes some : tensor<6x12xf32>, tensor<?xi64> -> tensor<*xf32>
  return
}
