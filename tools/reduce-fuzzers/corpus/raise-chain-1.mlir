
func.func @everything(%x: tensor<8x16xf16>) -> tensor<f16> {
  %a = tosa.reduce_max %x {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<8x16xf16>) -> tensor<8x1xf16>
  %b = tosa.reduce_max %a {axis = 0 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<8x1xf16>) -> tensor<1x1xf16>
  %s = tosa.const_shape {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
  %r = tosa.reshape %b, %s : (tensor<1x1xf16>, !tosa.shape<0>) -> tensor<f16>
  return %r : tensor<f16>
}

