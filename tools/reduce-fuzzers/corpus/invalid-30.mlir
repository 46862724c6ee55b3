func.func @bad_nan_mode(%x: tensor<6x12xf32>) {
  %0 = reduce.min %x axes [0] nan_mode maybe : tensor<6x12xf32> -> tensor<12xf32>
  return
}
