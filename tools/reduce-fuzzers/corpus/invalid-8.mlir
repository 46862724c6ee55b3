func.func @result_rank_mismatch(%x: tensor<6x12xf32>) {
  %0 = reduce.l1 %x axes [1] keep_dims : tensor<6x12xf32> -> tensor<6xf32>
  return
}
