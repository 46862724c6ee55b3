// REQUIRES: reduce-plugins
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin %s -split-input-file -verify-diagnostics

/// The verifier's and the parser's diagnostics reach the user of Debian's
/// mlir-opt as they reach reduce-opt's (docs/plugins.md).

func.func @axis_out_of_range(%x: tensor<6x12x10x24xf32>) {
  // expected-error @+1 {{'reduce.sum' op axis 4 is out of range [-4, 3] for input of rank 4}}
  %0 = reduce.sum %x axes [4] : tensor<6x12x10x24xf32> -> tensor<6x12x10x24xf32>
  return
}

// -----

func.func @result_type_contradicts_inference(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.sum' op result type 'tensor<12xf32>' is incompatible with the inferred type 'tensor<6xf32>'}}
  %0 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<12xf32>
  return
}

// -----

func.func @bad_nan_mode(%x: tensor<4xf32>) {
  // expected-error @+2 {{invalid value for property nan_mode, expected how reduce.min and reduce.max treat NaN inputs}}
  // expected-error @+1 {{expected one of [propagate, ignore] for how reduce.min and reduce.max treat NaN inputs, got: maybe}}
  %0 = reduce.min %x axes [0] nan_mode maybe : tensor<4xf32> -> tensor<f32>
  return
}

// -----

func.func @softmax_axis_out_of_range(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'reduce.softmax' op axis 2 is out of range [-2, 1] for an input of rank 2}}
  %0 = reduce.softmax %x axis 2 : tensor<4x16xf32>
  return
}

// -----

func.func @unknown_op(%x: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'reduce.bogus' is unknown}}
  %0 = reduce.bogus %x : tensor<4xf32>
  return
}
