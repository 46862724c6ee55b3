func.func @main(%x: tensor<2x3xi32>) -> (tensor<2xi32>, tensor<2x3xf32>) {
  %l = "reduce.l2"(%x) <{axes = array<i64: 1>, rounding = 1 : i32}> : (tensor<2x3xi32>) -> tensor<2xi32>
  %f = arith.sitofp %x : tensor<2x3xi32> to tensor<2x3xf32>
  %s = "reduce.log_softmax"(%f) <{axis = -1 : i64, coerce_2d}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %l, %s : tensor<2xi32>, tensor<2x3xf32>
}
