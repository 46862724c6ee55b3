
// nan_mode is ignored by integer types, as the TOSA specification says.
func.func @min_int(%a: tensor<4x8xi8>) -> tensor<4x1xi8> {
  %0 = tosa.reduce_min %a {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<4x8xi8>) -> tensor<4x1xi8>
  return %0 : tensor<4x1xi8>
}

