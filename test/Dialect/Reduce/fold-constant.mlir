// RUN: reduce-opt %s --canonicalize --split-input-file | FileCheck %s

/// Constant inputs fold to constants with the exact semantics of each op.

// CHECK-LABEL: func @fold_f32
// CHECK-DAG:     %[[SUM:.*]] = arith.constant dense<[6.000000e+00, 1.600000e+01]> : tensor<2xf32>
// CHECK-DAG:     %[[L1:.*]] = arith.constant dense<[6.000000e+00, 1.500000e+01]> : tensor<2xf32>
// CHECK-DAG:     %[[MIN:.*]] = arith.constant dense<{{\[}}[-4.000000e+00, -5.000000e+00, 3.000000e+00]]> : tensor<1x3xf32>
// CHECK-DAG:     %[[ALL:.*]] = arith.constant dense<-1.000000e+00> : tensor<f32>
// CHECK:         return %[[SUM]], %[[L1]], %[[MIN]], %[[ALL]]
func.func @fold_f32() -> (tensor<2xf32>, tensor<2xf32>, tensor<1x3xf32>, tensor<f32>) {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]]> : tensor<2x3xf32>
  %n = arith.constant dense<[[1.0, -2.0, 3.0], [-4.0, -5.0, 6.0]]> : tensor<2x3xf32>
  %sum = reduce.sum %c axes [1] : tensor<2x3xf32> -> tensor<2xf32>
  %l1 = reduce.l1 %n axes [-1] : tensor<2x3xf32> -> tensor<2xf32>
  %min = reduce.min %n axes [0] keep_dims : tensor<2x3xf32> -> tensor<1x3xf32>
  %all = reduce.sum %n axes [0, 1] : tensor<2x3xf32> -> tensor<f32>
  return %sum, %l1, %min, %all : tensor<2xf32>, tensor<2xf32>, tensor<1x3xf32>, tensor<f32>
}

// -----

/// NaN, infinities and signed zeros. Rows: [NaN, 1], [-0, +0], [+inf, -inf],
/// [NaN, NaN].
// CHECK-LABEL: func @fold_special_floats
// CHECK-DAG:     arith.constant dense<[0x7FC00000, 0.000000e+00, 0x7FC00000, 0x7FC00000]> : tensor<4xf32>
// CHECK-DAG:     arith.constant dense<[0x7FC00000, 0.000000e+00, 0x7F800000, 0x7FC00000]> : tensor<4xf32>
// CHECK-DAG:     arith.constant dense<[0x7FC00000, -0.000000e+00, 0xFF800000, 0x7FC00000]> : tensor<4xf32>
// CHECK-DAG:     arith.constant dense<[1.000000e+00, -0.000000e+00, 0xFF800000, 0x7FC00000]> : tensor<4xf32>
func.func @fold_special_floats() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<[[0x7FC00000, 1.0], [-0.0, 0.0], [0x7F800000, 0xFF800000], [0x7FC00000, 0x7FC00000]]> : tensor<4x2xf32>
  %sum = reduce.sum %c axes [1] : tensor<4x2xf32> -> tensor<4xf32>
  %l1 = reduce.l1 %c axes [1] : tensor<4x2xf32> -> tensor<4xf32>
  %min = reduce.min %c axes [1] : tensor<4x2xf32> -> tensor<4xf32>
  %min_ignore = reduce.min %c axes [1] nan_mode ignore : tensor<4x2xf32> -> tensor<4xf32>
  return %sum, %l1, %min, %min_ignore : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

/// -0.0 is less than +0.0 in either order.
// CHECK-LABEL: func @fold_min_signed_zero
// CHECK:         arith.constant dense<-0.000000e+00> : tensor<2xf64>
func.func @fold_min_signed_zero() -> tensor<2xf64> {
  %c = arith.constant dense<[[0.0, -0.0], [-0.0, 0.0]]> : tensor<2x2xf64>
  %min = reduce.min %c axes [1] : tensor<2x2xf64> -> tensor<2xf64>
  return %min : tensor<2xf64>
}

// -----

/// Reducing a size-0 dim gives the identity: 0 for sum and l1, +inf and the
/// largest integer for min.
// CHECK-LABEL: func @fold_size_zero
// CHECK-DAG:     arith.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<0x7F800000> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<0> : tensor<3xi32>
// CHECK-DAG:     arith.constant dense<2147483647> : tensor<3xi32>
// CHECK-DAG:     arith.constant dense<255> : tensor<3xui8>
// CHECK-DAG:     arith.constant dense<> : tensor<0xf32>
func.func @fold_size_zero() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xui8>, tensor<0xf32>) {
  %f = arith.constant dense<> : tensor<0x3xf32>
  %i = arith.constant dense<> : tensor<0x3xi32>
  %u = arith.constant dense<> : tensor<0x3xui8>
  %0 = reduce.l1 %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %1 = reduce.min %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %2 = reduce.sum %i axes [0] : tensor<0x3xi32> -> tensor<3xi32>
  %3 = reduce.min %i axes [0] : tensor<0x3xi32> -> tensor<3xi32>
  %4 = reduce.min %u axes [0] : tensor<0x3xui8> -> tensor<3xui8>
  %5 = reduce.sum %f axes [1] : tensor<0x3xf32> -> tensor<0xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xui8>, tensor<0xf32>
}

