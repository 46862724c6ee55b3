
// A compare and select is neither NaN form of max.
func.func @compare_select(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %c = arith.cmpf ogt, %in, %acc : f32
      %s = arith.select %c, %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

