func.func @softmaxes(%x: tensor<4x?x16xf32>, %h: tensor<3x8xf16>) -> (tensor<4x?x16xf32>, tensor<4x?x16xf32>, tensor<3x8xf16>) {
  %a = reduce.softmax %x axis -1 : tensor<4x?x16xf32>
  %b = reduce.log_softmax %x axis 1 coerce_2d : tensor<4x?x16xf32>
  %c = reduce.softmax %h axis 0 : tensor<3x8xf16>
  return %a, %b, %c : tensor<4x?x16xf32>, tensor<4x?x16xf32>, tensor<3x8xf16>
}
