
// A reshape that does more than drop the unit dims: tosa-to-tensor writes
// it as a collapse, which drops them, and an expand, which stays.
func.func @other_reshape(%x: tensor<4x8xf32>) -> tensor<2x2xf32> {
  %a = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %s = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %a, %s : (tensor<4x1xf32>, !tosa.shape<2>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
