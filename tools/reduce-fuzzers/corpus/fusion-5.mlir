func.func @softmax(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %m = reduce.max %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x128xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x128xf32>
  %ex = math.exp %d : tensor<64x128xf32>
  %s = reduce.sum %ex axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %sb = linalg.broadcast ins(%s : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  %o = arith.divf %ex, %sb : tensor<64x128xf32>
  return %o : tensor<64x128xf32>
}
