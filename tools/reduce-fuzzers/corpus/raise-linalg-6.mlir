
// A generic with |x| and x * x terms: reduce.l1 and reduce.sum_square.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @l1_and_sum_square(%a: tensor<4x8xf32>, %b: tensor<4x8xi32>)
    -> (tensor<4xf32>, tensor<4xi32>) {
  %zf = arith.constant 0.0 : f32
  %zi = arith.constant 0 : i32
  %ef = tensor.empty() : tensor<4xf32>
  %ei = tensor.empty() : tensor<4xi32>
  %ff = linalg.fill ins(%zf : f32) outs(%ef : tensor<4xf32>) -> tensor<4xf32>
  %fi = linalg.fill ins(%zi : i32) outs(%ei : tensor<4xi32>) -> tensor<4xi32>
  %l1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%ff : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %abs = math.absf %in : f32
    %s = arith.addf %abs, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%b : tensor<4x8xi32>) outs(%fi : tensor<4xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %m = arith.muli %in, %in : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %l1, %sq : tensor<4xf32>, tensor<4xi32>
}

