
// A side output: tosa-to-linalg's NaN-ignoring max, which also reduces an
// "every element is NaN" flag.
func.func @side_output(%arg0: tensor<4x8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 0x7FC00000 : f32
  %true = arith.constant true
  %lo = arith.constant -3.40282347E+38 : f32
  %0 = tensor.empty() : tensor<8xf32>
  %1 = linalg.fill ins(%lo : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %2 = tensor.empty() : tensor<8xi1>
  %3 = linalg.fill ins(%true : i1) outs(%2 : tensor<8xi1>) -> tensor<8xi1>
  %r:2 = linalg.reduce ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%1, %3 : tensor<8xf32>, tensor<8xi1>) dimensions = [0]
    (%in: f32, %in_1: f32, %init: f32, %init_2: i1) {
      %8 = arith.maximumf %in, %init : f32
      %9 = arith.cmpf uno, %in, %in : f32
      %10 = arith.select %9, %init, %8 : f32
      %11 = arith.andi %init_2, %9 : i1
      linalg.yield %10, %11 : f32, i1
    }
  %5 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %7 = linalg.select ins(%r#1, %5, %r#0 : tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  return %7 : tensor<8xf32>
}

