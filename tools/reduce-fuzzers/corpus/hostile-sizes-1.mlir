func.func @main(%x: tensor<2x4611686018427387904x3xf32>, %y: tensor<?xf32>) -> (tensor<2x4611686018427387904x3xf32>, index) {
  %r = reduce.log_softmax %x axis 1 : tensor<2x4611686018427387904x3xf32>
  %c = arith.constant -1 : index
  %d = tensor.dim %y, %c : tensor<?xf32>
  return %r, %d : tensor<2x4611686018427387904x3xf32>, index
}
