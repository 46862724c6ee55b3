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

// -----

/// The rest of the family on f32, rows [3, 4] and [-6, 8]: max, prod, mean,
/// sum of squares (9 + 16, 36 + 64) and l2 (5, 10).
// CHECK-LABEL: func @fold_family_f32
// CHECK-DAG:     %[[MAX:.*]] = arith.constant dense<[4.000000e+00, 8.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[PROD:.*]] = arith.constant dense<[1.200000e+01, -4.800000e+01]> : tensor<2xf32>
// CHECK-DAG:     %[[MEAN:.*]] = arith.constant dense<[3.500000e+00, 1.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[SSQ:.*]] = arith.constant dense<[2.500000e+01, 1.000000e+02]> : tensor<2xf32>
// CHECK-DAG:     %[[L2:.*]] = arith.constant dense<[5.000000e+00, 1.000000e+01]> : tensor<2xf32>
// CHECK-NOT:     reduce.
// CHECK:         return %[[MAX]], %[[PROD]], %[[MEAN]], %[[SSQ]], %[[L2]]
func.func @fold_family_f32() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %c = arith.constant dense<[[3.0, 4.0], [-6.0, 8.0]]> : tensor<2x2xf32>
  %max = reduce.max %c axes [1] : tensor<2x2xf32> -> tensor<2xf32>
  %prod = reduce.prod %c axes [1] : tensor<2x2xf32> -> tensor<2xf32>
  %mean = reduce.mean %c axes [1] : tensor<2x2xf32> -> tensor<2xf32>
  %ssq = reduce.sum_square %c axes [1] : tensor<2x2xf32> -> tensor<2xf32>
  %l2 = reduce.l2 %c axes [1] : tensor<2x2xf32> -> tensor<2xf32>
  return %max, %prod, %mean, %ssq, %l2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

/// max: NaN propagates or is skipped (all NaN stays NaN), +0.0 is greater
/// than -0.0 in either order, +-inf. Rows: [NaN, 1], [NaN, NaN], [-0, +0],
/// [+0, -0], [-inf, -inf], [-inf, +inf].
// CHECK-LABEL: func @fold_max_special
// CHECK-DAG:     arith.constant dense<[0x7FC00000, 0x7FC00000, 0.000000e+00, 0.000000e+00, 0xFF800000, 0x7F800000]> : tensor<6xf32>
// CHECK-DAG:     arith.constant dense<[1.000000e+00, 0x7FC00000, 0.000000e+00, 0.000000e+00, 0xFF800000, 0x7F800000]> : tensor<6xf32>
func.func @fold_max_special() -> (tensor<6xf32>, tensor<6xf32>) {
  %c = arith.constant dense<[[0x7FC00000, 1.0], [0x7FC00000, 0x7FC00000], [-0.0, 0.0], [0.0, -0.0], [0xFF800000, 0xFF800000], [0xFF800000, 0x7F800000]]> : tensor<6x2xf32>
  %max = reduce.max %c axes [1] : tensor<6x2xf32> -> tensor<6xf32>
  %ignore = reduce.max %c axes [1] nan_mode ignore : tensor<6x2xf32> -> tensor<6xf32>
  return %max, %ignore : tensor<6xf32>, tensor<6xf32>
}

// -----

/// prod: the sign of a zero product is the product of the signs; 0 * inf
/// is NaN. Rows: [-0, 5], [-0, -5], [0, inf], [-2, inf].
// CHECK-LABEL: func @fold_prod_special
// CHECK:         arith.constant dense<[-0.000000e+00, 0.000000e+00, 0x7FF8000000000000, 0xFFF0000000000000]> : tensor<4xf64>
func.func @fold_prod_special() -> tensor<4xf64> {
  %c = arith.constant dense<[[-0.0, 5.0], [-0.0, -5.0], [0.0, 0x7FF0000000000000], [-2.0, 0x7FF0000000000000]]> : tensor<4x2xf64>
  %prod = reduce.prod %c axes [1] : tensor<4x2xf64> -> tensor<4xf64>
  return %prod : tensor<4xf64>
}

// -----

