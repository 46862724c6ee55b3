// The OpenVINO specification examples of ReduceLogicalAnd-1 and
// ReduceLogicalOr-1 (boolean input 6x12x10x24, axes [2, 3], [1] and [-2],
// with and without keep_dims). test/Dialect/Reduce/spec-examples.mlir checks
// their shapes, test/Integration/examples.test their values against numpy
// and utils/run-examples.sh runs them.

func.func @spec_logical_and(%x: tensor<6x12x10x24xi1>) -> (tensor<6x12x1x1xi1>, tensor<6x12xi1>, tensor<6x1x10x24xi1>, tensor<6x10x24xi1>, tensor<6x12x1x24xi1>, tensor<6x12x24xi1>) {
  %logical_and_2_3_keep = reduce.logical_and %x axes [2, 3] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x12x1x1xi1>
  %logical_and_2_3 = reduce.logical_and %x axes [2, 3] : tensor<6x12x10x24xi1> -> tensor<6x12xi1>
  %logical_and_1_keep = reduce.logical_and %x axes [1] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x1x10x24xi1>
  %logical_and_1 = reduce.logical_and %x axes [1] : tensor<6x12x10x24xi1> -> tensor<6x10x24xi1>
  %logical_and_m2_keep = reduce.logical_and %x axes [-2] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x12x1x24xi1>
  %logical_and_m2 = reduce.logical_and %x axes [-2] : tensor<6x12x10x24xi1> -> tensor<6x12x24xi1>
  return %logical_and_2_3_keep, %logical_and_2_3, %logical_and_1_keep, %logical_and_1, %logical_and_m2_keep, %logical_and_m2 : tensor<6x12x1x1xi1>, tensor<6x12xi1>, tensor<6x1x10x24xi1>, tensor<6x10x24xi1>, tensor<6x12x1x24xi1>, tensor<6x12x24xi1>
}

func.func @spec_logical_or(%x: tensor<6x12x10x24xi1>) -> (tensor<6x12x1x1xi1>, tensor<6x12xi1>, tensor<6x1x10x24xi1>, tensor<6x10x24xi1>, tensor<6x12x1x24xi1>, tensor<6x12x24xi1>) {
  %logical_or_2_3_keep = reduce.logical_or %x axes [2, 3] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x12x1x1xi1>
  %logical_or_2_3 = reduce.logical_or %x axes [2, 3] : tensor<6x12x10x24xi1> -> tensor<6x12xi1>
  %logical_or_1_keep = reduce.logical_or %x axes [1] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x1x10x24xi1>
  %logical_or_1 = reduce.logical_or %x axes [1] : tensor<6x12x10x24xi1> -> tensor<6x10x24xi1>
  %logical_or_m2_keep = reduce.logical_or %x axes [-2] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x12x1x24xi1>
  %logical_or_m2 = reduce.logical_or %x axes [-2] : tensor<6x12x10x24xi1> -> tensor<6x12x24xi1>
  return %logical_or_2_3_keep, %logical_or_2_3, %logical_or_1_keep, %logical_or_1, %logical_or_m2_keep, %logical_or_m2 : tensor<6x12x1x1xi1>, tensor<6x12xi1>, tensor<6x1x10x24xi1>, tensor<6x10x24xi1>, tensor<6x12x1x24xi1>, tensor<6x12x24xi1>
}
