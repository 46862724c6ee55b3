// RUN: reduce-opt %s --canonicalize --split-input-file | FileCheck %s

/// Constant inputs of the arg-reductions and the scans fold to constants
/// with the exact semantics of each op.

/// Rows: ties, NaNs among numbers, signed zeros (equal) beside -inf, NaNs
/// only, -inf only, a NaN beside both infinities.
// CHECK-LABEL: func @fold_argmax_floats
// CHECK-DAG:     %[[MAX:.*]] = arith.constant dense<[1, 0, 0, 0, 0, 1]> : tensor<6xi64>
// CHECK-DAG:     %[[MAX_LAST:.*]] = arith.constant dense<[2, 2, 3, 3, 3, 1]> : tensor<6xi64>
// CHECK-DAG:     %[[MAX_IGNORE:.*]] = arith.constant dense<[1, 1, 0, 0, 0, 3]> : tensor<6xi64>
// CHECK-DAG:     %[[MAX_IGNORE_LAST:.*]] = arith.constant dense<[2, 1, 3, 0, 3, 3]> : tensor<6xi32>
// CHECK-DAG:     %[[MIN:.*]] = arith.constant dense<[0, 0, 2, 0, 0, 1]> : tensor<6xi64>
// CHECK-DAG:     %[[MIN_IGNORE:.*]] = arith.constant dense<[0, 3, 2, 0, 0, 2]> : tensor<6xi64>
// CHECK:         return %[[MAX]], %[[MAX_LAST]], %[[MAX_IGNORE]], %[[MAX_IGNORE_LAST]], %[[MIN]], %[[MIN_IGNORE]]
func.func @fold_argmax_floats() -> (tensor<6xi64>, tensor<6xi64>, tensor<6xi64>, tensor<6xi32>, tensor<6xi64>, tensor<6xi64>) {
  %c = arith.constant dense<[[1.0, 3.0, 3.0, 2.0],
                             [0x7FC00000, 5.0, 0x7FC00000, 1.0],
                             [-0.0, 0.0, 0xFF800000, -0.0],
                             [0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000],
                             [0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000],
                             [2.0, 0x7FC00000, 0xFF800000, 0x7F800000]]> : tensor<6x4xf32>
  %0 = reduce.argmax %c axis 1 : tensor<6x4xf32> -> tensor<6xi64>
  %1 = reduce.argmax %c axis -1 select_last_index : tensor<6x4xf32> -> tensor<6xi64>
  %2 = reduce.argmax %c axis 1 nan_mode ignore : tensor<6x4xf32> -> tensor<6xi64>
  %3 = reduce.argmax %c axis 1 select_last_index nan_mode ignore : tensor<6x4xf32> -> tensor<6xi32>
  %4 = reduce.argmin %c axis 1 : tensor<6x4xf32> -> tensor<6xi64>
  %5 = reduce.argmin %c axis 1 nan_mode ignore : tensor<6x4xf32> -> tensor<6xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<6xi64>, tensor<6xi64>, tensor<6xi64>, tensor<6xi32>, tensor<6xi64>, tensor<6xi64>
}

// -----

/// Signed and unsigned order, integer limits, keep_dims over columns.
// CHECK-LABEL: func @fold_argmax_integers
// CHECK-DAG:     %[[MAX:.*]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-DAG:     %[[MAX_LAST:.*]] = arith.constant dense<2> : tensor<2xi64>
// CHECK-DAG:     %[[MIN:.*]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-DAG:     %[[COLS:.*]] = arith.constant dense<{{\[}}[1, 0, 0]]> : tensor<1x3xi32>
// CHECK-DAG:     %[[UMIN:.*]] = arith.constant dense<1> : tensor<1xi64>
// CHECK-DAG:     %[[UMAX:.*]] = arith.constant dense<2> : tensor<1xi64>
// CHECK:         return %[[MAX]], %[[MAX_LAST]], %[[MIN]], %[[COLS]], %[[UMIN]], %[[UMAX]]
func.func @fold_argmax_integers() -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<1x3xi32>, tensor<1xi64>, tensor<1xi64>) {
  %c = arith.constant dense<[[-128, 127, 127], [0, -1, 5]]> : tensor<2x3xi8>
  %u = arith.constant dense<[[200, 5, 255]]> : tensor<1x3xui8>
  %0 = reduce.argmax %c axis 1 : tensor<2x3xi8> -> tensor<2xi64>
  %1 = reduce.argmax %c axis 1 select_last_index : tensor<2x3xi8> -> tensor<2xi64>
  %2 = reduce.argmin %c axis 1 nan_mode ignore : tensor<2x3xi8> -> tensor<2xi64>
  %3 = reduce.argmax %c axis 0 keep_dims : tensor<2x3xi8> -> tensor<1x3xi32>
  %4 = reduce.argmin %u axis 1 : tensor<1x3xui8> -> tensor<1xi64>
  %5 = reduce.argmax %u axis 1 : tensor<1x3xui8> -> tensor<1xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<1x3xi32>, tensor<1xi64>, tensor<1xi64>
}

