func.func @main(%x: tensor<7x37xf32>, %i: tensor<6x20xi8>) -> (tensor<7xi64>, tensor<1x37xi32>, tensor<7x37xf32>, tensor<6x20xi8>, tensor<7xf32>) {
  %a = reduce.argmax %x axis 1 : tensor<7x37xf32> -> tensor<7xi64>
  %b = reduce.argmin %x axis -2 keep_dims select_last_index nan_mode ignore : tensor<7x37xf32> -> tensor<1x37xi32>
  %c = reduce.cumsum %x axis 1 exclusive reverse : tensor<7x37xf32>
  %d = reduce.cummax %i axis 0 : tensor<6x20xi8>
  %m = reduce.max %x axes [1] : tensor<7x37xf32> -> tensor<7xf32>
  return %a, %b, %c, %d, %m : tensor<7xi64>, tensor<1x37xi32>, tensor<7x37xf32>, tensor<6x20xi8>, tensor<7xf32>
}
