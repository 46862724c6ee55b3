func.func @main(%x: tensor<4611686018427387904x2xf32>, %e: tensor<0x4611686018427387904x4xf32>) -> (tensor<2xf32>, tensor<4611686018427387904x4xf32>) {
  %m = reduce.mean %x axes [0] : tensor<4611686018427387904x2xf32> -> tensor<2xf32>
  %s = reduce.sum %e axes [0] : tensor<0x4611686018427387904x4xf32> -> tensor<4611686018427387904x4xf32>
  return %m, %s : tensor<2xf32>, tensor<4611686018427387904x4xf32>
}
