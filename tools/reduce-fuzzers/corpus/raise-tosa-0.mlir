
// Each TOSA reduction becomes the reduce op of the same meaning over its
// axis, with keep_dims; nan_mode carries over for floats.

func.func @sum(%a: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %0 = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

