
// The other TOSA ops are not reductions: left as they are.
func.func @dot(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %p = tosa.mul %a, %b, %shift : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<1xi8>) -> tensor<4x8xf32>
  %0 = tosa.reduce_sum %p {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}
