func.func @fold_size_zero() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xui8>, tensor<0xf32>) {
  %f = arith.constant dense<> : tensor<0x3xf32>
  %i = arith.constant dense<> : tensor<0x3xi32>
  %u = arith.constant dense<> : tensor<0x3xui8>
  %0 = reduce.l1 %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %1 = reduce.min %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %2 = reduce.sum %i axes [0] : tensor<0x3xi32> -> tensor<3xi32>
  %3 = reduce.min %i axes [0] : tensor<0x3xi32> -> tensor<3xi32>
  %4 = reduce.min %u axes [0] : tensor<0x3xui8> -> tensor<3xui8>
  %5 = reduce.sum %f axes [1] : tensor<0x3xf32> -> tensor<0xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xui8>, tensor<0xf32>
}