/// log_sum: log(0.25 + 0.75) = 0, the log of a negative sum is NaN (of
/// either sign: the host's log gives -NaN), log(0) is -inf, a -inf term
/// gives NaN.
// CHECK-LABEL: func @fold_log_sum
// CHECK:         arith.constant dense<[0.000000e+00, {{0x[7F]FC00000}}, 0xFF800000, {{0x[7F]FC00000}}]> : tensor<4xf32>
func.func @fold_log_sum() -> tensor<4xf32> {
  %c = arith.constant dense<[[0.25, 0.75], [-1.0, 0.5], [0.0, -0.0], [0xFF800000, 1.0]]> : tensor<4x2xf32>
  %r = reduce.log_sum %c axes [1] : tensor<4x2xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

/// log_sum_exp is shifted by the maximum: [1000, 1000] is 1000 + log 2
/// (1000.693147...; unshifted, exp(1000) overflows); all -inf is -inf;
/// [0, -inf] is 0; a +inf gives +inf; a NaN gives NaN.
// CHECK-LABEL: func @fold_log_sum_exp
// CHECK:         arith.constant dense<[1000.69318, 0xFF800000, 0.000000e+00, 0x7F800000, 0x7FC00000]> : tensor<5xf32>
func.func @fold_log_sum_exp() -> tensor<5xf32> {
  %c = arith.constant dense<[[1000.0, 1000.0], [0xFF800000, 0xFF800000], [0.0, 0xFF800000], [0x7F800000, 1.0], [0x7FC00000, 1.0]]> : tensor<5x2xf32>
  %r = reduce.log_sum_exp %c axes [1] : tensor<5x2xf32> -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

/// Integers wrap: i8 prod 16 * 16 = 256 = 0, -128 * -1 = 128 = -128, 3 * 100
/// = 300 = 44; sum of squares 16^2 = 0, 12^2 = 144 = -112; the mean is
/// exact (its sum does not wrap), truncated toward zero: (-7 + 0) / 2 = -3
/// (not -4), (100 + 100) / 2 = 100.
// CHECK-LABEL: func @fold_integer_family
// CHECK-DAG:     arith.constant dense<[0, -128, 44]> : tensor<3xi8>
// CHECK-DAG:     arith.constant dense<[0, -112]> : tensor<2xi8>
// CHECK-DAG:     arith.constant dense<[-3, 100]> : tensor<2xi8>
// CHECK-DAG:     arith.constant dense<[-1, 100]> : tensor<2xi8>
func.func @fold_integer_family() -> (tensor<3xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
  %p = arith.constant dense<[[16, 16], [-128, -1], [3, 100]]> : tensor<3x2xi8>
  %prod = reduce.prod %p axes [1] : tensor<3x2xi8> -> tensor<3xi8>
  %s = arith.constant dense<[[16, 0], [12, 0]]> : tensor<2x2xi8>
  %ssq = reduce.sum_square %s axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  %m = arith.constant dense<[[-7, 0], [100, 100]]> : tensor<2x2xi8>
  %mean = reduce.mean %m axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  %x = arith.constant dense<[[-128, -1], [100, -100]]> : tensor<2x2xi8>
  %max = reduce.max %x axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  return %prod, %ssq, %mean, %max : tensor<3xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
}

// -----

/// Integer means of negative sums truncate toward zero (i32: -7 / 3 = -2,
/// -9 / 3 = -3, 7 / 3 = 2); unsigned means divide as unsigned, without
/// wrapping ((255 + 253) / 2 = 254), unsigned max compares as unsigned.
// CHECK-LABEL: func @fold_integer_mean_and_unsigned
// CHECK-DAG:     arith.constant dense<[-2, -3, 2]> : tensor<3xi32>
// CHECK-DAG:     arith.constant dense<254> : tensor<ui8>
// CHECK-DAG:     arith.constant dense<255> : tensor<ui8>
func.func @fold_integer_mean_and_unsigned() -> (tensor<3xi32>, tensor<ui8>, tensor<ui8>) {
  %c = arith.constant dense<[[-10, 3, 0], [-5, -4, 0], [10, -3, 0]]> : tensor<3x3xi32>
  %mean = reduce.mean %c axes [1] : tensor<3x3xi32> -> tensor<3xi32>
  %u = arith.constant dense<[255, 253]> : tensor<2xui8>
  %umean = reduce.mean %u axes [0] : tensor<2xui8> -> tensor<ui8>
  %v = arith.constant dense<[1, 255]> : tensor<2xui8>
  %umax = reduce.max %v axes [0] : tensor<2xui8> -> tensor<ui8>
  return %mean, %umean, %umax : tensor<3xi32>, tensor<ui8>, tensor<ui8>
}

// -----

/// Size-0 dims give the identities: -inf and the lowest integer for max, 1
/// for prod, 0 for sum_square and l2, -inf for log_sum and log_sum_exp; the
/// mean of an empty set is NaN (floats) or 0 (integers).
// CHECK-LABEL: func @fold_family_size_zero
// CHECK-DAG:     %[[MAX:.*]] = arith.constant dense<0xFF800000> : tensor<3xf32>
// CHECK-DAG:     %[[PROD:.*]] = arith.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK-DAG:     %[[MEAN:.*]] = arith.constant dense<0x7FC00000> : tensor<3xf32>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-DAG:     %[[IMAX:.*]] = arith.constant dense<-2147483648> : tensor<2xi32>
// CHECK-DAG:     %[[IPROD:.*]] = arith.constant dense<1> : tensor<2xi32>
// CHECK-DAG:     %[[IMEAN:.*]] = arith.constant dense<0> : tensor<2xi32>
// CHECK-DAG:     %[[UMAX:.*]] = arith.constant dense<0> : tensor<2xui8>
// CHECK:         return %[[MAX]], %[[PROD]], %[[MEAN]], %[[ZERO]], %[[ZERO]], %[[MAX]], %[[MAX]], %[[IMAX]], %[[IPROD]], %[[IMEAN]], %[[UMAX]]
func.func @fold_family_size_zero() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xui8>) {
  %f = arith.constant dense<> : tensor<0x3xf32>
  %i = arith.constant dense<> : tensor<2x0xi32>
  %u = arith.constant dense<> : tensor<0x2xui8>
  %0 = reduce.max %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %1 = reduce.prod %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %2 = reduce.mean %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %3 = reduce.sum_square %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %4 = reduce.l2 %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %5 = reduce.log_sum %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %6 = reduce.log_sum_exp %f axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %7 = reduce.max %i axes [1] : tensor<2x0xi32> -> tensor<2xi32>
  %8 = reduce.prod %i axes [1] : tensor<2x0xi32> -> tensor<2xi32>
  %9 = reduce.mean %i axes [1] : tensor<2x0xi32> -> tensor<2xi32>
  %10 = reduce.max %u axes [0] : tensor<0x2xui8> -> tensor<2xui8>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xui8>
}

// -----

/// f16 accumulates in f32: 256 * 256 * 2^-8 is 256 (in f16 the partial
/// product 65536 overflows); the mean of [65504, 65504] is 65504 (the f16
/// sum overflows); sqrt(300^2 + 400^2) = 500 (300^2 overflows f16 too).
// CHECK-LABEL: func @fold_family_f16
// CHECK-DAG:     %[[PROD:.*]] = arith.constant dense<2.560000e+02> : tensor<1xf16>
// CHECK-DAG:     %[[MEAN:.*]] = arith.constant dense<6.550400e+04> : tensor<1xf16>
// CHECK-DAG:     %[[L2:.*]] = arith.constant dense<5.000000e+02> : tensor<1xf16>
// CHECK:         return %[[PROD]], %[[MEAN]], %[[L2]]
func.func @fold_family_f16() -> (tensor<1xf16>, tensor<1xf16>, tensor<1xf16>) {
  %p = arith.constant dense<[256.0, 256.0, 0.00390625]> : tensor<3xf16>
  %m = arith.constant dense<[65504.0, 65504.0]> : tensor<2xf16>
  %l = arith.constant dense<[300.0, 400.0]> : tensor<2xf16>
  %prod = reduce.prod %p axes [0] keep_dims : tensor<3xf16> -> tensor<1xf16>
  %mean = reduce.mean %m axes [0] keep_dims : tensor<2xf16> -> tensor<1xf16>
  %l2 = reduce.l2 %l axes [0] keep_dims : tensor<2xf16> -> tensor<1xf16>
  return %prod, %mean, %l2 : tensor<1xf16>, tensor<1xf16>, tensor<1xf16>
}

// -----

/// The integer mean does not overflow (ONNX Runtime's "large values" case):
/// three int32 2e9 give 2e9; three int64 4e18 give 4e18; two int64 minima
/// and 5 give trunc((-2^64 + 5) / 3).
// CHECK-LABEL: func @fold_integer_mean_no_overflow
// CHECK-DAG:     arith.constant dense<2000000000> : tensor<i32>
// CHECK-DAG:     arith.constant dense<4000000000000000000> : tensor<i64>
// CHECK-DAG:     arith.constant dense<-6148914691236517203> : tensor<i64>
// CHECK-DAG:     arith.constant dense<18446744073709551615> : tensor<ui64>
func.func @fold_integer_mean_no_overflow() -> (tensor<i32>, tensor<i64>, tensor<i64>, tensor<ui64>) {
  %a = arith.constant dense<2000000000> : tensor<3xi32>
  %ma = reduce.mean %a axes [0] : tensor<3xi32> -> tensor<i32>
  %b = arith.constant dense<4000000000000000000> : tensor<3xi64>
  %mb = reduce.mean %b axes [0] : tensor<3xi64> -> tensor<i64>
  %c = arith.constant dense<[-9223372036854775808, -9223372036854775808, 5]> : tensor<3xi64>
  %mc = reduce.mean %c axes [0] : tensor<3xi64> -> tensor<i64>
  %d = arith.constant dense<18446744073709551615> : tensor<4xui64>
  %md = reduce.mean %d axes [0] : tensor<4xui64> -> tensor<ui64>
  return %ma, %mb, %mc, %md : tensor<i32>, tensor<i64>, tensor<i64>, tensor<ui64>
}

// -----

/// Integer l2, log_sum and log_sum_exp are computed in f64 and truncated
/// toward zero (ONNX Runtime): L2 of 1..12 over axes 0 and 2 is [15, 20];
/// of [50000, 50000] 70710 (the squares do not wrap); log_sum_exp of
/// [5, 5, 3] is 5; log(6) is 1. With `rounding nearest_even` (OpenVINO)
/// sqrt(61) = 7.81 gives 8.
// CHECK-LABEL: func @fold_integer_via_f64
// CHECK-DAG:     arith.constant dense<[15, 20]> : tensor<2xi32>
// CHECK-DAG:     arith.constant dense<70710> : tensor<i32>
// CHECK-DAG:     arith.constant dense<5> : tensor<i32>
// CHECK-DAG:     arith.constant dense<1> : tensor<ui64>
// CHECK-DAG:     arith.constant dense<[2, 5, 8, 11, 13, 16]> : tensor<6xi32>
func.func @fold_integer_via_f64() -> (tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<ui64>, tensor<6xi32>) {
  %x = arith.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9, 10], [11, 12]]]> : tensor<3x2x2xi32>
  %l2 = reduce.l2 %x axes [0, 2] : tensor<3x2x2xi32> -> tensor<2xi32>
  %w = arith.constant dense<50000> : tensor<2xi32>
  %wide = reduce.l2 %w axes [0] : tensor<2xi32> -> tensor<i32>
  %e = arith.constant dense<[5, 5, 3]> : tensor<3xi32>
  %lse = reduce.log_sum_exp %e axes [0] : tensor<3xi32> -> tensor<i32>
  %s = arith.constant dense<[1, 2, 3]> : tensor<3xui64>
  %ls = reduce.log_sum %s axes [0] : tensor<3xui64> -> tensor<ui64>
  %y = arith.constant dense<[[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12]]> : tensor<6x2xi32>
  %ov = reduce.l2 %y axes [1] rounding nearest_even : tensor<6x2xi32> -> tensor<6xi32>
  return %l2, %wide, %lse, %ls, %ov : tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<ui64>, tensor<6xi32>
}

