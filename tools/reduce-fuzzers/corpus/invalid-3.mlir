func.func @axis_i64_max(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x axes [9223372036854775807] : tensor<6x12xf32> -> tensor<f32>
  return
}
