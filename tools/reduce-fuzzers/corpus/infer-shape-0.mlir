func.func @static_dims(%x: tensor<6x12x10x24xf32>) {
  %0 = reduce.sum %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<*xf32>
  %1 = reduce.sum %x axes [3, 2] keep_dims : tensor<6x12x10x24xf32> -> tensor<*xf32>
  %2 = reduce.l1 %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<*xf32>
  %3 = reduce.min %x axes [-3] keep_dims : tensor<6x12x10x24xf32> -> tensor<*xf32>
  return
}
