func.func @widen(%x: tensor<?x?xi8>) -> tensor<?xi64> {
  %w = arith.extui %x : tensor<?x?xi8> to tensor<?x?xi64>
  %r = reduce.sum %w axes [1] : tensor<?x?xi64> -> tensor<?xi64>
  return %r : tensor<?xi64>
}
