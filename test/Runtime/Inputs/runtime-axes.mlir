// A non-constant axes operand verifies but cannot be lowered.
func.func @main(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<?xf32> {
  %r = reduce.sum %x axes %a : tensor<2x3xf32>, tensor<1xi64> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
