func.func @constant_empty_axes(%x: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<*xf32>) {
  %e = arith.constant dense<> : tensor<0xi64>
  %0 = reduce.sum %x axes %e : tensor<4x5xf32>, tensor<0xi64> -> tensor<4x5xf32>
  %1 = reduce.sum %x axes %e empty_axes all : tensor<4x5xf32>, tensor<0xi64> -> tensor<*xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<*xf32>
}
