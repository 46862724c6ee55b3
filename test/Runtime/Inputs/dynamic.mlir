func.func @main(%x: tensor<?x3xf32>) -> tensor<?xf32> {
  %r = reduce.sum %x axes [1] : tensor<?x3xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
