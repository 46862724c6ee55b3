func.func @odd_integer_width(%x: tensor<4xi7>) {
  %0 = reduce.sum %x axes [0] : tensor<4xi7> -> tensor<i7>
  return
}
