func.func @non_numeric_f8(%x: tensor<4xf8E4M3FN>) {
  %0 = reduce.sum %x axes [0] : tensor<4xf8E4M3FN> -> tensor<f8E4M3FN>
  return
}
