func.func @element_type_mismatch(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<6xf16>
  return
}
