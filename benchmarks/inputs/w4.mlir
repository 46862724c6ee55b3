// W4: the specification example (6x12x10x24, axes [2, 3], keep_dims), as
// reduce-run runs it in the latency measurement of utils/bench.sh.
func.func @main(%x: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
  %r = reduce.sum %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  return %r : tensor<6x12x1x1xf32>
}
