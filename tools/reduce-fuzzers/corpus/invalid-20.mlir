func.func @axes_operand_index(%x: tensor<6x12xf32>, %a: tensor<1xindex>) {
  %0 = reduce.min %x axes %a : tensor<6x12xf32>, tensor<1xindex> -> tensor<?xf32>
  return
}
