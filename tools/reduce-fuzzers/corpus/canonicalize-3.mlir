func.func @empty_axes_less_static_result(%x: tensor<2x3xf32>) -> tensor<?x3xf32> {
  %0 = reduce.sum %x axes [] : tensor<2x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
