func.func @fold_min_signed_zero() -> tensor<2xf64> {
  %c = arith.constant dense<[[0.0, -0.0], [-0.0, 0.0]]> : tensor<2x2xf64>
  %min = reduce.min %c axes [1] : tensor<2x2xf64> -> tensor<2xf64>
  return %min : tensor<2xf64>
}
