// reduce-verify-input: what verifies but the passes of the pipeline cannot
// compile safely is an error naming the op, before any of them runs.
//
// RUN: reduce-opt %s -split-input-file -reduce-verify-input -verify-diagnostics | FileCheck %s
// The whole pipeline stops at it (a negative index crashed
// loop-invariant-subset-hoisting, exit 139):
// RUN: not reduce-opt %s -split-input-file --reduce-to-llvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE

/// Dims in range pass unchanged.
// CHECK-LABEL: func.func @dims_in_range
// CHECK: tensor.dim %{{.*}}, %{{.*}} : tensor<?x?xf32>
func.func @dims_in_range(%x: tensor<?x?xf32>) -> index {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %x, %c1 : tensor<?x?xf32>
  return %d : index
}

// -----

func.func @dim_past_rank(%x: tensor<?xf32>) -> index {
  %c3 = arith.constant 3 : index
  // expected-error @+1 {{'tensor.dim' op index 3 is out of range [0, 1) for a source of type 'tensor<?xf32>'}}
  %d = tensor.dim %x, %c3 : tensor<?xf32>
  return %d : index
}
// PIPELINE: error: 'tensor.dim' op index 3 is out of range [0, 1) for a source of type 'tensor<?xf32>'

// -----

func.func @dim_negative(%x: tensor<?xf32>) -> tensor<f32> {
  %c = arith.constant -1 : index
  // expected-error @+1 {{'tensor.dim' op index -1 is out of range [0, 1) for a source of type 'tensor<?xf32>'}}
  %d = tensor.dim %x, %c : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %r = reduce.sum %e axes [0] : tensor<?xf32> -> tensor<f32>
  return %r : tensor<f32>
}
// PIPELINE: error: 'tensor.dim' op index -1 is out of range [0, 1)

// -----

func.func @memref_dim_past_rank(%x: memref<?x4xf32>) -> index {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'memref.dim' op index 2 is out of range [0, 2) for a source of type 'memref<?x4xf32>'}}
  %d = memref.dim %x, %c2 : memref<?x4xf32>
  return %d : index
}
// PIPELINE: error: 'memref.dim' op index 2 is out of range [0, 2)

// -----

/// An elementwise op on an empty tensor whose strides overflow.
func.func @elementwise_stride_overflows(%x: tensor<0x4611686018427387904x4xf32>) -> tensor<0x4611686018427387904x4xf32> {
  // expected-error @+1 {{'arith.addf' op operand #0 has type 'tensor<0x4611686018427387904x4xf32>', whose sizes multiply past the int64 range: expected element counts and strides below 2^63}}
  %y = arith.addf %x, %x : tensor<0x4611686018427387904x4xf32>
  return %y : tensor<0x4611686018427387904x4xf32>
}
// PIPELINE: error: 'arith.addf' op operand #0 has type 'tensor<0x4611686018427387904x4xf32>', whose sizes multiply past the int64 range

// -----

/// An argument nobody reads still has a descriptor.
// expected-error @+1 {{'func.func' op block argument #0 has type 'tensor<4611686018427387904x4xf32>', whose sizes multiply past the int64 range}}
func.func @unused_argument(%x: tensor<4611686018427387904x4xf32>) {
  return
}
// PIPELINE: error: 'func.func' op block argument #0 has type 'tensor<4611686018427387904x4xf32>'

// -----

/// Floats the pipeline cannot compute with: f8 (and tf32, f80, f128).
func.func @f8_elements(%x: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  // expected-error @+1 {{'arith.addf' op operand #0 has element type 'f8E4M3FN', which the reduce pipeline does not compile: expected f16, bf16, f32 or f64 floats (convert the data first)}}
  %y = arith.addf %x, %x : tensor<4xf8E4M3FN>
  return %y : tensor<4xf8E4M3FN>
}
// PIPELINE: error: 'arith.addf' op operand #0 has element type 'f8E4M3FN', which the reduce pipeline does not compile

// -----

func.func @f80_result(%x: tensor<4xf32>) -> tensor<4xf80> {
  // expected-error @+1 {{'arith.extf' op result #0 has element type 'f80', which the reduce pipeline does not compile}}
  %y = arith.extf %x : tensor<4xf32> to tensor<4xf80>
  return %y : tensor<4xf80>
}
// PIPELINE: error: 'arith.extf' op result #0 has element type 'f80', which the reduce pipeline does not compile
