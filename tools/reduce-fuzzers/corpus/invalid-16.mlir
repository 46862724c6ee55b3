func.func @signed_integer(%x: tensor<4xsi32>) {
  %0 = reduce.sum %x axes [0] : tensor<4xsi32> -> tensor<si32>
  return
}
