func.func @sum_axis1_static_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @sum_negative_axis_keep_dims_dynamic_f32(%input: tensor<?x?x8xf32>) -> tensor<?x1x8xf32> {
  %0 = reduce.sum %input axes [-2] keep_dims : tensor<?x?x8xf32> -> tensor<?x1x8xf32>
  return %0 : tensor<?x1x8xf32>
}

func.func @sum_all_axes_keep_dims_f64(%input: tensor<2x3xf64>) -> tensor<1x1xf64> {
  %0 = reduce.sum %input axes [0, 1] keep_dims : tensor<2x3xf64> -> tensor<1x1xf64>
  return %0 : tensor<1x1xf64>
}

func.func @sum_axis0_f16(%input: tensor<4x8xf16>) -> tensor<8xf16> {
  %0 = reduce.sum %input axes [0] : tensor<4x8xf16> -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

func.func @sum_axis1_bf16(%input: tensor<4x8xbf16>) -> tensor<4xbf16> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

func.func @sum_axis1_i32(%input: tensor<4x8xi32>) -> tensor<4xi32> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

func.func @sum_axis0_ui8(%input: tensor<4x8xui8>) -> tensor<8xui8> {
  %0 = reduce.sum %input axes [0] : tensor<4x8xui8> -> tensor<8xui8>
  return %0 : tensor<8xui8>
}

func.func @sum_empty_axes(%input: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %0 = reduce.sum %input axes [] : tensor<4x?xf32> -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

func.func @sum_rank0(%input: tensor<f32>) -> tensor<f32> {
  %0 = reduce.sum %input axes [] : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @sum_less_static_result(%input: tensor<4x8xf32>) -> tensor<?xf32> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @sum_size0_dim(%input: tensor<0x8xf32>) -> tensor<8xf32> {
  %0 = reduce.sum %input axes [0] : tensor<0x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
