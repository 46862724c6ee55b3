func.func @not_a_tensor(%x: memref<4xf32>) {
  %0 = reduce.sum %x axes [0] : memref<4xf32> -> tensor<f32>
  return
}
