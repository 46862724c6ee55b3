// Properties written in the attribute dictionary of the generic (or custom)
// form, and unknown names in the properties (`<{bogus = 3}>`, dropped
// silently before). MLIR takes the attribute-backed ones (axes, epsilon) from there, but
// not the others: they became unused attributes and the op kept its default
// (`"reduce.softmax"(%x) {axis = 1 : i64}` normalized over axis 0). Each is
// an error naming the property, on every op of the dialect.
//
// RUN: reduce-opt %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: not reduce-opt %s -split-input-file -o /dev/null 2>&1 | FileCheck %s

func.func @softmax_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'reduce.softmax' op property 'axis' is written in the attribute dictionary, where it would be ignored: expected it in the properties, as `<{axis = 1 : i64}>`}}
  %r = "reduce.softmax"(%x) {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
// CHECK: error: 'reduce.softmax' op property 'axis' is written in the attribute dictionary, where it would be ignored: expected it in the properties, as `<{axis = 1 : i64}>`

// -----

/// The custom form's attribute dictionary is the same dictionary.
func.func @softmax_axis_custom(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{property 'axis' is written in the attribute dictionary}}
  %r = reduce.softmax %x axis 0 {axis = 1 : i64} : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
// CHECK: error: 'reduce.softmax' op property 'axis'

// -----

func.func @log_softmax_coerce_2d(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'reduce.log_softmax' op property 'coerce_2d' is written in the attribute dictionary}}
  %r = "reduce.log_softmax"(%x) <{axis = 1 : i64}> {coerce_2d} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
// CHECK: error: 'reduce.log_softmax' op property 'coerce_2d'

// -----

func.func @sum_keep_dims(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'reduce.sum' op property 'keep_dims' is written in the attribute dictionary}}
  %r = "reduce.sum"(%x) {axes = array<i64: 1>, keep_dims} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: 'reduce.sum' op property 'keep_dims'

// -----

func.func @sum_empty_axes(%x: tensor<2x3xf32>, %a: tensor<0xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'reduce.sum' op property 'empty_axes' is written in the attribute dictionary}}
  %r = "reduce.sum"(%x, %a) {empty_axes = 1 : i32} : (tensor<2x3xf32>, tensor<0xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// CHECK: error: 'reduce.sum' op property 'empty_axes'

// -----

func.func @max_nan_mode(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'reduce.max' op property 'nan_mode' is written in the attribute dictionary}}
  %r = "reduce.max"(%x) {axes = array<i64: 1>, nan_mode = 1 : i32} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: 'reduce.max' op property 'nan_mode'

// -----

func.func @l2_rounding(%x: tensor<2x3xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'reduce.l2' op property 'rounding' is written in the attribute dictionary}}
  %r = "reduce.l2"(%x) {axes = array<i64: 1>, rounding = 1 : i32} : (tensor<2x3xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}
// CHECK: error: 'reduce.l2' op property 'rounding'

// -----

func.func @mvn_normalize_variance(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'reduce.mvn' op property 'normalize_variance' is written in the attribute dictionary}}
  %r = "reduce.mvn"(%x) <{axes = array<i64: 1>, epsilon = 1.0e-05 : f64, eps_mode = 0 : i32}> {normalize_variance} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
// CHECK: error: 'reduce.mvn' op property 'normalize_variance'

// -----

func.func @mvn_eps_mode(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'reduce.mvn' op property 'eps_mode' is written in the attribute dictionary}}
  %r = "reduce.mvn"(%x) {axes = array<i64: 1>, epsilon = 1.0e-05 : f64, eps_mode = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
// CHECK: error: 'reduce.mvn' op property 'eps_mode'

// -----

func.func @normalize_l2_eps_mode(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'reduce.normalize_l2' op property 'eps_mode' is written in the attribute dictionary}}
  %r = "reduce.normalize_l2"(%x) {axes = array<i64: 1>, epsilon = 1.0e-05 : f64, eps_mode = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
// CHECK: error: 'reduce.normalize_l2' op property 'eps_mode'

// -----

func.func @layer_norm_axis(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'reduce.layer_norm' op property 'axis' is written in the attribute dictionary}}
  %y:3 = "reduce.layer_norm"(%x, %w) {axis = 1 : i64, epsilon = 1.0e-05 : f64, stash_type = f32} : (tensor<2x8xf32>, tensor<8xf32>) -> (tensor<2x8xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y#0 : tensor<2x8xf32>
}
// CHECK: error: 'reduce.layer_norm' op property 'axis'

// -----

func.func @rms_norm_axis(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'reduce.rms_norm' op property 'axis' is written in the attribute dictionary}}
  %y = "reduce.rms_norm"(%x, %w) {axis = 1 : i64, epsilon = 1.0e-05 : f64, stash_type = f32} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
// CHECK: error: 'reduce.rms_norm' op property 'axis'

// -----

/// A name that is not a property of the op, in the properties.
func.func @unknown_property(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{unknown property 'bogus': expected axes, empty_axes, keep_dims}}
  %r = "reduce.sum"(%x) <{axes = array<i64: 1>, bogus = 3}> : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: unknown property 'bogus': expected axes, empty_axes, keep_dims

// -----

func.func @unknown_property_softmax(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{unknown property 'axes': expected axis, coerce_2d}}
  %r = "reduce.softmax"(%x) <{axes = array<i64: 1>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
// CHECK: unknown property 'axes': expected axis, coerce_2d

// -----

/// In the properties, each is honoured.
func.func @in_properties(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>) {
  %s = "reduce.softmax"(%x) <{axis = 1 : i64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = "reduce.max"(%x) <{axes = array<i64: 1>, keep_dims, nan_mode = 1 : i32}> : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %s, %m : tensor<2x3xf32>, tensor<2x1xf32>
}
