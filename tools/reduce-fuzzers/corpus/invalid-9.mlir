func.func @result_more_static_than_inferred(%x: tensor<?x12xf32>) {
  %0 = reduce.min %x axes [1] : tensor<?x12xf32> -> tensor<6xf32>
  return
}
