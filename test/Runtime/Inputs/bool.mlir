// Entries on i1 (bool) tensors for reduce-run-bool.test.

/// The and and the or of each row, and the input negated (an elementwise
/// i1 result, stored as vectors).
func.func @main(%x: tensor<3x64xi1>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3x64xi1>) {
  %true = arith.constant true
  %false = arith.constant false
  %e = tensor.empty() : tensor<3xi1>
  %ones = linalg.fill ins(%true : i1) outs(%e : tensor<3xi1>) -> tensor<3xi1>
  %zeros = linalg.fill ins(%false : i1) outs(%e : tensor<3xi1>) -> tensor<3xi1>
  %all = linalg.reduce ins(%x : tensor<3x64xi1>) outs(%ones : tensor<3xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %c = arith.andi %in, %acc : i1
      linalg.yield %c : i1
    }
  %any = linalg.reduce ins(%x : tensor<3x64xi1>) outs(%zeros : tensor<3xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %c = arith.ori %in, %acc : i1
      linalg.yield %c : i1
    }
  %ne = tensor.empty() : tensor<3x64xi1>
  %not = linalg.map ins(%x : tensor<3x64xi1>) outs(%ne : tensor<3x64xi1>)
    (%in: i1, %out: i1) {
      %c = arith.xori %in, %true : i1
      linalg.yield %c : i1
    }
  return %all, %any, %not : tensor<3xi1>, tensor<3xi1>, tensor<3x64xi1>
}

/// A bool tensor in, the same out.
func.func @identity(%x: tensor<2x3xi1>) -> tensor<2x3xi1> {
  return %x : tensor<2x3xi1>
}
