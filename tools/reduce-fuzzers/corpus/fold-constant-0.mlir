func.func @fold_f32() -> (tensor<2xf32>, tensor<2xf32>, tensor<1x3xf32>, tensor<f32>) {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]]> : tensor<2x3xf32>
  %n = arith.constant dense<[[1.0, -2.0, 3.0], [-4.0, -5.0, 6.0]]> : tensor<2x3xf32>
  %sum = reduce.sum %c axes [1] : tensor<2x3xf32> -> tensor<2xf32>
  %l1 = reduce.l1 %n axes [-1] : tensor<2x3xf32> -> tensor<2xf32>
  %min = reduce.min %n axes [0] keep_dims : tensor<2x3xf32> -> tensor<1x3xf32>
  %all = reduce.sum %n axes [0, 1] : tensor<2x3xf32> -> tensor<f32>
  return %sum, %l1, %min, %all : tensor<2xf32>, tensor<2xf32>, tensor<1x3xf32>, tensor<f32>
}
