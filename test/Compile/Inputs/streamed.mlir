// Streamed inputs (8 MiB): a sum of rows and a NaN-propagating maximum of
// columns.
func.func @sum_rows(%x: tensor<2048x1024xf32>) -> tensor<2048xf32> {
  %r = reduce.sum %x axes [1] : tensor<2048x1024xf32> -> tensor<2048xf32>
  return %r : tensor<2048xf32>
}
func.func @max_cols(%x: tensor<2048x1024xf32>) -> tensor<1024xf32> {
  %r = reduce.max %x axes [0] : tensor<2048x1024xf32> -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
