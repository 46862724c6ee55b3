func.func @unit_dims(%x: tensor<?x1x4x1xf32>) -> (tensor<?x4xf32>, tensor<?x1x4x1xf32>) {
  %0 = reduce.min %x axes [1, 3] : tensor<?x1x4x1xf32> -> tensor<?x4xf32>
  %1 = reduce.sum %x axes [-1, 1] keep_dims : tensor<?x1x4x1xf32> -> tensor<?x1x4x1xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x1x4x1xf32>
}
