
// maximumf propagates NaN; -inf is its identity.
func.func @max_identity(%a: tensor<?x8xf64>) -> tensor<8xf64> {
  %cst = arith.constant 0xFFF0000000000000 : f64
  %e = tensor.empty() : tensor<8xf64>
  %f = linalg.fill ins(%cst : f64) outs(%e : tensor<8xf64>) -> tensor<8xf64>
  %r = linalg.reduce ins(%a : tensor<?x8xf64>) outs(%f : tensor<8xf64>) dimensions = [0]
    (%in: f64, %acc: f64) {
      %s = arith.maximumf %in, %acc : f64
      linalg.yield %s : f64
    }
  return %r : tensor<8xf64>
}

