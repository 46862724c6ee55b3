func.func @main(%x: tensor<33xbf16>, %y: tensor<33xf32>) -> (tensor<bf16>, tensor<f32>) {
  %a = arith.addf %x, %x : tensor<33xbf16>
  %t = math.tanh %a : tensor<33xbf16>
  %s = reduce.sum %t axes [0] : tensor<33xbf16> -> tensor<bf16>
  %e = math.erf %y : tensor<33xf32>
  %c = math.cbrt %e : tensor<33xf32>
  %m = reduce.max %c axes [0] : tensor<33xf32> -> tensor<f32>
  return %s, %m : tensor<bf16>, tensor<f32>
}
