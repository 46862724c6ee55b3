func.func @constant_axes_duplicates(%x: tensor<4x5x6xi32>) -> (tensor<?x?x?xi32>, tensor<*xi32>) {
  %a = arith.constant dense<[2, -1, 0, -3]> : tensor<4xi32>
  %0 = reduce.min %x axes %a keep_dims nan_mode ignore : tensor<4x5x6xi32>, tensor<4xi32> -> tensor<?x?x?xi32>
  %b = arith.constant dense<1> : tensor<i8>
  %1 = reduce.l1 %x axes %b : tensor<4x5x6xi32>, tensor<i8> -> tensor<*xi32>
  return %0, %1 : tensor<?x?x?xi32>, tensor<*xi32>
}
