func.func @normalize_axes(%x: tensor<6x12x10x24xf32>) -> (tensor<12x10xf32>, tensor<6x1x1x24xf32>) {
  %0 = reduce.sum %x axes [-1, 0] : tensor<6x12x10x24xf32> -> tensor<12x10xf32>
  %1 = reduce.min %x axes [-2, 1] keep_dims nan_mode ignore : tensor<6x12x10x24xf32> -> tensor<6x1x1x24xf32>
  return %0, %1 : tensor<12x10xf32>, tensor<6x1x1x24xf32>
}
