func.func @both_axes_forms(%x: tensor<6x12xf32>, %a: tensor<1xi64>) {
  %0 = "reduce.sum"(%x, %a) <{axes = array<i64: 0>}> : (tensor<6x12xf32>, tensor<1xi64>) -> tensor<12xf32>
  return
}
