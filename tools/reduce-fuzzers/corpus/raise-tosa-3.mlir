
func.func @max_propagate(%a: tensor<4x8xf16>) -> tensor<4x1xf16> {
  %0 = tosa.reduce_max %a {axis = 1 : i32, nan_mode = #tosa<nan_mode<PROPAGATE>>} : (tensor<4x8xf16>) -> tensor<4x1xf16>
  return %0 : tensor<4x1xf16>
}

