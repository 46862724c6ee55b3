func.func @no_fold_dynamic_result() -> tensor<?xf32> {
  %c = arith.constant dense<1.0> : tensor<4x8xf32>
  %0 = reduce.sum %c axes [1] : tensor<4x8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
