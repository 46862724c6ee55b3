// A softmax as a user writes it, its maximum and its sum returned too, the
// statistics of a maximum that ignores NaN (arith.maxnumf in a
// linalg.reduce), and those of attention scores t = x * 0.125 + y; the
// fused pipeline computes each maximum and sum of exponentials as one
// online normalizer (docs/pipeline.md, stage 1b).
func.func @main(%x: tensor<64x1000xf32>, %y: tensor<64x1000xf32>)
    -> (tensor<64x1000xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %max = reduce.max %x axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %init = tensor.empty() : tensor<64x1000xf32>
  %maxb = linalg.broadcast ins(%max : tensor<64xf32>) outs(%init : tensor<64x1000xf32>) dimensions = [1]
  %d = arith.subf %x, %maxb : tensor<64x1000xf32>
  %e = math.exp %d : tensor<64x1000xf32>
  %sum = reduce.sum %e axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %sumb = linalg.broadcast ins(%sum : tensor<64xf32>) outs(%init : tensor<64x1000xf32>) dimensions = [1]
  %out = arith.divf %e, %sumb : tensor<64x1000xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %rows = tensor.empty() : tensor<64xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%rows : tensor<64xf32>) -> tensor<64xf32>
  %nmax = linalg.reduce ins(%x : tensor<64x1000xf32>) outs(%minit : tensor<64xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maxnumf %in, %acc : f32
      linalg.yield %r : f32
    }
  %nmaxb = linalg.broadcast ins(%nmax : tensor<64xf32>) outs(%init : tensor<64x1000xf32>) dimensions = [1]
  %nd = arith.subf %x, %nmaxb : tensor<64x1000xf32>
  %ne = math.exp %nd : tensor<64x1000xf32>
  %nsum = reduce.sum %ne axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %c = arith.constant dense<0.125> : tensor<64x1000xf32>
  %xs = arith.mulf %x, %c : tensor<64x1000xf32>
  %t = arith.addf %xs, %y : tensor<64x1000xf32>
  %tmax = reduce.max %t axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %tmaxb = linalg.broadcast ins(%tmax : tensor<64xf32>) outs(%init : tensor<64x1000xf32>) dimensions = [1]
  %td = arith.subf %t, %tmaxb : tensor<64x1000xf32>
  %te = math.exp %td : tensor<64x1000xf32>
  %tsum = reduce.sum %te axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  return %out, %max, %sum, %nmax, %nsum, %tmax, %tsum : tensor<64x1000xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}
