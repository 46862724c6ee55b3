func.func @non_numeric_index(%x: tensor<4xindex>) {
  %0 = reduce.min %x axes [0] : tensor<4xindex> -> tensor<index>
  return
}
