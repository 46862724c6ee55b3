func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %r = reduce.sum %x axes [1] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
