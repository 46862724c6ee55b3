
// A result type less static than the inferred one is kept through a cast.
func.func @less_static_result(%a: tensor<4x8xf32>) -> tensor<?x1xf32> {
  %0 = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

