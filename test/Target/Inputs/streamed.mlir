func.func @sum_rows(%x: tensor<512x1024xf32>) -> tensor<512xf32> {
  %r = reduce.sum %x axes [1] : tensor<512x1024xf32> -> tensor<512xf32>
  return %r : tensor<512xf32>
}
func.func @min_rows(%x: tensor<512x1024xf32>) -> tensor<512xf32> {
  %r = reduce.min %x axes [1] : tensor<512x1024xf32> -> tensor<512xf32>
  return %r : tensor<512xf32>
}
func.func @sum_cols(%x: tensor<512x1024xf32>) -> tensor<1024xf32> {
  %r = reduce.sum %x axes [0] : tensor<512x1024xf32> -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
func.func @min_cols(%x: tensor<512x1024xf32>) -> tensor<1024xf32> {
  %r = reduce.min %x axes [0] : tensor<512x1024xf32> -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
