// The math ops with no LLVM intrinsic, as libm calls (libm-math.test):
// vectorized elementwise, one of them feeding a reduction.

func.func @unary(%x: tensor<37xf32>) -> (tensor<37xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xf32>) {
  %erf = math.erf %x : tensor<37xf32>
  %tanh = math.tanh %x : tensor<37xf32>
  %cbrt = math.cbrt %x : tensor<37xf32>
  %atan = math.atan %x : tensor<37xf32>
  %sinh = math.sinh %x : tensor<37xf32>
  return %erf, %tanh, %cbrt, %atan, %sinh : tensor<37xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xf32>
}

/// GELU's erf form summed over rows: 0.5 * x * (1 + erf(x / sqrt(2))).
func.func @gelu_rows(%x: tensor<4x300xf64>) -> tensor<4xf64> {
  %half = arith.constant dense<0.5> : tensor<4x300xf64>
  %one = arith.constant dense<1.0> : tensor<4x300xf64>
  %inv_sqrt2 = arith.constant dense<0.70710678118654752> : tensor<4x300xf64>
  %s = arith.mulf %x, %inv_sqrt2 : tensor<4x300xf64>
  %e = math.erf %s : tensor<4x300xf64>
  %p = arith.addf %one, %e : tensor<4x300xf64>
  %h = arith.mulf %half, %x : tensor<4x300xf64>
  %g = arith.mulf %h, %p : tensor<4x300xf64>
  %r = reduce.sum %g axes [1] : tensor<4x300xf64> -> tensor<4xf64>
  return %r : tensor<4xf64>
}

/// f16 is computed in f32 and rounded.
func.func @tanh_f16(%x: tensor<20xf16>) -> tensor<20xf16> {
  %t = math.tanh %x : tensor<20xf16>
  return %t : tensor<20xf16>
}
