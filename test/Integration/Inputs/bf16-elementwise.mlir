// User-written bf16 arithmetic and math (bf16-elementwise.test).

func.func @main(%x: tensor<64xbf16>, %y: tensor<64xbf16>) -> (tensor<64xbf16>, tensor<64xbf16>, tensor<bf16>) {
  %t = arith.addf %x, %y : tensor<64xbf16>
  %m = arith.mulf %t, %x : tensor<64xbf16>
  %d = arith.divf %m, %y : tensor<64xbf16>
  %e = math.exp %x : tensor<64xbf16>
  %h = math.tanh %e : tensor<64xbf16>
  %s = reduce.max %d axes [0] : tensor<64xbf16> -> tensor<bf16>
  return %d, %h, %s : tensor<64xbf16>, tensor<64xbf16>, tensor<bf16>
}
