func.func @rank0_and_size0(%s: tensor<ui16>, %z: tensor<0x5xf16>) {
  %0 = reduce.min %s axes [] : tensor<ui16> -> tensor<*xui16>
  %1 = reduce.sum %z axes [0] : tensor<0x5xf16> -> tensor<*xf16>
  %2 = reduce.sum %z axes [1] keep_dims : tensor<0x5xf16> -> tensor<*xf16>
  return
}
