
// TOSA reduces one axis per op; a reduction over several axes is a chain,
// and a reshape drops the kept unit dims. Where two steps and one step
// agree, the chain is one reduce op, and the reshape its keep_dims.

func.func @two_axes(%x: tensor<64x256x1024xf32>) -> tensor<256xf32> {
  %a = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<64x256x1024xf32>) -> tensor<1x256x1024xf32>
  %b = tosa.reduce_sum %a {axis = 2 : i32} : (tensor<1x256x1024xf32>) -> tensor<1x256x1xf32>
  %s = tosa.const_shape {values = dense<[256]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r = tosa.reshape %b, %s : (tensor<1x256x1xf32>, !tosa.shape<1>) -> tensor<256xf32>
  return %r : tensor<256xf32>
}

