func.func @empty_axes_sum_min(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %sum = reduce.sum %x axes [] : tensor<?x4xf32> -> tensor<?x4xf32>
  %min = reduce.min %x axes [] nan_mode ignore : tensor<?x4xf32> -> tensor<?x4xf32>
  return %sum, %min : tensor<?x4xf32>, tensor<?x4xf32>
}
