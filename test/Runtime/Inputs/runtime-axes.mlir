// Reductions over runtime axes, read by reduce-run from .npy files.

func.func @main(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<?xf32> {
  %r = reduce.sum %x axes %a : tensor<2x3xf32>, tensor<1xi64> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @any(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<*xf32> {
  %r = reduce.sum %x axes %a : tensor<2x3xf32>, tensor<?xi64> -> tensor<*xf32>
  return %r : tensor<*xf32>
}

func.func @static(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<3xf32> {
  %r = reduce.l1 %x axes %a : tensor<2x3xf32>, tensor<?xi64> -> tensor<3xf32>
  return %r : tensor<3xf32>
}

func.func @keep_all(%x: tensor<?x3xf32>, %a: tensor<?xi8>) -> tensor<?x?xf32> {
  %r = reduce.sum %x axes %a keep_dims empty_axes all : tensor<?x3xf32>, tensor<?xi8> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @scalar(%x: tensor<2x3xi32>, %a: tensor<i16>) -> tensor<?xi32> {
  %r = reduce.min %x axes %a : tensor<2x3xi32>, tensor<i16> -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @rank0(%x: tensor<f32>, %a: tensor<?xi64>) -> tensor<*xf32> {
  %r = reduce.l1 %x axes %a : tensor<f32>, tensor<?xi64> -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// Static axes, but a result size the dynamic input does not prove.
func.func @unproven(%x: tensor<?x3xf32>) -> tensor<2xf32> {
  %r = reduce.sum %x axes [1] : tensor<?x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
