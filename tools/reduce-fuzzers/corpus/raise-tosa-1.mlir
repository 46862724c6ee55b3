
func.func @sum_i32(%a: tensor<3x5xi32>) -> tensor<1x5xi32> {
  %0 = tosa.reduce_sum %a {axis = 0 : i32} : (tensor<3x5xi32>) -> tensor<1x5xi32>
  return %0 : tensor<1x5xi32>
}

