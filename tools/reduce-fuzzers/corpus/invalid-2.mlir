func.func @axis_on_rank0(%x: tensor<f32>) {
  %0 = reduce.min %x axes [0] : tensor<f32> -> tensor<f32>
  return
}
