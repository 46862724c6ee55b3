
// A named op with a reduction loop is not raised.
func.func @named_matmul(%l: tensor<4x5xf32>, %r: tensor<5x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %m = linalg.matmul ins(%l, %r : tensor<4x5xf32>, tensor<5x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %m : tensor<4x6xf32>
}
