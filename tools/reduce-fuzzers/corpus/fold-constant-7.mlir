func.func @fold_half_accumulation() -> (tensor<f16>, tensor<bf16>, tensor<f16>) {
  %h = arith.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
  %b = arith.constant dense<[256.0, 1.0, 1.0]> : tensor<3xbf16>
  %0 = reduce.sum %h axes [0] : tensor<3xf16> -> tensor<f16>
  %1 = reduce.sum %b axes [0] : tensor<3xbf16> -> tensor<bf16>
  %n = arith.constant dense<[1.0, -2048.0, 0x7E00]> : tensor<3xf16>
  %2 = reduce.min %n axes [0] nan_mode ignore : tensor<3xf16> -> tensor<f16>
  return %0, %1, %2 : tensor<f16>, tensor<bf16>, tensor<f16>
}
