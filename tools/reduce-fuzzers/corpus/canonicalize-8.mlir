func.func @negative_constant_axis_out_of_range(%x: tensor<4x5xf32>) -> tensor<?xf32> {
  %a = arith.constant dense<[2]> : tensor<1xi64>
  %0 = reduce.sum %x axes %a : tensor<4x5xf32>, tensor<1xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
