
// tosa-to-linalg starts a min at the largest finite float: the init is
// combined with the result, so that a row of +inf still gives it.
func.func @min_finite_init(%a: tensor<?x8xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?x8xf32>
  %cst = arith.constant 3.40282347E+38 : f32
  %e = tensor.empty(%d) : tensor<?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%a : tensor<?x8xf32>) outs(%f : tensor<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.minimumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32>
}

