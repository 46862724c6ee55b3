// The fused min and max, and the fused mean and variance (its shifted sums),
// of rows streamed from memory (4 MiB): fused-row-streams.test.
func.func @min_max(%x: tensor<1024x1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %min = reduce.min %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  %max = reduce.max %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %min, %max : tensor<1024xf32>, tensor<1024xf32>
}

func.func @mean_var(%x: tensor<1024x1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %mean = reduce.mean %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  %init = tensor.empty() : tensor<1024x1024xf32>
  %meanb = linalg.broadcast ins(%mean : tensor<1024xf32>) outs(%init : tensor<1024x1024xf32>) dimensions = [1]
  %d = arith.subf %x, %meanb : tensor<1024x1024xf32>
  %d2 = arith.mulf %d, %d : tensor<1024x1024xf32>
  %var = reduce.mean %d2 axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %mean, %var : tensor<1024xf32>, tensor<1024xf32>
}
