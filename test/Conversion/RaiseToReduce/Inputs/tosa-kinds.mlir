// Each TOSA reduction kind, as TOSA producers write it (same-kernel.test).
func.func @sum(%x: tensor<64x256x1024xf32>) -> tensor<256xf32> {
  %a = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<64x256x1024xf32>) -> tensor<1x256x1024xf32>
  %b = tosa.reduce_sum %a {axis = 2 : i32} : (tensor<1x256x1024xf32>) -> tensor<1x256x1xf32>
  %s = tosa.const_shape {values = dense<[256]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r = tosa.reshape %b, %s : (tensor<1x256x1xf32>, !tosa.shape<1>) -> tensor<256xf32>
  return %r : tensor<256xf32>
}
func.func @prod(%x: tensor<4096x4096xf32>) -> tensor<4096x1xf32> {
  %r = tosa.reduce_product %x {axis = 1 : i32} : (tensor<4096x4096xf32>) -> tensor<4096x1xf32>
  return %r : tensor<4096x1xf32>
}
func.func @min(%x: tensor<4096x4096xf32>) -> tensor<1x4096xf32> {
  %r = tosa.reduce_min %x {axis = 0 : i32} : (tensor<4096x4096xf32>) -> tensor<1x4096xf32>
  return %r : tensor<1x4096xf32>
}
func.func @max(%x: tensor<?x4096xf16>) -> tensor<?x1xf16> {
  %r = tosa.reduce_max %x {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<?x4096xf16>) -> tensor<?x1xf16>
  return %r : tensor<?x1xf16>
}
func.func @all(%x: tensor<16777216xi1>) -> tensor<i1> {
  %a = tosa.reduce_all %x {axis = 0 : i32} : (tensor<16777216xi1>) -> tensor<1xi1>
  %s = tosa.const_shape {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
  %r = tosa.reshape %a, %s : (tensor<1xi1>, !tosa.shape<0>) -> tensor<i1>
  return %r : tensor<i1>
}
func.func @any(%x: tensor<4096x4096xi1>) -> tensor<4096x1xi1> {
  %r = tosa.reduce_any %x {axis = 1 : i32} : (tensor<4096x4096xi1>) -> tensor<4096x1xi1>
  return %r : tensor<4096x1xi1>
}
