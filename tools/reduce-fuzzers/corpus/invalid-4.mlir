func.func @axis_beyond_i64(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x axes [9223372036854775808] : tensor<6x12xf32> -> tensor<f32>
  return
}
