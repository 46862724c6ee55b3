func.func @axis_out_of_range_low(%x: tensor<6x12xf32>) {
  %0 = reduce.l1 %x axes [0, -3] : tensor<6x12xf32> -> tensor<f32>
  return
}
