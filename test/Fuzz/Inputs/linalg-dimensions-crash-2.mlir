func.func @f(%a: tensor<2x3xf32>, %f: tensor<3xf32>) -> tensor<3xf32> {
  %r = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%f : tensor<3xf32>) dimensions =2]] [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3xf32>
}
