// Streamed inputs (8 MiB) reduced along their rows: a sum and a
// NaN-propagating maximum.
func.func @sum_rows(%x: tensor<2048x1024xf32>) -> tensor<2048xf32> {
  %r = reduce.sum %x axes [1] : tensor<2048x1024xf32> -> tensor<2048xf32>
  return %r : tensor<2048xf32>
}
func.func @max_rows(%x: tensor<2048x1024xf32>) -> tensor<2048xf32> {
  %r = reduce.max %x axes [1] : tensor<2048x1024xf32> -> tensor<2048xf32>
  return %r : tensor<2048xf32>
}
