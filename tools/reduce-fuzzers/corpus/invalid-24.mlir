func.func @axes_operand_unknown_count(%x: tensor<6x12xf32>, %a: tensor<2xi64>) {
  %0 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<2xi64> -> tensor<?xf32>
  return
}
