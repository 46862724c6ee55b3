
// Integer sums wrap the same in one step or two.
func.func @int_sum(%x: tensor<4x8xi32>) -> tensor<1x1xi32> {
  %a = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<4x8xi32>) -> tensor<1x8xi32>
  %b = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<1x8xi32>) -> tensor<1x1xi32>
  return %b : tensor<1x1xi32>
}

