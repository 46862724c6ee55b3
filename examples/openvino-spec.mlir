// The OpenVINO specification examples (input 6x12x10x24, axes [2, 3], [1]
// and [-2], with and without keep_dims) of ReduceSum-1, ReduceL1-4,
// ReduceMin-1, ReduceMax-1, ReduceProd-1, ReduceMean-1 and ReduceL2-4: a
// function per op. `utils/run-examples.sh` runs each of them;
// test/Dialect/Reduce/spec-examples.mlir checks the shapes of all of them
// and test/Integration/examples.test runs them. ReduceLogicalAnd-1 and
// ReduceLogicalOr-1 are in openvino-spec-logical.mlir.

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

func.func @spec_max(%x: tensor<6x12x10x24xf32>) -> (tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>) {
  %max_2_3_keep = reduce.max %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %max_2_3 = reduce.max %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  %max_1_keep = reduce.max %x axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
  %max_1 = reduce.max %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %max_m2_keep = reduce.max %x axes [-2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
  %max_m2 = reduce.max %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  return %max_2_3_keep, %max_2_3, %max_1_keep, %max_1, %max_m2_keep, %max_m2 : tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>
}

func.func @spec_prod(%x: tensor<6x12x10x24xf32>) -> (tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>) {
  %prod_2_3_keep = reduce.prod %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %prod_2_3 = reduce.prod %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  %prod_1_keep = reduce.prod %x axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
  %prod_1 = reduce.prod %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %prod_m2_keep = reduce.prod %x axes [-2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
  %prod_m2 = reduce.prod %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  return %prod_2_3_keep, %prod_2_3, %prod_1_keep, %prod_1, %prod_m2_keep, %prod_m2 : tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>
}

func.func @spec_mean(%x: tensor<6x12x10x24xf32>) -> (tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>) {
  %mean_2_3_keep = reduce.mean %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %mean_2_3 = reduce.mean %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  %mean_1_keep = reduce.mean %x axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
  %mean_1 = reduce.mean %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %mean_m2_keep = reduce.mean %x axes [-2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
  %mean_m2 = reduce.mean %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  return %mean_2_3_keep, %mean_2_3, %mean_1_keep, %mean_1, %mean_m2_keep, %mean_m2 : tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>
}

func.func @spec_l2(%x: tensor<6x12x10x24xf32>) -> (tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>) {
  %l2_2_3_keep = reduce.l2 %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %l2_2_3 = reduce.l2 %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  %l2_1_keep = reduce.l2 %x axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
  %l2_1 = reduce.l2 %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %l2_m2_keep = reduce.l2 %x axes [-2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
  %l2_m2 = reduce.l2 %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  return %l2_2_3_keep, %l2_2_3, %l2_1_keep, %l2_1, %l2_m2_keep, %l2_m2 : tensor<6x12x1x1xf32>, tensor<6x12xf32>, tensor<6x1x10x24xf32>, tensor<6x10x24xf32>, tensor<6x12x1x24xf32>, tensor<6x12x24xf32>
}
