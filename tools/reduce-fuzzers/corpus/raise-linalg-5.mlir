
// Signed integer min and max from their identities; and/or on i1.
func.func @integers(%a: tensor<4x8xi16>, %b: tensor<4x8xi1>)
    -> (tensor<4xi16>, tensor<4xi16>, tensor<8xi1>, tensor<8xi1>) {
  %max = arith.constant 32767 : i16
  %min = arith.constant -32768 : i16
  %t = arith.constant true
  %f = arith.constant false
  %e = tensor.empty() : tensor<4xi16>
  %eb = tensor.empty() : tensor<8xi1>
  %i0 = linalg.fill ins(%max : i16) outs(%e : tensor<4xi16>) -> tensor<4xi16>
  %i1 = linalg.fill ins(%min : i16) outs(%e : tensor<4xi16>) -> tensor<4xi16>
  %i2 = linalg.fill ins(%t : i1) outs(%eb : tensor<8xi1>) -> tensor<8xi1>
  %i3 = linalg.fill ins(%f : i1) outs(%eb : tensor<8xi1>) -> tensor<8xi1>
  %r0 = linalg.reduce ins(%a : tensor<4x8xi16>) outs(%i0 : tensor<4xi16>) dimensions = [1]
    (%in: i16, %acc: i16) {
      %s = arith.minsi %in, %acc : i16
      linalg.yield %s : i16
    }
  %r1 = linalg.reduce ins(%a : tensor<4x8xi16>) outs(%i1 : tensor<4xi16>) dimensions = [1]
    (%in: i16, %acc: i16) {
      %s = arith.maxsi %in, %acc : i16
      linalg.yield %s : i16
    }
  %r2 = linalg.reduce ins(%b : tensor<4x8xi1>) outs(%i2 : tensor<8xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %s = arith.andi %in, %acc : i1
      linalg.yield %s : i1
    }
  %r3 = linalg.reduce ins(%b : tensor<4x8xi1>) outs(%i3 : tensor<8xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %s = arith.ori %in, %acc : i1
      linalg.yield %s : i1
    }
  return %r0, %r1, %r2, %r3 : tensor<4xi16>, tensor<4xi16>, tensor<8xi1>, tensor<8xi1>
}

