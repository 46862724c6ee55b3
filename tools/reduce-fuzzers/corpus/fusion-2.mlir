func.func @sum_sumsq(%x: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %a = reduce.sum %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %q = arith.mulf %x, %x : tensor<64x128xf32>
  %b = reduce.sum %q axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %a, %b : tensor<64xf32>, tensor<64xf32>
}
