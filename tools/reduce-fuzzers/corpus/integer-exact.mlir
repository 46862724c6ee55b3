
func.func @mean_i32_rows(%x: tensor<8x1000xi32>) -> tensor<8xi32> {
  %r = reduce.mean %x axes [1] : tensor<8x1000xi32> -> tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @mean_i64_all(%x: tensor<4096xi64>) -> tensor<i64> {
  %r = reduce.mean %x axes [0] : tensor<4096xi64> -> tensor<i64>
  return %r : tensor<i64>
}
func.func @mean_ui64_cols(%x: tensor<64x33xui64>) -> tensor<33xui64> {
  %r = reduce.mean %x axes [0] : tensor<64x33xui64> -> tensor<33xui64>
  return %r : tensor<33xui64>
}
func.func @mean_i8_rows(%x: tensor<5x300xi8>) -> tensor<5x1xi8> {
  %r = reduce.mean %x axes [1] keep_dims : tensor<5x300xi8> -> tensor<5x1xi8>
  return %r : tensor<5x1xi8>
}
func.func @mean_ui32_dynamic(%x: tensor<?x?xui32>) -> tensor<?xui32> {
  %r = reduce.mean %x axes [0] : tensor<?x?xui32> -> tensor<?xui32>
  return %r : tensor<?xui32>
}
func.func @l2_i32_rows(%x: tensor<7x100xi32>) -> tensor<7xi32> {
  %r = reduce.l2 %x axes [1] : tensor<7x100xi32> -> tensor<7xi32>
  return %r : tensor<7xi32>
}
func.func @l2_ui64_cols(%x: tensor<40x3xui64>) -> tensor<3xui64> {
  %r = reduce.l2 %x axes [0] : tensor<40x3xui64> -> tensor<3xui64>
  return %r : tensor<3xui64>
}
func.func @l2_i16_nearest(%x: tensor<6x2xi16>) -> tensor<6xi16> {
  %r = reduce.l2 %x axes [1] rounding nearest_even : tensor<6x2xi16> -> tensor<6xi16>
  return %r : tensor<6xi16>
}
func.func @l2_i8_empty_axes(%x: tensor<4xi8>) -> tensor<4xi8> {
  %r = reduce.l2 %x axes [] : tensor<4xi8> -> tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @log_sum_i64_rows(%x: tensor<4x10xi64>) -> tensor<4xi64> {
  %r = reduce.log_sum %x axes [1] : tensor<4x10xi64> -> tensor<4xi64>
  return %r : tensor<4xi64>
}
func.func @log_sum_exp_i32_rows(%x: tensor<5x3xi32>) -> tensor<5xi32> {
  %r = reduce.log_sum_exp %x axes [1] : tensor<5x3xi32> -> tensor<5xi32>
  return %r : tensor<5xi32>
}
func.func @log_sum_exp_ui8_size0(%x: tensor<2x0xui8>) -> tensor<2xui8> {
  %r = reduce.log_sum_exp %x axes [1] : tensor<2x0xui8> -> tensor<2xui8>
  return %r : tensor<2xui8>
}
