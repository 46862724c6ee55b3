
// The bf16 sum tosa-to-linalg writes: widened in the body, summed in f32,
// narrowed after. The widening is the term.
func.func @widened_sum(%a: tensor<4x8xbf16>) -> tensor<4x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%a : tensor<4x8xbf16>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: bf16, %acc: f32) {
      %w = arith.extf %in : bf16 to f32
      %s = arith.addf %w, %acc : f32
      linalg.yield %s : f32
    }
  %x = tensor.expand_shape %r [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
  return %x : tensor<4x1xf32>
}

