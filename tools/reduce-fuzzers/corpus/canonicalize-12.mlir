func.func @negative_non_unit_dims(%x: tensor<?x1xf32>, %y: tensor<3x1xf32>) -> (tensor<f32>, tensor<1xf32>) {
  %0 = reduce.sum %x axes [0, 1] : tensor<?x1xf32> -> tensor<f32>
  %1 = reduce.sum %y axes [0] : tensor<3x1xf32> -> tensor<1xf32>
  return %0, %1 : tensor<f32>, tensor<1xf32>
}
