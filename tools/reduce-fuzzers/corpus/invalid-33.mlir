func.func @axes_attr_wrong_kind(%x: tensor<6x12xf32>) {
  %0 = "reduce.sum"(%x) <{axes = [0 : i64]}> : (tensor<6x12xf32>) -> tensor<12xf32>
  return
}
