func.func @apart(%x: tensor<64x128xf32>) -> (tensor<128xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<64xf32>) {
  %a = reduce.sum %x axes [0] : tensor<64x128xf32> -> tensor<128xf32>
  %b = reduce.max %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %p = math.absf %x : tensor<64x128xf32>
  %c = reduce.sum %p axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %a, %b, %p, %c : tensor<128xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<64xf32>
}
