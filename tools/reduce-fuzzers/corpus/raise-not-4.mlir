
// A result that permutes the parallel loops; a matmul, whose term reads
// its inputs through projections; an element type the ops reject.
#in3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out3 = affine_map<(d0, d1, d2) -> (d2, d0)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#mm = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @maps_and_types(%a: tensor<2x3x4xf32>, %l: tensor<4x5xf32>, %r: tensor<5x6xf32>,
                          %q: tensor<4x8xi4>) -> (tensor<4x2xf32>, tensor<4x6xf32>, tensor<4xi4>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4x2xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %t = linalg.generic {indexing_maps = [#in3, #out3], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a : tensor<2x3x4xf32>) outs(%f0 : tensor<4x2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  %e1 = tensor.empty() : tensor<4x6xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %m = linalg.generic {indexing_maps = [#lhs, #rhs, #mm], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%l, %r : tensor<4x5xf32>, tensor<5x6xf32>) outs(%f1 : tensor<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  %zi = arith.constant 0 : i4
  %e2 = tensor.empty() : tensor<4xi4>
  %f2 = linalg.fill ins(%zi : i4) outs(%e2 : tensor<4xi4>) -> tensor<4xi4>
  %s4 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%q : tensor<4x8xi4>) outs(%f2 : tensor<4xi4>) {
  ^bb0(%in: i4, %acc: i4):
    %s = arith.addi %in, %acc : i4
    linalg.yield %s : i4
  } -> tensor<4xi4>
  return %t, %m, %s4 : tensor<4x2xf32>, tensor<4x6xf32>, tensor<4xi4>
}

