func.func @duplicate_negative_axes(%x: tensor<6x12x10x24xf32>) {
  %0 = reduce.min %x axes [3, -1] : tensor<6x12x10x24xf32> -> tensor<6x12x10xf32>
  return
}
