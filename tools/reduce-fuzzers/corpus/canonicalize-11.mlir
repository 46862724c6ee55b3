func.func @unit_dims_l1(%x: tensor<1x1x3xi16>, %y: tensor<1x1xf32>) -> (tensor<3xi16>, tensor<f32>) {
  %0 = reduce.l1 %x axes [0, 1] : tensor<1x1x3xi16> -> tensor<3xi16>
  %1 = reduce.l1 %y axes [0, 1] : tensor<1x1xf32> -> tensor<f32>
  return %0, %1 : tensor<3xi16>, tensor<f32>
}
