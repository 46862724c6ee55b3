
func.func @all_any(%a: tensor<4x8xi1>) -> (tensor<4x1xi1>, tensor<1x8xi1>) {
  %0 = tosa.reduce_all %a {axis = 1 : i32} : (tensor<4x8xi1>) -> tensor<4x1xi1>
  %1 = tosa.reduce_any %a {axis = 0 : i32} : (tensor<4x8xi1>) -> tensor<1x8xi1>
  return %0, %1 : tensor<4x1xi1>, tensor<1x8xi1>
}

