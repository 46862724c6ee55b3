func.func @missing_axes_keyword(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x [0] : tensor<6x12xf32> -> tensor<12xf32>
  return
}
