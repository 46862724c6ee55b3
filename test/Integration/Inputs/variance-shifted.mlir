// Mean and variance of rows as a user writes them; the fused pipeline
// computes the variance as shifted sums in one pass with the mean's sum
// (docs/pipeline.md, stage 1b).
func.func @main(%x: tensor<64x1000xf32>, %h: tensor<16x256xf16>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<16xf16>, tensor<16xf16>) {
  %mean = reduce.mean %x axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %init = tensor.empty() : tensor<64x1000xf32>
  %meanb = linalg.broadcast ins(%mean : tensor<64xf32>) outs(%init : tensor<64x1000xf32>) dimensions = [1]
  %d = arith.subf %x, %meanb : tensor<64x1000xf32>
  %d2 = arith.mulf %d, %d : tensor<64x1000xf32>
  %var = reduce.mean %d2 axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %hmean = reduce.mean %h axes [1] : tensor<16x256xf16> -> tensor<16xf16>
  %hinit = tensor.empty() : tensor<16x256xf16>
  %hmeanb = linalg.broadcast ins(%hmean : tensor<16xf16>) outs(%hinit : tensor<16x256xf16>) dimensions = [1]
  %hd = arith.subf %h, %hmeanb : tensor<16x256xf16>
  %hd2 = arith.mulf %hd, %hd : tensor<16x256xf16>
  %hvar = reduce.mean %hd2 axes [1] : tensor<16x256xf16> -> tensor<16xf16>
  return %mean, %var, %hmean, %hvar : tensor<64xf32>, tensor<64xf32>, tensor<16xf16>, tensor<16xf16>
}
