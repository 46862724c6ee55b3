
// A splat constant init, an integer product over two dims of three.
func.func @reduce_prod_i64(%a: tensor<2x3x4xi64>) -> tensor<3xi64> {
  %one = arith.constant dense<1> : tensor<3xi64>
  %r = linalg.reduce ins(%a : tensor<2x3x4xi64>) outs(%one : tensor<3xi64>) dimensions = [0, 2]
    (%in: i64, %acc: i64) {
      %s = arith.muli %in, %acc : i64
      linalg.yield %s : i64
    }
  return %r : tensor<3xi64>
}