// -----

/// Signless integers are signed and wrap; |INT_MIN| wraps to itself.
// CHECK-LABEL: func @fold_signed_integers
// CHECK-DAG:     arith.constant dense<[-56, -128]> : tensor<2xi8>
// CHECK-DAG:     arith.constant dense<[-56, -127]> : tensor<2xi8>
// CHECK-DAG:     arith.constant dense<[100, -128]> : tensor<2xi8>
func.func @fold_signed_integers() -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
  %c = arith.constant dense<[[100, 100], [-128, 0]]> : tensor<2x2xi8>
  %d = arith.constant dense<[[100, 100], [-128, 1]]> : tensor<2x2xi8>
  %sum = reduce.sum %c axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  %l1 = reduce.l1 %d axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  %min = reduce.min %c axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  return %sum, %l1, %min : tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
}

// -----

/// Unsigned integers compare as unsigned and wrap modulo 2^bits.
// CHECK-LABEL: func @fold_unsigned_integers
// CHECK-DAG:     arith.constant dense<[44, 0]> : tensor<2xui8>
// CHECK-DAG:     arith.constant dense<[100, 1]> : tensor<2xui8>
// CHECK-DAG:     arith.constant dense<[7, 4294967295]> : tensor<2xui32>
func.func @fold_unsigned_integers() -> (tensor<2xui8>, tensor<2xui8>, tensor<2xui8>, tensor<2xui32>) {
  %c = arith.constant dense<[[200, 100], [255, 1]]> : tensor<2x2xui8>
  %w = arith.constant dense<[[4294967295, 7], [4294967295, 4294967295]]> : tensor<2x2xui32>
  %sum = reduce.sum %c axes [1] : tensor<2x2xui8> -> tensor<2xui8>
  %l1 = reduce.l1 %c axes [1] : tensor<2x2xui8> -> tensor<2xui8>
  %min = reduce.min %c axes [1] : tensor<2x2xui8> -> tensor<2xui8>
  %wmin = reduce.min %w axes [1] : tensor<2x2xui32> -> tensor<2xui32>
  return %sum, %l1, %min, %wmin : tensor<2xui8>, tensor<2xui8>, tensor<2xui8>, tensor<2xui32>
}

// -----

/// i64 extremes wrap as well.
// CHECK-LABEL: func @fold_i64
// CHECK:         arith.constant dense<-9223372036854775808> : tensor<i64>
func.func @fold_i64() -> tensor<i64> {
  %c = arith.constant dense<[9223372036854775807, 1]> : tensor<2xi64>
  %sum = reduce.sum %c axes [0] : tensor<2xi64> -> tensor<i64>
  return %sum : tensor<i64>
}

// -----

/// f16 and bf16 accumulate in f32 and round once: 2048 + 1 + 1 is 2050 in
/// f16 (a sequential f16 sum would stay at 2048); 256 + 1 + 1 is 258 in bf16.
// CHECK-LABEL: func @fold_half_accumulation
// CHECK-DAG:     arith.constant dense<2.050000e+03> : tensor<f16>
// CHECK-DAG:     arith.constant dense<2.580000e+02> : tensor<bf16>
// CHECK-DAG:     arith.constant dense<-2.048000e+03> : tensor<f16>
func.func @fold_half_accumulation() -> (tensor<f16>, tensor<bf16>, tensor<f16>) {
  %h = arith.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
  %b = arith.constant dense<[256.0, 1.0, 1.0]> : tensor<3xbf16>
  %0 = reduce.sum %h axes [0] : tensor<3xf16> -> tensor<f16>
  %1 = reduce.sum %b axes [0] : tensor<3xbf16> -> tensor<bf16>
  %n = arith.constant dense<[1.0, -2048.0, 0x7E00]> : tensor<3xf16>
  %2 = reduce.min %n axes [0] nan_mode ignore : tensor<3xf16> -> tensor<f16>
  return %0, %1, %2 : tensor<f16>, tensor<bf16>, tensor<f16>
}

// -----

/// Splat inputs fold too.
// CHECK-LABEL: func @fold_splat
// CHECK:         arith.constant dense<1.200000e+01> : tensor<4xf32>
func.func @fold_splat() -> tensor<4xf32> {
  %c = arith.constant dense<-1.5> : tensor<4x8xf32>
  %0 = reduce.l1 %c axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

/// A less static written result type is not folded to a constant.
// CHECK-LABEL: func @no_fold_dynamic_result
// CHECK:         reduce.sum %{{.*}} axes [1] : tensor<4x8xf32> -> tensor<?xf32>
func.func @no_fold_dynamic_result() -> tensor<?xf32> {
  %c = arith.constant dense<1.0> : tensor<4x8xf32>
  %0 = reduce.sum %c axes [1] : tensor<4x8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

/// Inputs above 2^20 elements are not folded, to bound compile time.
// CHECK-LABEL: func @no_fold_huge
// CHECK:         reduce.sum %{{.*}} axes [1] : tensor<1024x2048xf32> -> tensor<1024xf32>
func.func @no_fold_huge() -> tensor<1024xf32> {
  %c = arith.constant dense<1.0> : tensor<1024x2048xf32>
  %0 = reduce.sum %c axes [1] : tensor<1024x2048xf32> -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
