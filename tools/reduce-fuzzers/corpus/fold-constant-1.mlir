func.func @fold_special_floats() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<[[0x7FC00000, 1.0], [-0.0, 0.0], [0x7F800000, 0xFF800000], [0x7FC00000, 0x7FC00000]]> : tensor<4x2xf32>
  %sum = reduce.sum %c axes [1] : tensor<4x2xf32> -> tensor<4xf32>
  %l1 = reduce.l1 %c axes [1] : tensor<4x2xf32> -> tensor<4xf32>
  %min = reduce.min %c axes [1] : tensor<4x2xf32> -> tensor<4xf32>
  %min_ignore = reduce.min %c axes [1] nan_mode ignore : tensor<4x2xf32> -> tensor<4xf32>
  return %sum, %l1, %min, %min_ignore : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
