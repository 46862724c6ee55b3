func.func @non_numeric_i1(%x: tensor<4xi1>) {
  %0 = reduce.sum %x axes [0] : tensor<4xi1> -> tensor<i1>
  return
}
