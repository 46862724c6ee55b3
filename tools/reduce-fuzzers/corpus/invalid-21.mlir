func.func @axes_operand_rank2(%x: tensor<6x12xf32>, %a: tensor<1x1xi64>) {
  %0 = reduce.l1 %x axes %a : tensor<6x12xf32>, tensor<1x1xi64> -> tensor<*xf32>
  return
}
