
func.func @min_ignore_dynamic(%a: tensor<?x?xf32>) -> tensor<?x1xf32> {
  %0 = tosa.reduce_min %a {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

