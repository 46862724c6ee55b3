// RUN: reduce-opt %s -split-input-file -verify-diagnostics

/// One case per diagnostic of the arg-reductions and the scans.

func.func @argmax_axis(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'reduce.argmax' op axis 2 is out of range [-2, 1] for an input of rank 2}}
  %0 = reduce.argmax %x axis 2 : tensor<4x16xf32> -> tensor<4xi64>
  return
}

// -----

func.func @argmin_rank0(%x: tensor<f32>) {
  // expected-error @+1 {{'reduce.argmin' op axis 0 is out of range for an input of rank 0 (expected an input of rank 1 or more)}}
  %0 = reduce.argmin %x axis 0 : tensor<f32> -> tensor<i64>
  return
}

// -----

func.func @argmax_empty(%x: tensor<4x0xf32>) {
  // expected-error @+1 {{'reduce.argmax' op reduces axis -1 of size 0 in 4x0: an empty set has no index (expected a reduced dim of size 1 or more)}}
  %0 = reduce.argmax %x axis -1 : tensor<4x0xf32> -> tensor<4xi64>
  return
}

// -----

func.func @argmax_result_shape(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'reduce.argmax' op result type 'tensor<16xi64>' does not match the inferred type 'tensor<4xi64>'}}
  %0 = reduce.argmax %x axis 1 : tensor<4x16xf32> -> tensor<16xi64>
  return
}

// -----

func.func @argmax_result_keep_dims(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{'reduce.argmax' op result type 'tensor<4xi32>' does not match the inferred type 'tensor<4x1xi32>'}}
  %0 = reduce.argmax %x axis 1 keep_dims : tensor<4x?xf32> -> tensor<4xi32>
  return
}

// -----

func.func @argmax_result_dynamic(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{'reduce.argmax' op result type 'tensor<?xi64>' does not match the inferred type 'tensor<4xi64>'}}
  %0 = reduce.argmax %x axis 1 : tensor<4x?xf32> -> tensor<?xi64>
  return
}

// -----

func.func @argmax_index_type(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'reduce.argmax' op result #0 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<4xi16>'}}
  %0 = reduce.argmax %x axis 1 : tensor<4x16xf32> -> tensor<4xi16>
  return
}

// -----

func.func @argmin_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{'reduce.argmin' op operand #0 must be ranked tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xi1>'}}
  %0 = reduce.argmin %x axis 0 : tensor<4xi1> -> tensor<i64>
  return
}

// -----

func.func @cumsum_axis(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'reduce.cumsum' op axis -3 is out of range [-2, 1] for an input of rank 2}}
  %0 = reduce.cumsum %x axis -3 : tensor<4x16xf32>
  return
}

// -----

func.func @cumprod_rank0(%x: tensor<i32>) {
  // expected-error @+1 {{'reduce.cumprod' op axis 0 is out of range for an input of rank 0 (expected an input of rank 1 or more)}}
  %0 = reduce.cumprod %x axis 0 : tensor<i32>
  return
}

// -----

func.func @cummin_type(%x: tensor<4xi1>) {
  // expected-error @+1 {{'reduce.cummin' op operand #0 must be ranked tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xi1>'}}
  %0 = reduce.cummin %x axis 0 : tensor<4xi1>
  return
}

// -----

func.func @cummax_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{'reduce.cummax' op requires the same type for all operands and results}}
  %0 = "reduce.cummax"(%x) <{axis = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf64>
  return
}
