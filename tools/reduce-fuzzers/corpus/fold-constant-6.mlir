func.func @fold_i64() -> tensor<i64> {
  %c = arith.constant dense<[9223372036854775807, 1]> : tensor<2xi64>
  %sum = reduce.sum %c axes [0] : tensor<2xi64> -> tensor<i64>
  return %sum : tensor<i64>
}
