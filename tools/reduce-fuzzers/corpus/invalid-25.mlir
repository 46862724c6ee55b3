func.func @empty_axes_all_with_static_axes(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x axes [] empty_axes all : tensor<6x12xf32> -> tensor<6x12xf32>
  return
}
