func.func @main(%x: tensor<?x?xf16>) -> (tensor<?x1xi64>, tensor<?x?xf16>, tensor<?x?xf16>) {
  %a = reduce.argmax %x axis 1 keep_dims : tensor<?x?xf16> -> tensor<?x1xi64>
  %p = reduce.cumprod %x axis 0 : tensor<?x?xf16>
  %m = reduce.cummin %x axis -1 reverse : tensor<?x?xf16>
  return %a, %p, %m : tensor<?x1xi64>, tensor<?x?xf16>, tensor<?x?xf16>
}
