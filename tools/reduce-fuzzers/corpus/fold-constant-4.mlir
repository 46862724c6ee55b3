func.func @fold_signed_integers() -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
  %c = arith.constant dense<[[100, 100], [-128, 0]]> : tensor<2x2xi8>
  %d = arith.constant dense<[[100, 100], [-128, 1]]> : tensor<2x2xi8>
  %sum = reduce.sum %c axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  %l1 = reduce.l1 %d axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  %min = reduce.min %c axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  return %sum, %l1, %min : tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
}
