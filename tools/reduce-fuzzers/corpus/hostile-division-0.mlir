func.func @main(%x: tensor<?xi32>, %y: tensor<?xi32>) -> tensor<i32> {
  %q = arith.divsi %x, %y : tensor<?xi32>
  %r = arith.remui %q, %y : tensor<?xi32>
  %f = arith.floordivsi %r, %y : tensor<?xi32>
  %s = reduce.sum %f axes [0] : tensor<?xi32> -> tensor<i32>
  return %s : tensor<i32>
}
