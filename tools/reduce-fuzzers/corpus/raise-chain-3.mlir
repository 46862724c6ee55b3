
// f16 sums and f32 products merge too: one rounding of the wider
// accumulator instead of one per step.
func.func @float_accumulators(%h: tensor<4x8xf16>, %f: tensor<4x8xf32>)
    -> (tensor<1x1xf16>, tensor<1x1xf32>) {
  %a = tosa.reduce_sum %h {axis = 0 : i32} : (tensor<4x8xf16>) -> tensor<1x8xf16>
  %b = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<1x8xf16>) -> tensor<1x1xf16>
  %c = tosa.reduce_product %f {axis = 0 : i32} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %d = tosa.reduce_product %c {axis = 1 : i32} : (tensor<1x8xf32>) -> tensor<1x1xf32>
  return %b, %d : tensor<1x1xf16>, tensor<1x1xf32>
}

