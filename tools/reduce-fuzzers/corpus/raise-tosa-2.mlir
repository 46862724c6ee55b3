
func.func @product(%a: tensor<2x3x4xbf16>) -> tensor<2x3x1xbf16> {
  %0 = tosa.reduce_product %a {axis = 2 : i32} : (tensor<2x3x4xbf16>) -> tensor<2x3x1xbf16>
  return %0 : tensor<2x3x1xbf16>
}

