func.func @axes_operand_result_contradicts(%x: tensor<6x12xf32>, %a: tensor<1xi64>) {
  %0 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return
}