// -----

/// Results outside the integer type saturate, NaN gives 0: the L2 norm of
/// INT32_MIN is INT32_MAX; the log of a zero sum (-inf) is the lowest value
/// (0 for unsigned); the log of a negative sum (NaN) is 0; log_sum_exp over
/// a size-0 dim (-inf) is the lowest value.
// CHECK-LABEL: func @fold_integer_saturation
// CHECK-DAG:     arith.constant dense<2147483647> : tensor<i32>
// CHECK-DAG:     arith.constant dense<[-128, 0]> : tensor<2xi8>
// CHECK-DAG:     arith.constant dense<0> : tensor<ui16>
// CHECK-DAG:     arith.constant dense<-9223372036854775808> : tensor<2xi64>
func.func @fold_integer_saturation() -> (tensor<i32>, tensor<2xi8>, tensor<ui16>, tensor<2xi64>) {
  %m = arith.constant dense<-2147483648> : tensor<1xi32>
  %l2 = reduce.l2 %m axes [0] : tensor<1xi32> -> tensor<i32>
  %z = arith.constant dense<[[3, -3], [-3, 1]]> : tensor<2x2xi8>
  %ls = reduce.log_sum %z axes [1] : tensor<2x2xi8> -> tensor<2xi8>
  %u = arith.constant dense<0> : tensor<3xui16>
  %lu = reduce.log_sum %u axes [0] : tensor<3xui16> -> tensor<ui16>
  %e = arith.constant dense<> : tensor<2x0xi64>
  %lse = reduce.log_sum_exp %e axes [1] : tensor<2x0xi64> -> tensor<2xi64>
  return %l2, %ls, %lu, %lse : tensor<i32>, tensor<2xi8>, tensor<ui16>, tensor<2xi64>
}
