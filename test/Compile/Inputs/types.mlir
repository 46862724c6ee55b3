// One function per element type class, for the header's C types
// (test/Compile/header.test).

func.func @sum_f16(%x: tensor<8xf16>) -> tensor<f16> {
  %r = reduce.sum %x axes [0] : tensor<8xf16> -> tensor<f16>
  return %r : tensor<f16>
}

func.func @sum_bf16(%x: tensor<8xbf16>) -> tensor<bf16> {
  %r = reduce.sum %x axes [0] : tensor<8xbf16> -> tensor<bf16>
  return %r : tensor<bf16>
}

func.func @max_f64(%x: tensor<2x3xf64>) -> tensor<2xf64> {
  %r = reduce.max %x axes [1] : tensor<2x3xf64> -> tensor<2xf64>
  return %r : tensor<2xf64>
}

func.func @sum_i8_ui16_i64(%a: tensor<4xi8>, %b: tensor<4xui16>, %c: tensor<?x4xi64>) -> (tensor<i8>, tensor<ui16>, tensor<?xi64>) {
  %ra = reduce.sum %a axes [0] : tensor<4xi8> -> tensor<i8>
  %rb = reduce.sum %b axes [0] : tensor<4xui16> -> tensor<ui16>
  %rc = reduce.sum %c axes [1] : tensor<?x4xi64> -> tensor<?xi64>
  return %ra, %rb, %rc : tensor<i8>, tensor<ui16>, tensor<?xi64>
}

// The exact integer means (an i128 sum and division for i64) and an integer
// l2 (computed in f64, truncated) in an object that links with libc and
// libm.
func.func @mean_i64_l2_i32(%a: tensor<3xi64>, %b: tensor<2xi32>) -> (tensor<i64>, tensor<i32>) {
  %m = reduce.mean %a axes [0] : tensor<3xi64> -> tensor<i64>
  %n = reduce.l2 %b axes [0] : tensor<2xi32> -> tensor<i32>
  return %m, %n : tensor<i64>, tensor<i32>
}

func.func @pass_bool(%x: tensor<3xi1>) -> tensor<3xi1> {
  return %x : tensor<3xi1>
}

func.func private @helper_not_exported(%x: tensor<3xi1>) -> tensor<3xi1> {
  return %x : tensor<3xi1>
}
