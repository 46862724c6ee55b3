func.func @duplicate_axes(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x axes [1, 1] : tensor<6x12xf32> -> tensor<6xf32>
  return
}
