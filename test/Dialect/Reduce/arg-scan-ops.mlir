// RUN: reduce-opt %s --allow-unregistered-dialect --verify-roundtrip | FileCheck %s
// RUN: reduce-opt %s --allow-unregistered-dialect --mlir-print-op-generic | reduce-opt --allow-unregistered-dialect | FileCheck %s
// RUN: reduce-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s --check-prefix=CANON

/// Round-trip of the arg-reductions and the scans with each option, and the
/// folder's non-negative axis.

// CHECK-LABEL: func @arg_reductions
// CANON-LABEL: func @arg_reductions
func.func @arg_reductions(%x: tensor<4x?x16xf32>, %i: tensor<8x3xui8>, %h: tensor<5xbf16>) {
  // CHECK: reduce.argmax %{{.*}} axis 2 : tensor<4x?x16xf32> -> tensor<4x?xi64>
  // CANON: reduce.argmax %{{.*}} axis 2 : tensor<4x?x16xf32> -> tensor<4x?xi64>
  %0 = reduce.argmax %x axis 2 : tensor<4x?x16xf32> -> tensor<4x?xi64>
  // CHECK: reduce.argmax %{{.*}} axis -2 keep_dims select_last_index : tensor<4x?x16xf32> -> tensor<4x1x16xi32>
  // CANON: reduce.argmax %{{.*}} axis 1 keep_dims select_last_index : tensor<4x?x16xf32> -> tensor<4x1x16xi32>
  %1 = reduce.argmax %x axis -2 keep_dims select_last_index : tensor<4x?x16xf32> -> tensor<4x1x16xi32>
  // CHECK: reduce.argmin %{{.*}} axis 0 nan_mode ignore : tensor<4x?x16xf32> -> tensor<?x16xi64>
  // CANON: reduce.argmin %{{.*}} axis 0 nan_mode ignore : tensor<4x?x16xf32> -> tensor<?x16xi64>
  %2 = reduce.argmin %x axis 0 nan_mode ignore : tensor<4x?x16xf32> -> tensor<?x16xi64>
  // CHECK: reduce.argmin %{{.*}} axis -1 select_last_index nan_mode ignore : tensor<8x3xui8> -> tensor<8xi64>
  // CANON: reduce.argmin %{{.*}} axis 1 select_last_index nan_mode ignore : tensor<8x3xui8> -> tensor<8xi64>
  %3 = reduce.argmin %i axis -1 select_last_index nan_mode ignore : tensor<8x3xui8> -> tensor<8xi64>
  // CHECK: reduce.argmax %{{.*}} axis 0 keep_dims : tensor<5xbf16> -> tensor<1xi64>
  %4 = reduce.argmax %h axis 0 keep_dims : tensor<5xbf16> -> tensor<1xi64>
  // CHECK: reduce.argmax %{{.*}} axis 0 : tensor<5xbf16> -> tensor<i32>
  %5 = reduce.argmax %h axis 0 : tensor<5xbf16> -> tensor<i32>
  "test.use"(%0, %1, %2, %3, %4, %5) : (tensor<4x?xi64>, tensor<4x1x16xi32>, tensor<?x16xi64>, tensor<8xi64>, tensor<1xi64>, tensor<i32>) -> ()
  return
}

// CHECK-LABEL: func @scans
// CANON-LABEL: func @scans
func.func @scans(%x: tensor<4x?x16xf32>, %i: tensor<8x3xi64>, %h: tensor<5xf16>, %u: tensor<2x7xui16>) {
  // CHECK: reduce.cumsum %{{.*}} axis 2 : tensor<4x?x16xf32>
  // CANON: reduce.cumsum %{{.*}} axis 2 : tensor<4x?x16xf32>
  %0 = reduce.cumsum %x axis 2 : tensor<4x?x16xf32>
  // CHECK: reduce.cumsum %{{.*}} axis -1 exclusive reverse : tensor<8x3xi64>
  // CANON: reduce.cumsum %{{.*}} axis 1 exclusive reverse : tensor<8x3xi64>
  %1 = reduce.cumsum %i axis -1 exclusive reverse : tensor<8x3xi64>
  // CHECK: reduce.cumprod %{{.*}} axis 0 exclusive : tensor<5xf16>
  // CANON: reduce.cumprod %{{.*}} axis 0 exclusive : tensor<5xf16>
  %2 = reduce.cumprod %h axis 0 exclusive : tensor<5xf16>
  // CHECK: reduce.cummin %{{.*}} axis -3 reverse : tensor<4x?x16xf32>
  // CANON: reduce.cummin %{{.*}} axis 0 reverse : tensor<4x?x16xf32>
  %3 = reduce.cummin %x axis -3 reverse : tensor<4x?x16xf32>
  // CHECK: reduce.cummax %{{.*}} axis 1 : tensor<2x7xui16>
  // CANON: reduce.cummax %{{.*}} axis 1 : tensor<2x7xui16>
  %4 = reduce.cummax %u axis 1 : tensor<2x7xui16>
  "test.use"(%0, %1, %2, %3, %4) : (tensor<4x?x16xf32>, tensor<8x3xi64>, tensor<5xf16>, tensor<4x?x16xf32>, tensor<2x7xui16>) -> ()
  return
}
