func.func @variance(%x: tensor<64x128xf32>) -> tensor<64xf32> {
  %m = reduce.mean %x axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x128xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1func.func]
  return %m : tensor<64xf32>
}
