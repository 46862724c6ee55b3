// Axes given when the code runs, as in a dynamic ONNX or OpenVINO model
// whose axes are a graph input. `utils/run-examples.sh` runs it on
// examples/quickstart-input.npy (2x3x4) with the axes [-1, 0] of
// examples/runtime-axes-axes.npy, then with the out-of-range axis [3] of
// examples/runtime-axes-bad-axes.npy, which is reported as an error.

func.func @main(%x: tensor<?x?x?xf32>, %axes: tensor<?xi64>) -> (tensor<*xf32>, tensor<?x?x?xf32>) {
  // Without keep_dims the result rank depends on the axes: unranked.
  %sum = reduce.sum %x axes %axes : tensor<?x?x?xf32>, tensor<?xi64> -> tensor<*xf32>
  // With keep_dims it is the input rank; empty axes reduce every dim.
  %min = reduce.min %x axes %axes keep_dims empty_axes all : tensor<?x?x?xf32>, tensor<?xi64> -> tensor<?x?x?xf32>
  return %sum, %min : tensor<*xf32>, tensor<?x?x?xf32>
}