// -----

/// Every index along a size-1 axis is 0, whatever the input; a dynamic
/// result shape is not folded.
// CHECK-LABEL: func @fold_argmax_unit_axis
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0> : tensor<4xi64>
// CHECK-DAG:     %[[ZERO_KEEP:.*]] = arith.constant dense<0> : tensor<1x4xi32>
// CHECK-DAG:     %[[DYN:.*]] = reduce.argmin %{{.*}} axis 1 : tensor<?x1xf16> -> tensor<?xi64>
// CHECK:         return %[[ZERO]], %[[ZERO_KEEP]], %[[DYN]]
func.func @fold_argmax_unit_axis(%x: tensor<4x1xf32>, %y: tensor<1x4xi16>, %z: tensor<?x1xf16>) -> (tensor<4xi64>, tensor<1x4xi32>, tensor<?xi64>) {
  %0 = reduce.argmax %x axis 1 : tensor<4x1xf32> -> tensor<4xi64>
  %1 = reduce.argmin %y axis 0 keep_dims : tensor<1x4xi16> -> tensor<1x4xi32>
  %2 = reduce.argmin %z axis -1 : tensor<?x1xf16> -> tensor<?xi64>
  return %0, %1, %2 : tensor<4xi64>, tensor<1x4xi32>, tensor<?xi64>
}

// -----

/// The four directions of a sum, along the inner and the outer axis.
// CHECK-LABEL: func @fold_cumsum
// CHECK-DAG:     %[[INC:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 3.000000e+00, 6.000000e+00, 1.000000e+01], [5.000000e+00, 1.100000e+01, 1.800000e+01, 2.600000e+01]]> : tensor<2x4xf32>
// CHECK-DAG:     %[[EXC:.*]] = arith.constant dense<{{\[}}[0.000000e+00, 1.000000e+00, 3.000000e+00, 6.000000e+00], [0.000000e+00, 5.000000e+00, 1.100000e+01, 1.800000e+01]]> : tensor<2x4xf32>
// CHECK-DAG:     %[[REV:.*]] = arith.constant dense<{{\[}}[1.000000e+01, 9.000000e+00, 7.000000e+00, 4.000000e+00], [2.600000e+01, 2.100000e+01, 1.500000e+01, 8.000000e+00]]> : tensor<2x4xf32>
// CHECK-DAG:     %[[EXC_REV:.*]] = arith.constant dense<{{\[}}[9.000000e+00, 7.000000e+00, 4.000000e+00, 0.000000e+00], [2.100000e+01, 1.500000e+01, 8.000000e+00, 0.000000e+00]]> : tensor<2x4xf32>
// CHECK-DAG:     %[[COLS:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [6.000000e+00, 8.000000e+00, 1.000000e+01, 1.200000e+01]]> : tensor<2x4xf32>
// CHECK:         return %[[INC]], %[[EXC]], %[[REV]], %[[EXC_REV]], %[[COLS]]
func.func @fold_cumsum() -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %c = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %0 = reduce.cumsum %c axis 1 : tensor<2x4xf32>
  %1 = reduce.cumsum %c axis 1 exclusive : tensor<2x4xf32>
  %2 = reduce.cumsum %c axis -1 reverse : tensor<2x4xf32>
  %3 = reduce.cumsum %c axis 1 exclusive reverse : tensor<2x4xf32>
  %4 = reduce.cumsum %c axis 0 : tensor<2x4xf32>
  return %0, %1, %2, %3, %4 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

