func.func @mvn_l2(%x: tensor<1x3x4x?xf32>, %y: tensor<6x5xf64>) -> (tensor<1x3x4x?xf32>, tensor<1x3x4x?xf32>, tensor<6x5xf64>, tensor<6x5xf64>) {
  %a = reduce.mvn %x axes [2, -1] normalize_variance epsilon 1.0e-09 eps_mode outside_sqrt : tensor<1x3x4x?xf32>
  %b = reduce.mvn %x axes [1] epsilon 1.0e-03 eps_mode inside_sqrt : tensor<1x3x4x?xf32>
  %c = reduce.normalize_l2 %y axes [] epsilon 1.0e-10 eps_mode add : tensor<6x5xf64>
  %d = reduce.normalize_l2 %y axes [0, 1] epsilon 1.0e+02 eps_mode max : tensor<6x5xf64>
  return %a, %b, %c, %d : tensor<1x3x4x?xf32>, tensor<1x3x4x?xf32>, tensor<6x5xf64>, tensor<6x5xf64>
}
