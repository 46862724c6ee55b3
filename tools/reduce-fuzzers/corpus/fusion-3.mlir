func.func @sum_min(%x: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %a = reduce.sum %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %b = reduce.min %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %a, %b : tensor<64xf32>, tensor<64xf32>
}
