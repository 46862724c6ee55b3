func.func @result_shape_mismatch(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<12xf32>
  return
}
