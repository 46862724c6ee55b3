func.func @ranked_result_of_unranked_input(%x: tensor<*xf32>) {
  %0 = reduce.sum %x axes [1] : tensor<*xf32> -> tensor<?xf32>
  return
}
