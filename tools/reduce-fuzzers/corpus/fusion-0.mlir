func.func @dot(%x: tensor<64x128xf32>, %y: tensor<64x128xf32>) -> tensor<64xf32> {
  %p = arith.mulf %x, %y : tensor<64x128xf32>
  %r = reduce.sum %p axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}
