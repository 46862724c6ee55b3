func.func @compatible_written_types(%x: tensor<6x12xf32>, %a: tensor<1xi64>) {
  %0 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<?xf32>
  %1 = reduce.sum %x axes [1] keep_dims : tensor<6x12xf32> -> tensor<?x1xf32>
  %2 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xi64> -> tensor<?xf32>
  return
}
