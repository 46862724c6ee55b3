
// keep_dims: an expand_shape that re-inserts the reduced dims as unit dims,
// static and dynamic, and down to a rank-0 reduction.
func.func @keep_dims(%a: tensor<?x3x4xf32>, %b: tensor<5xi32>) -> (tensor<1x3x1xf32>, tensor<1xi32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.reduce ins(%a : tensor<?x3x4xf32>) outs(%f : tensor<3xf32>) dimensions = [0, 2]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %x = tensor.expand_shape %r [[0, 1, 2]] output_shape [1, 3, 1] : tensor<3xf32> into tensor<1x3x1xf32>
  %lo = arith.constant -2147483648 : i32
  %ei = tensor.empty() : tensor<i32>
  %fi = linalg.fill ins(%lo : i32) outs(%ei : tensor<i32>) -> tensor<i32>
  %m = linalg.reduce ins(%b : tensor<5xi32>) outs(%fi : tensor<i32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %s = arith.maxsi %in, %acc : i32
      linalg.yield %s : i32
    }
  %y = tensor.expand_shape %m [] output_shape [1] : tensor<i32> into tensor<1xi32>
  return %x, %y : tensor<1x3x1xf32>, tensor<1xi32>
}

