func.func @fold_splat() -> tensor<4xf32> {
  %c = arith.constant dense<-1.5> : tensor<4x8xf32>
  %0 = reduce.l1 %c axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
