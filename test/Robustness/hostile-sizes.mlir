// Static sizes whose products overflow int64 (an element count, or a
// row-major stride of an empty tensor): every reduce op's verifier refuses
// them, before a folder, the lowering (the count of reduce.mean) or a pass
// (the alignment of reduce-nontemporal-stores) multiplies them.
//
// RUN: reduce-opt %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: not reduce-opt %s -split-input-file -o /dev/null 2>&1 | FileCheck %s

/// 2^62 x 2 = 2^63 elements: the count of the mean overflowed.
func.func @mean_count_overflows(%x: tensor<4611686018427387904x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'reduce.mean' op operand #0 has type 'tensor<4611686018427387904x2xf32>', whose sizes multiply past the int64 range: expected element counts and strides below 2^63}}
  %r = reduce.mean %x axes [0] : tensor<4611686018427387904x2xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: 'reduce.mean' op operand #0 has type 'tensor<4611686018427387904x2xf32>', whose sizes multiply past the int64 range

// -----

/// A splat constant: the folder counted 2^63 elements as a negative number.
func.func @splat_count_overflows() -> tensor<2xf32> {
  %c = arith.constant dense<1.0> : tensor<4611686018427387904x2xf32>
  // expected-error @+1 {{operand #0 has type 'tensor<4611686018427387904x2xf32>', whose sizes multiply past the int64 range}}
  %r = reduce.sum %c axes [0] : tensor<4611686018427387904x2xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: 'reduce.sum' op operand #0

// -----

/// 2^124 elements wrapped to 0 in the folder.
func.func @count_wraps_to_zero() -> tensor<f32> {
  %c = arith.constant dense<1.0> : tensor<4611686018427387904x4611686018427387904xf32>
  // expected-error @+1 {{'reduce.l1' op operand #0 has type}}
  %r = reduce.l1 %c axes [0, 1] : tensor<4611686018427387904x4611686018427387904xf32> -> tensor<f32>
  return %r : tensor<f32>
}
// CHECK: error: 'reduce.l1' op operand #0

// -----

/// No elements, but a stride of 2^64: no memref descriptor describes it.
func.func @empty_input_stride_overflows(%x: tensor<0x4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
  // expected-error @+1 {{'reduce.max' op operand #0 has type 'tensor<0x4611686018427387904x4xf32>'}}
  %r = reduce.max %x axes [0] : tensor<0x4611686018427387904x4xf32> -> tensor<4611686018427387904x4xf32>
  return %r : tensor<4611686018427387904x4xf32>
}
// CHECK: error: 'reduce.max' op operand #0 has type 'tensor<0x4611686018427387904x4xf32>'

// -----

/// A dynamic dim does not help: the static sizes already overflow.
func.func @dynamic_and_overflowing(%x: tensor<?x4611686018427387904x4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'reduce.sum' op operand #0 has type 'tensor<?x4611686018427387904x4xf32>'}}
  %r = reduce.sum %x axes [1, 2] : tensor<?x4611686018427387904x4xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
// CHECK: error: 'reduce.sum' op operand #0 has type 'tensor<?x4611686018427387904x4xf32>'

// -----

/// The strides of reduce-nontemporal-stores' alignment overflowed.
func.func @log_softmax_overflows(%x: tensor<2x4611686018427387904x3xf32>) -> tensor<2x4611686018427387904x3xf32> {
  // expected-error @+1 {{'reduce.log_softmax' op operand #0 has type}}
  %r = reduce.log_softmax %x axis 1 : tensor<2x4611686018427387904x3xf32>
  return %r : tensor<2x4611686018427387904x3xf32>
}
// CHECK: error: 'reduce.log_softmax' op operand #0

// -----

func.func @mvn_overflows(%x: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
  // expected-error @+1 {{'reduce.mvn' op operand #0 has type}}
  %r = reduce.mvn %x axes [1] normalize_variance epsilon 1.0e-05 eps_mode inside_sqrt : tensor<4611686018427387904x4xf32>
  return %r : tensor<4611686018427387904x4xf32>
}
// CHECK: error: 'reduce.mvn' op operand #0

// -----

func.func @layer_norm_overflows(%x: tensor<4611686018427387904x4xf32>, %s: tensor<4xf32>) -> tensor<4611686018427387904x4xf32> {
  // expected-error @+1 {{'reduce.layer_norm' op operand #0 has type}}
  %r, %m, %i = reduce.layer_norm %x, %s axis 1 epsilon 1.0e-05 stash_type f32 : tensor<4611686018427387904x4xf32>, tensor<4xf32>
  return %r : tensor<4611686018427387904x4xf32>
}
// CHECK: error: 'reduce.layer_norm' op operand #0

// -----

/// 2^62 x 1 x 0 still fits: verified (and folded to the identity elsewhere).
func.func @largest_legal(%x: tensor<4611686018427387904x1xf32>) -> tensor<1xf32> {
  %r = reduce.sum %x axes [0] : tensor<4611686018427387904x1xf32> -> tensor<1xf32>
  return %r : tensor<1xf32>
}
// CHECK-NOT: error: 'reduce.sum' op operand #0 has type 'tensor<4611686018427387904x1xf32>'
