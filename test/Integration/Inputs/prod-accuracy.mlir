// The kernels of prod-accuracy.test: a product over all of 2^20 elements and
// one over rows of 1024.
func.func @main(%x: tensor<1048576xf32>) -> (tensor<f32>, tensor<1024xf32>) {
  %all = reduce.prod %x axes [0] : tensor<1048576xf32> -> tensor<f32>
  %m = tensor.expand_shape %x [[0, 1]] output_shape [1024, 1024] : tensor<1048576xf32> into tensor<1024x1024xf32>
  %rows = reduce.prod %m axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %all, %rows : tensor<f32>, tensor<1024xf32>
}
