func.func @softmax_maxnumf(%x: tensor<64x128xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<64xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %m = linalg.reduce ins(%x : tensor<64x128xf32>) outs(%init : tensor<64xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maxnumf %in, %acc : f32
      linalg.yield %r : f32
    }
  %e0 = tensor.empty() : tensor<64x128xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x128xf32>
  %ex = math.exp %d : tensor<64x128xf32>
  %s = reduce.sum %ex axes [1] : tensor<64x128xf32> -> tensor<64xf32>
  return %m, %s : tensor<64xf32>, tensor<64xf32>
}
