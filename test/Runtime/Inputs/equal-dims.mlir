// The argument sizes the ops need equal (equal-dims.test).

func.func @dot(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<f32> {
  %p = arith.mulf %x, %y : tensor<?xf32>
  %r = reduce.sum %p axes [0] : tensor<?xf32> -> tensor<f32>
  return %r : tensor<f32>
}

/// Each row of %x scaled by %w, then summed: %w's size is %x's dim 1.
func.func @scaled_rows(%x: tensor<?x?xf32>, %w: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %wb = linalg.broadcast ins(%w : tensor<?xf32>) outs(%e : tensor<?x?xf32>) dimensions = [0]
  %p = arith.mulf %x, %wb : tensor<?x?xf32>
  %r = reduce.sum %p axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

/// A dynamic argument against a static one.
func.func @add_static(%x: tensor<?xf32>, %y: tensor<3xf32>) -> tensor<f32> {
  %xc = tensor.cast %x : tensor<?xf32> to tensor<3xf32>
  %p = arith.addf %xc, %y : tensor<3xf32>
  %r = reduce.max %p axes [0] : tensor<3xf32> -> tensor<f32>
  return %r : tensor<f32>
}
