// RUN: reduce-opt %s --pass-pipeline='builtin.module(raise-to-reduce,func.func(tosa-to-tensor),raise-to-reduce)' --split-input-file | FileCheck %s

// TOSA reduces one axis per op; a reduction over several axes is a chain,
// and a reshape drops the kept unit dims. Where two steps and one step
// agree, the chain is one reduce op, and the reshape its keep_dims.

// CHECK-LABEL: func @two_axes
//  CHECK-NEXT:   %[[R:.*]] = reduce.sum %{{.*}} axes [0, 2] : tensor<64x256x1024xf32> -> tensor<256xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @two_axes(%x: tensor<64x256x1024xf32>) -> tensor<256xf32> {
  %a = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<64x256x1024xf32>) -> tensor<1x256x1024xf32>
  %b = tosa.reduce_sum %a {axis = 2 : i32} : (tensor<1x256x1024xf32>) -> tensor<1x256x1xf32>
  %s = tosa.const_shape {values = dense<[256]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r = tosa.reshape %b, %s : (tensor<1x256x1xf32>, !tosa.shape<1>) -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// -----

// CHECK-LABEL: func @everything
//  CHECK-NEXT:   %[[R:.*]] = reduce.max %{{.*}} axes [0, 1] nan_mode ignore : tensor<8x16xf16> -> tensor<f16>
//  CHECK-NEXT:   return %[[R]]
func.func @everything(%x: tensor<8x16xf16>) -> tensor<f16> {
  %a = tosa.reduce_max %x {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<8x16xf16>) -> tensor<8x1xf16>
  %b = tosa.reduce_max %a {axis = 0 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<8x1xf16>) -> tensor<1x1xf16>
  %s = tosa.const_shape {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
  %r = tosa.reshape %b, %s : (tensor<1x1xf16>, !tosa.shape<0>) -> tensor<f16>
  return %r : tensor<f16>
}

// -----

// Integer sums wrap the same in one step or two.
// CHECK-LABEL: func @int_sum
//  CHECK-NEXT:   reduce.sum %{{.*}} axes [0, 1] keep_dims : tensor<4x8xi32> -> tensor<1x1xi32>
func.func @int_sum(%x: tensor<4x8xi32>) -> tensor<1x1xi32> {
  %a = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<4x8xi32>) -> tensor<1x8xi32>
  %b = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<1x8xi32>) -> tensor<1x1xi32>
  return %b : tensor<1x1xi32>
}

// -----

// f16 sums and f32 products merge too: one rounding of the wider
// accumulator instead of one per step.
// CHECK-LABEL: func @float_accumulators
//       CHECK:   reduce.sum %{{.*}} axes [0, 1] keep_dims : tensor<4x8xf16> -> tensor<1x1xf16>
//       CHECK:   reduce.prod %{{.*}} axes [0, 1] keep_dims : tensor<4x8xf32> -> tensor<1x1xf32>
func.func @float_accumulators(%h: tensor<4x8xf16>, %f: tensor<4x8xf32>)
    -> (tensor<1x1xf16>, tensor<1x1xf32>) {
  %a = tosa.reduce_sum %h {axis = 0 : i32} : (tensor<4x8xf16>) -> tensor<1x8xf16>
  %b = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<1x8xf16>) -> tensor<1x1xf16>
  %c = tosa.reduce_product %f {axis = 0 : i32} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %d = tosa.reduce_product %c {axis = 1 : i32} : (tensor<1x8xf32>) -> tensor<1x1xf32>
  return %b, %d : tensor<1x1xf16>, tensor<1x1xf32>
}

// -----

// Not merged: different NaN modes, different kinds, an intermediate with
// another use.
// CHECK-LABEL: func @kept_apart
//       CHECK:   reduce.max %{{.*}} axes [1] keep_dims nan_mode ignore
//       CHECK:   reduce.max %{{.*}} axes [0] keep_dims :
//       CHECK:   reduce.min
//       CHECK:   reduce.max
//       CHECK:   %[[S:.*]] = reduce.sum %{{.*}} axes [1] keep_dims
//       CHECK:   reduce.sum %[[S]] axes [0] keep_dims
func.func @kept_apart(%f: tensor<4x8xf32>)
    -> (tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<4x1xf32>) {
  %e = tosa.reduce_max %f {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %g = tosa.reduce_max %e {axis = 0 : i32} : (tensor<4x1xf32>) -> tensor<1x1xf32>
  %i = tosa.reduce_min %f {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %j = tosa.reduce_max %i {axis = 0 : i32} : (tensor<4x1xf32>) -> tensor<1x1xf32>
  %k = tosa.reduce_sum %f {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %l = tosa.reduce_sum %k {axis = 0 : i32} : (tensor<4x1xf32>) -> tensor<1x1xf32>
  return %g, %j, %l, %k : tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<4x1xf32>
}

// -----

// A reshape that does more than drop the unit dims: tosa-to-tensor writes
// it as a collapse, which drops them, and an expand, which stays.
// CHECK-LABEL: func @other_reshape
//       CHECK:   %[[R:.*]] = reduce.sum %{{.*}} axes [1] : tensor<4x8xf32> -> tensor<4xf32>
//       CHECK:   tensor.expand_shape %[[R]] {{\[}}[0, 1]] output_shape [2, 2]
func.func @other_reshape(%x: tensor<4x8xf32>) -> tensor<2x2xf32> {
  %a = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %s = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %a, %s : (tensor<4x1xf32>, !tosa.shape<2>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
