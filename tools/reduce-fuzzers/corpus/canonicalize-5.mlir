func.func @constant_axes_operand(%x: tensor<6x12xf32>) -> tensor<?xf32> {
  %a = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
