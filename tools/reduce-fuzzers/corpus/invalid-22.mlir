func.func @axes_operand_on_rank0(%x: tensor<f32>, %a: tensor<i64>) {
  %0 = reduce.sum %x axes %a : tensor<f32>, tensor<i64> -> tensor<*xf32>
  return
}
