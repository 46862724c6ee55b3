func.func @main(%x: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %r = reduce.sum %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
