func.func @spec_sum(%x: tensor<6x12x10x24xf32>) -> (tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>) {
  %sum_2_3_keep = reduce.sum %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %sum_2_3 = reduce.sum %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  %sum_1_keep = reduce.sum %x axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
  %sum_1 = reduce.sum %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %sum_m2_keep = reduce.sum %x axes [-2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
  %sum_m2 = reduce.sum %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  return %sum_2_3_keep, %sum_2_3, %sum_1_keep, %sum_1, %sum_m2_keep, %sum_m2 : tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>
}

func.func @spec_l1(%x: tensor<6x12x10x24xf32>) -> (tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>) {
  %l1_2_3_keep = reduce.l1 %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %l1_2_3 = reduce.l1 %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  %l1_1_keep = reduce.l1 %x axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
  %l1_1 = reduce.l1 %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %l1_m2_keep = reduce.l1 %x axes [-2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
  %l1_m2 = reduce.l1 %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  return %l1_2_3_keep, %l1_2_3, %l1_1_keep, %l1_1, %l1_m2_keep, %l1_m2 : tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>
}

func.func @spec_min(%x: tensor<6x12x10x24xf32>) -> (tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>) {
  %min_2_3_keep = reduce.min %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %min_2_3 = reduce.min %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  %min_1_keep = reduce.min %x axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
  %min_1 = reduce.min %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %min_m2_keep = reduce.min %x axes [-2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
  %min_m2 = reduce.min %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  return %min_2_3_keep, %min_2_3, %min_1_keep, %min_1, %min_m2_keep, %min_m2 : tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>
}
