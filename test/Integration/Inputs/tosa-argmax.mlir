// tosa.argmax raised to reduce.argmax (tosa-argmax.test).

func.func @propagate(%x: tensor<3x4xf32>) -> tensor<3xi32> {
  %r = tosa.argmax %x {axis = 1 : i32} : (tensor<3x4xf32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

func.func @ignore(%x: tensor<3x4xf32>) -> tensor<3xi64> {
  %r = tosa.argmax %x {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<3x4xf32>) -> tensor<3xi64>
  return %r : tensor<3xi64>
}

func.func @columns_i8(%x: tensor<3x4xi8>) -> tensor<4xi32> {
  %r = tosa.argmax %x {axis = 0 : i32} : (tensor<3x4xi8>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}
