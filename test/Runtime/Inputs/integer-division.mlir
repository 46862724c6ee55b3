// Integer divisions and remainders on tensors, whose divisors may be 0 (or
// -1 under the signed minimum): integer-division.test.
func.func @divsi(%x: tensor<?xi32>, %y: tensor<?xi32>) -> tensor<?xi32> {
  %q = arith.divsi %x, %y : tensor<?xi32>
  return %q : tensor<?xi32>
}

func.func @remui(%x: tensor<4xi8>, %y: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.remui %x, %y : tensor<4xi8>
  return %r : tensor<4xi8>
}

func.func @floordiv_sum(%x: tensor<4xi64>, %y: tensor<4xi64>) -> tensor<i64> {
  %q = arith.floordivsi %x, %y : tensor<4xi64>
  %s = reduce.sum %q axes [0] : tensor<4xi64> -> tensor<i64>
  return %s : tensor<i64>
}

/// A constant divisor without 0 or -1 needs no check.
func.func @by_constant(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi32>
  %q = arith.ceildivsi %x, %c : tensor<4xi32>
  return %q : tensor<4xi32>
}
