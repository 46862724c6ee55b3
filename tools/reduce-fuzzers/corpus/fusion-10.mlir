func.func @softmax_apart(%x: tensor<64x?xf32>, %y: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<128xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<64x?xf32>
  %m = reduce.max %x axes [1] : tensor<64x?xf32> -> tensor<64xf32>
  %e0 = tensor.empty(%n) : tensor<64x?xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x?xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x?xf32>
  %ex = math.exp %d : tensor<64x?xf32>
  %s = reduce.sum %ex axes [1] : tensor<64x?xf32> -> tensor<64xf32>
  %my = reduce.max %y axes [0] : tensor<64x128xf32> -> tensor<128xf32>
  %e1 = tensor.empty() : tensor<64x128xf32>
  %myb = linalg.broadcast ins(%my : tensor<128xf32>) outs(%e1 : tensor<64x128xf32>) dimensions = [0]
  %dy = arith.subf %y, %myb : tensor<64x128xf32>
  %exy = math.exp %dy : tensor<64x128xf32>
  %sy = reduce.sum %exy axes [0] : tensor<64x128xf32> -> tensor<128xf32>
  return %s, %sy : tensor<64xf32>, tensor<128xf32>
}
