func.func @axis_out_of_range_high(%x: tensor<6x12x10x24xf32>) {
  %0 = reduce.sum %x axes [4] : tensor<6x12x10x24xf32> -> tensor<6x12x10x24xf32>
  return
}
