// The reductions of tosa-kinds.mlir written with reduce ops.
func.func @sum(%x: tensor<64x256x1024xf32>) -> tensor<256xf32> {
  %r = reduce.sum %x axes [0, 2] : tensor<64x256x1024xf32> -> tensor<256xf32>
  return %r : tensor<256xf32>
}
func.func @prod(%x: tensor<4096x4096xf32>) -> tensor<4096x1xf32> {
  %r = reduce.prod %x axes [1] keep_dims : tensor<4096x4096xf32> -> tensor<4096x1xf32>
  return %r : tensor<4096x1xf32>
}
func.func @min(%x: tensor<4096x4096xf32>) -> tensor<1x4096xf32> {
  %r = reduce.min %x axes [0] keep_dims : tensor<4096x4096xf32> -> tensor<1x4096xf32>
  return %r : tensor<1x4096xf32>
}
func.func @max(%x: tensor<?x4096xf16>) -> tensor<?x1xf16> {
  %r = reduce.max %x axes [1] keep_dims nan_mode ignore : tensor<?x4096xf16> -> tensor<?x1xf16>
  return %r : tensor<?x1xf16>
}
func.func @all(%x: tensor<16777216xi1>) -> tensor<i1> {
  %r = reduce.logical_and %x axes [0] : tensor<16777216xi1> -> tensor<i1>
  return %r : tensor<i1>
}
func.func @any(%x: tensor<4096x4096xi1>) -> tensor<4096x1xi1> {
  %r = reduce.logical_or %x axes [1] keep_dims : tensor<4096x4096xi1> -> tensor<4096x1xi1>
  return %r : tensor<4096x1xi1>
}
