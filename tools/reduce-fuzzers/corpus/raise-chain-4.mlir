
// Not merged: different NaN modes, different kinds, an intermediate with
// another use.
func.func @kept_apart(%f: tensor<4x8xf32>)
    -> (tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<4x1xf32>) {
  %e = tosa.reduce_max %f {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %g = tosa.reduce_max %e {axis = 0 : i32} : (tensor<4x1xf32>) -> tensor<1x1xf32>
  %i = tosa.reduce_min %f {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %j = tosa.reduce_max %i {axis = 0 : i32} : (tensor<4x1xf32>) -> tensor<1x1xf32>
  %k = tosa.reduce_sum %f {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %l = tosa.reduce_sum %k {axis = 0 : i32} : (tensor<4x1xf32>) -> tensor<1x1xf32>
  return %g, %j, %l, %k : tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<4x1xf32>
}

