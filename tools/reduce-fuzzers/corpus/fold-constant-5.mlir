func.func @fold_unsigned_integers() -> (tensor<2xui8>, tensor<2xui8>, tensor<2xui8>, tensor<2xui32>) {
  %c = arith.constant dense<[[200, 100], [255, 1]]> : tensor<2x2xui8>
  %w = arith.constant dense<[[4294967295, 7], [4294967295, 4294967295]]> : tensor<2x2xui32>
  %sum = reduce.sum %c axes [1] : tensor<2x2xui8> -> tensor<2xui8>
  %l1 = reduce.l1 %c axes [1] : tensor<2x2xui8> -> tensor<2xui8>
  %min = reduce.min %c axes [1] : tensor<2x2xui8> -> tensor<2xui8>
  %wmin = reduce.min %w axes [1] : tensor<2x2xui32> -> tensor<2xui32>
  return %sum, %l1, %min, %wmin : tensor<2xui8>, tensor<2xui8>, tensor<2xui8>, tensor<2xui32>
}
