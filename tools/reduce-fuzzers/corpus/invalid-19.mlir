func.func @axes_operand_float(%x: tensor<6x12xf32>, %a: tensor<1xf32>) {
  %0 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xf32> -> tensor<?xf32>
  return
}
