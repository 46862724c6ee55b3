// Softmaxes as users write them, only their outputs returned: the fused
// pipeline computes each in blocks of rows in cache, one exponential an
// element (docs/pipeline.md, stage 1b): of x, with a maximum that ignores
// NaN (arith.maxnumf in a linalg.reduce), of attention scores
// t = x * 0.125 + y, and over the last dim of a 3-D input.
func.func @main(%x: tensor<64x1000xf32>, %y: tensor<64x1000xf32>, %z: tensor<4x5x300xf32>)
    -> (tensor<64x1000xf32>, tensor<64x1000xf32>, tensor<64x1000xf32>, tensor<4x5x300xf32>) {
  %init = tensor.empty() : tensor<64x1000xf32>
  %max = reduce.max %x axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
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
  %nsumb = linalg.broadcast ins(%nsum : tensor<64xf32>) outs(%init : tensor<64x1000xf32>) dimensions = [1]
  %nout = arith.divf %ne, %nsumb : tensor<64x1000xf32>

  %c = arith.constant dense<0.125> : tensor<64x1000xf32>
  %xs = arith.mulf %x, %c : tensor<64x1000xf32>
  %t = arith.addf %xs, %y : tensor<64x1000xf32>
  %tmax = reduce.max %t axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %tmaxb = linalg.broadcast ins(%tmax : tensor<64xf32>) outs(%init : tensor<64x1000xf32>) dimensions = [1]
  %td = arith.subf %t, %tmaxb : tensor<64x1000xf32>
  %te = math.exp %td : tensor<64x1000xf32>
  %tsum = reduce.sum %te axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %tsumb = linalg.broadcast ins(%tsum : tensor<64xf32>) outs(%init : tensor<64x1000xf32>) dimensions = [1]
  %tout = arith.divf %te, %tsumb : tensor<64x1000xf32>

  %zs = reduce.softmax %z axis -1 : tensor<4x5x300xf32>
  return %out, %nout, %tout, %zs : tensor<64x1000xf32>, tensor<64x1000xf32>, tensor<64x1000xf32>, tensor<4x5x300xf32>
}
