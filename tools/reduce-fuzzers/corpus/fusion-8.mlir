func.func @variance_apart(%x: tensor<64x?xf32>, %y: tensor<64x128xf32>, %c: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<64x?xf32>
  %m = reduce.mean %x axes [1] : tensor<64x?xf32> -> tensor<64xf32>
  %e0 = tensor.empty(%n) : tensor<64x?xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x?xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x?xf32>
  %d2 = arith.mulf %d, %d : tensor<64x?xf32>
  %v = reduce.sum %d2 axes [1] : tensor<64x?xf32> -> tensor<64xf32>
  %e1 = tensor.empty() : tensor<64x128xf32>
  %cb = linalg.broadcast ins(%c : tensor<64xf32>) outs(%e1 : tensor<64x128xf32>) dimensions = [1]
  %dy = arith.subf %y, %cb : tensor<64x128xf32>
  %dy2 = arith.mulf %dy, %dy : tensor<64x128xf32>
  %w = reduce.sum %dy2 axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %v, %w : tensor<64xf32>, tensor<64xf32>
}
