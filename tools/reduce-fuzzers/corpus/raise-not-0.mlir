
// What is not exactly a reduce op stays as it was.
// NONE-NOT: = reduce.

// An unsigned min: the reduce ops read signless integers as signed.
func.func @minui(%a: tensor<4x8xi32>) -> tensor<4xi32> {
  %cst = arith.constant -1 : i32
  %e = tensor.empty() : tensor<4xi32>
  %f = linalg.fill ins(%cst : i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  %r = linalg.reduce ins(%a : tensor<4x8xi32>) outs(%f : tensor<4xi32>) dimensions = [1]
    (%in: i32, %acc: i32) {
      %s = arith.minui %in, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<4xi32>
}

