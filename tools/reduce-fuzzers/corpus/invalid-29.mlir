func.func @bad_axes_syntax(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x axes 0 : tensor<6x12xf32> -> tensor<12xf32>
  return
}
