func.func @empty_axes_l1(%f: tensor<2x3xf32>, %i: tensor<4xi8>, %u: tensor<4xui8>, %h: tensor<*xf16>)
    -> (tensor<2x3xf32>, tensor<4xi8>, tensor<4xui8>, tensor<*xf16>) {
  %0 = reduce.l1 %f axes [] : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = reduce.l1 %i axes [] : tensor<4xi8> -> tensor<4xi8>
  %2 = reduce.l1 %u axes [] : tensor<4xui8> -> tensor<4xui8>
  %3 = reduce.l1 %h axes [] : tensor<*xf16> -> tensor<*xf16>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<4xi8>, tensor<4xui8>, tensor<*xf16>
}
