func.func @dynamic_dims(%x: tensor<?x4x?xf32>) {
  %0 = reduce.sum %x axes [1] : tensor<?x4x?xf32> -> tensor<*xf32>
  %1 = reduce.sum %x axes [1] keep_dims : tensor<?x4x?xf32> -> tensor<*xf32>
  %2 = reduce.min %x axes [0, -1] : tensor<?x4x?xf32> -> tensor<*xf32>
  return
}
