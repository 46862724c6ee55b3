func.func @main(%x: tensor<?x?xf32>, %w: tensor<?xf32>, %y: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %wb = linalg.broadcast ins(%w : tensor<?xf32>) outs(%e : tensor<?x?xf32>) dimensions = [0]
  %p = arith.mulf %x, %wb : tensor<?x?xf32>
  %q = arith.addf %p, %y : tensor<?x?xf32>
  %r = reduce.sum %q axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
