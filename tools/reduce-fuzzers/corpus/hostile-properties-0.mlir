func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x3xf32>) {
  %s = "reduce.softmax"(%x) {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = "reduce.max"(%x) <{axes = array<i64: 1>, keep_dims}> {nan_mode = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %n = "reduce.mvn"(%x) <{axes = array<i64: 1>, epsilon = 1.0e-05 : f64, eps_mode = 0 : i32}> {normalize_variance} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %s, %m, %n : tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x3xf32>
}
