func.func @empty_axes_unranked(%x: tensor<*xi32>) -> tensor<*xi32> {
  %sum = reduce.sum %x axes [] : tensor<*xi32> -> tensor<*xi32>
  return %sum : tensor<*xi32>
}
