func.func @nan_mode_on_sum(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x axes [0] nan_mode ignore : tensor<6x12xf32> -> tensor<12xf32>
  return
}