/// Integers wrap; unsigned order and identities; f16 accumulates in f32
/// (2048 + 1 + 1 is 2050, where f16 steps give 2048); f32 products in f64
/// (1e30 * 1e30 overflows f32 only when rounded); NaN propagates and -0.0
/// is below +0.0; an inclusive sum starts at -0.0 (a prefix of -0.0 sums to
/// -0.0, as in numpy), an exclusive one at +0.0.
// CHECK-LABEL: func @fold_scan_semantics
// CHECK-DAG:     arith.constant dense<[100, -56, 44]> : tensor<3xi8>
// CHECK-DAG:     arith.constant dense<[16, 0, 0]> : tensor<3xi8>
// CHECK-DAG:     arith.constant dense<[200, 5, 5]> : tensor<3xui8>
// CHECK-DAG:     arith.constant dense<[0, 200, 200]> : tensor<3xui8>
// CHECK-DAG:     arith.constant dense<[2.048000e+03, 2.048000e+03, 2.050000e+03]> : tensor<3xf16>
// CHECK-DAG:     arith.constant dense<[1.000000e+30, 0x7F800000, 1.000000e+30]> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<[1.000000e+00, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<[0.000000e+00, -0.000000e+00, -0.000000e+00]> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<[-0.000000e+00, -0.000000e+00, 1.000000e+00]> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<0.000000e+00> : tensor<3xf32>
func.func @fold_scan_semantics() -> (tensor<3xi8>, tensor<3xi8>, tensor<3xui8>, tensor<3xui8>, tensor<3xf16>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %i = arith.constant dense<[100, 100, 100]> : tensor<3xi8>
  %p = arith.constant dense<[16, 16, 2]> : tensor<3xi8>
  %u = arith.constant dense<[200, 5, 255]> : tensor<3xui8>
  %h = arith.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
  %f = arith.constant dense<[1.0e30, 1.0e30, 1.0e-30]> : tensor<3xf32>
  %n = arith.constant dense<[1.0, 0x7FC00000, 3.0]> : tensor<3xf32>
  %z = arith.constant dense<[0.0, -0.0, 1.0]> : tensor<3xf32>
  %0 = reduce.cumsum %i axis 0 : tensor<3xi8>
  %1 = reduce.cumprod %p axis 0 : tensor<3xi8>
  %2 = reduce.cummin %u axis 0 : tensor<3xui8>
  %3 = reduce.cummax %u axis 0 exclusive : tensor<3xui8>
  %4 = reduce.cumsum %h axis 0 : tensor<3xf16>
  %5 = reduce.cumprod %f axis 0 : tensor<3xf32>
  %6 = reduce.cummax %n axis 0 : tensor<3xf32>
  %7 = reduce.cummin %z axis 0 : tensor<3xf32>
  %m = arith.constant dense<[-0.0, -0.0, 1.0]> : tensor<3xf32>
  %8 = reduce.cumsum %m axis 0 : tensor<3xf32>
  %9 = reduce.cumsum %m axis 0 exclusive : tensor<3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<3xi8>, tensor<3xi8>, tensor<3xui8>, tensor<3xui8>, tensor<3xf16>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

/// One element along the axis: the inclusive scan is the input, the
/// exclusive one the identity; an empty tensor is the input.
// CHECK-LABEL: func @fold_scan_unit_axis
// CHECK-SAME:    (%[[X:.*]]: tensor<3x1xf32>, %[[Y:.*]]: tensor<1x2xi32>, %[[E:.*]]: tensor<0x?xf32>)
// CHECK-DAG:     %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<3x1xf32>
// CHECK-DAG:     %[[MAX:.*]] = arith.constant dense<2147483647> : tensor<1x2xi32>
// CHECK:         return %[[X]], %[[ONE]], %[[MAX]], %[[E]]
func.func @fold_scan_unit_axis(%x: tensor<3x1xf32>, %y: tensor<1x2xi32>, %e: tensor<0x?xf32>) -> (tensor<3x1xf32>, tensor<3x1xf32>, tensor<1x2xi32>, tensor<0x?xf32>) {
  %0 = reduce.cumsum %x axis 1 reverse : tensor<3x1xf32>
  %1 = reduce.cumprod %x axis 1 exclusive : tensor<3x1xf32>
  %2 = reduce.cummin %y axis 0 exclusive : tensor<1x2xi32>
  %3 = reduce.cummax %e axis 1 : tensor<0x?xf32>
  return %0, %1, %2, %3 : tensor<3x1xf32>, tensor<3x1xf32>, tensor<1x2xi32>, tensor<0x?xf32>
}
