
// An expand_shape that splits a kept dim is not keep_dims.
func.func @not_keep_dims(%a: tensor<4x8xf32>) -> tensor<2x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %x = tensor.expand_shape %r [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  return %x : tensor<2x2xf32>
}
