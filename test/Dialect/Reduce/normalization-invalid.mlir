// RUN: reduce-opt %s -split-input-file -verify-diagnostics

/// One case per diagnostic of the normalization ops.

func.func @softmax_axis(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'reduce.softmax' op axis 2 is out of range [-2, 1] for an input of rank 2}}
  %0 = reduce.softmax %x axis 2 : tensor<4x16xf32>
  return
}

// -----

func.func @log_softmax_rank0(%x: tensor<f32>) {
  // expected-error @+1 {{'reduce.log_softmax' op axis 0 is out of range for an input of rank 0 (expected an input of rank 1 or more)}}
  %0 = reduce.log_softmax %x axis 0 : tensor<f32>
  return
}

// -----

func.func @softmax_int(%x: tensor<4xi32>) {
  // expected-error @+1 {{'reduce.softmax' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4xi32>'}}
  %0 = reduce.softmax %x axis 0 : tensor<4xi32>
  return
}

// -----

func.func @softmax_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{custom op 'reduce.softmax' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = reduce.softmax %x axis 0 : tensor<*xf32>
  return
}

// -----

func.func @layer_norm_axis(%x: tensor<2x8xf32>, %w: tensor<8xf32>) {
  // expected-error @+1 {{'reduce.layer_norm' op axis -3 is out of range [-2, 1] for an input of rank 2}}
  %y, %m, %i = reduce.layer_norm %x, %w axis -3 epsilon 1.0e-05 stash_type f32 : tensor<2x8xf32>, tensor<8xf32>
  return
}

// -----

func.func @layer_norm_unranked(%x: tensor<*xf32>, %w: tensor<8xf32>) {
  // expected-error @+1 {{'reduce.layer_norm' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<*xf32>'}}
  %y:3 = "reduce.layer_norm"(%x, %w) <{axis = -1 : i64, epsilon = 1.0e-05 : f64, stash_type = f32}> : (tensor<*xf32>, tensor<8xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @layer_norm_scale_shape(%x: tensor<2x3x8xf32>, %w: tensor<4x8xf32>) {
  // expected-error @+1 {{'reduce.layer_norm' op scale of shape 4x8 does not broadcast to the input shape 2x3x8: dim 1 has size 4, expected 1 or 3}}
  %y, %m, %i = reduce.layer_norm %x, %w axis -1 epsilon 1.0e-05 stash_type f32 : tensor<2x3x8xf32>, tensor<4x8xf32>
  return
}

// -----

func.func @layer_norm_bias_rank(%x: tensor<8xf32>, %w: tensor<8xf32>, %b: tensor<1x8xf32>) {
  // expected-error @+1 {{'reduce.layer_norm' op bias of shape 1x8 does not broadcast to the input shape 8: its rank 2 is above the input's 1}}
  %y, %m, %i = reduce.layer_norm %x, %w, %b axis -1 epsilon 1.0e-05 stash_type f32 : tensor<8xf32>, tensor<8xf32>, tensor<1x8xf32>
  return
}

// -----

func.func @layer_norm_scale_type(%x: tensor<2x8xf16>, %w: tensor<8xf32>) {
  // expected-error @+1 {{'reduce.layer_norm' op scale has element type 'f32', expected the input's element type 'f16'}}
  %y, %m, %i = reduce.layer_norm %x, %w axis -1 epsilon 1.0e-05 stash_type f32 : tensor<2x8xf16>, tensor<8xf32>
  return
}

// -----

func.func @layer_norm_scale_dynamic(%x: tensor<2x8xf32>, %w: tensor<?xf32>) {
  // expected-error @+1 {{'reduce.layer_norm' op scale of shape ? is dynamic, expected a static shape}}
  %y, %m, %i = reduce.layer_norm %x, %w axis -1 epsilon 1.0e-05 stash_type f32 : tensor<2x8xf32>, tensor<?xf32>
  return
}

// -----

func.func @layer_norm_dynamic_input_dim(%x: tensor<2x?xf32>, %w: tensor<8xf32>) {
  // expected-error @+1 {{'reduce.layer_norm' op scale of shape 8 does not broadcast to the input shape 2x?: input dim 1 is dynamic where the scale has size 8 (expected a static input dim or a scale size of 1)}}
  %y, %m, %i = reduce.layer_norm %x, %w axis -1 epsilon 1.0e-05 stash_type f32 : tensor<2x?xf32>, tensor<8xf32>
  return
}

// -----

func.func @layer_norm_stash_type(%x: tensor<2x8xf32>, %w: tensor<8xf32>) {
  // expected-error @+1 {{'reduce.layer_norm' op attribute 'stash_type' failed to satisfy constraint: type attribute of 16-bit float or bfloat16 type or 32-bit float or 64-bit float}}
  %y, %m, %i = reduce.layer_norm %x, %w axis -1 epsilon 1.0e-05 stash_type i32 : tensor<2x8xf32>, tensor<8xf32>
  return
}

// -----

func.func @rms_norm_axis(%x: tensor<2x8xf32>, %w: tensor<8xf32>) {
  // expected-error @+1 {{'reduce.rms_norm' op axis 2 is out of range [-2, 1] for an input of rank 2}}
  %y = reduce.rms_norm %x, %w axis 2 epsilon 1.0e-05 stash_type f32 : tensor<2x8xf32>, tensor<8xf32>
  return
}

// -----

func.func @rms_norm_scale(%x: tensor<2x8xf32>, %w: tensor<3xf32>) {
  // expected-error @+1 {{'reduce.rms_norm' op scale of shape 3 does not broadcast to the input shape 2x8: dim 1 has size 3, expected 1 or 8}}
  %y = reduce.rms_norm %x, %w axis -1 epsilon 1.0e-05 stash_type f32 : tensor<2x8xf32>, tensor<3xf32>
  return
}

// -----

func.func @mvn_axis(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{'reduce.mvn' op axis 2 is out of range [-2, 1] for input of rank 2}}
  %y = reduce.mvn %x axes [0, 2] normalize_variance epsilon 1.0e-09 eps_mode inside_sqrt : tensor<2x8xf32>
  return
}

// -----

func.func @mvn_duplicate(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{'reduce.mvn' op axis -1 (at position 1) duplicates axis 1 (at position 0): both name dimension 1}}
  %y = reduce.mvn %x axes [1, -1] normalize_variance epsilon 1.0e-09 eps_mode inside_sqrt : tensor<2x8xf32>
  return
}

// -----

func.func @normalize_l2_axis(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{'reduce.normalize_l2' op axis -3 is out of range [-2, 1] for input of rank 2}}
  %y = reduce.normalize_l2 %x axes [-3] epsilon 1.0e-10 eps_mode add : tensor<2x8xf32>
  return
}

// -----

func.func @normalize_l2_eps_mode(%x: tensor<2x8xf32>) {
  // expected-error @+2 {{expected one of [add, max] for how reduce.normalize_l2 combines epsilon with the sum of squares, got: inside_sqrt}}
  // expected-error @+1 {{invalid value for property eps_mode}}
  %y = reduce.normalize_l2 %x axes [1] epsilon 1.0e-10 eps_mode inside_sqrt : tensor<2x8xf32>
  return
}

// -----

func.func @softmax_type_mismatch(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{'reduce.softmax' op requires the same type for all operands and results}}
  %y = "reduce.softmax"(%x) <{axis = 1 : i64}> : (tensor<2x8xf32>) -> tensor<2x8xf64>
  return
}
