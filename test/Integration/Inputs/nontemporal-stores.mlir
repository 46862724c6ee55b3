// Results of at least 4 KiB, written with non-temporal stores where their
// buffers are aligned (nontemporal-stores.test).

// A layer norm as an MLIR user writes it (the write pass of fused
// statistics), the softmax op, and a small result beside them.
func.func @norms(%x: tensor<128x512xf32>)
    -> (tensor<128x512xf32>, tensor<128x512xf32>, tensor<128xf32>) {
  %mean = reduce.mean %x axes [1] : tensor<128x512xf32> -> tensor<128xf32>
  %init = tensor.empty() : tensor<128x512xf32>
  %meanb = linalg.broadcast ins(%mean : tensor<128xf32>) outs(%init : tensor<128x512xf32>) dimensions = [1]
  %d = arith.subf %x, %meanb : tensor<128x512xf32>
  %d2 = arith.mulf %d, %d : tensor<128x512xf32>
  %var = reduce.mean %d2 axes [1] : tensor<128x512xf32> -> tensor<128xf32>
  %eps = arith.constant dense<1.000000e-05> : tensor<128xf32>
  %shifted = arith.addf %var, %eps : tensor<128xf32>
  %sd = math.sqrt %shifted : tensor<128xf32>
  %sdb = linalg.broadcast ins(%sd : tensor<128xf32>) outs(%init : tensor<128x512xf32>) dimensions = [1]
  %y = arith.divf %d, %sdb : tensor<128x512xf32>
  %sm = reduce.softmax %x axis 1 : tensor<128x512xf32>
  %m = reduce.max %x axes [1] : tensor<128x512xf32> -> tensor<128xf32>
  return %y, %sm, %m : tensor<128x512xf32>, tensor<128x512xf32>, tensor<128xf32>
}

// A map of a 3-D tensor, and one whose rows (250 f32) are not aligned.
func.func @maps(%x: tensor<8x6x256xf32>, %z: tensor<16x250xf32>)
    -> (tensor<8x6x256xf32>, tensor<16x250xf32>) {
  %y = arith.mulf %x, %x : tensor<8x6x256xf32>
  %w = arith.mulf %z, %z : tensor<16x250xf32>
  return %y, %w : tensor<8x6x256xf32>, tensor<16x250xf32>
}
