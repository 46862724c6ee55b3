// The main example: one input, the three reductions. `utils/run-examples.sh`
// lowers it with `reduce-opt --lower-reduce` and JIT-runs it with
// `reduce-run` on the input examples/quickstart-input.npy:
//   [[[ 1, -2,  3, -4], [ 5, -6,  7, -8], [ 9, -10, 11, -12]],
//    [[13, -14, 15, -16], [17, -18, 19, -20], [21, -22, 23, -24]]]

func.func @main(%x: tensor<2x3x4xf32>) -> (tensor<2x3xf32>, tensor<2x1x4xf32>, tensor<f32>) {
  // Sum over the innermost axis.
  %sum = reduce.sum %x axes [-1] : tensor<2x3x4xf32> -> tensor<2x3xf32>
  // L1 norm over the middle axis, keeping it as size 1.
  %l1 = reduce.l1 %x axes [1] keep_dims : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  // Minimum of the whole tensor.
  %min = reduce.min %x axes [0, 1, 2] : tensor<2x3x4xf32> -> tensor<f32>
  return %sum, %l1, %min : tensor<2x3xf32>, tensor<2x1x4xf32>, tensor<f32>
}
