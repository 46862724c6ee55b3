
func.func @max_ignore(%a: tensor<4x8xf32>) -> tensor<1x8xf32> {
  %0 = tosa.reduce_max %a {axis = 0 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

