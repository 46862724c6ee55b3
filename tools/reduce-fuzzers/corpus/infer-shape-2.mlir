func.func @all_and_empty_axes(%x: tensor<2x3xi32>) {
  %0 = reduce.sum %x axes [0, 1] : tensor<2x3xi32> -> tensor<*xi32>
  %1 = reduce.sum %x axes [0, 1] keep_dims : tensor<2x3xi32> -> tensor<*xi32>
  %2 = reduce.l1 %x axes [] keep_dims : tensor<2x3xi32> -> tensor<*xi32>
  return
}
