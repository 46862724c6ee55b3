func.func @unranked(%x: tensor<*xbf16>, %a: tensor<1xi64>) {
  %0 = reduce.sum %x axes [0, 7] : tensor<*xbf16> -> tensor<*xbf16>
  %1 = reduce.sum %x axes %a keep_dims : tensor<*xbf16>, tensor<1xi64> -> tensor<*xbf16>
  return
}
