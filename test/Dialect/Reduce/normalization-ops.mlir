// RUN: reduce-opt %s --allow-unregistered-dialect --verify-roundtrip | FileCheck %s
// RUN: reduce-opt %s --allow-unregistered-dialect --mlir-print-op-generic | reduce-opt --allow-unregistered-dialect | FileCheck %s
// RUN: reduce-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s --check-prefix=CANON

/// Round-trip of every normalization op and its options, with inferred
/// result types (the layer norm's statistics: the normalized dims set to 1,
/// of the stash type), and the folder's normalized axes.

// CHECK-LABEL: func @softmax
// CANON-LABEL: func @softmax
//       CANON:   reduce.softmax %{{.*}} axis 2 : tensor<4x?x16xf32>
//       CANON:   reduce.softmax %{{.*}} axis 1 coerce_2d : tensor<4x?x16xf32>
//       CANON:   reduce.log_softmax %{{.*}} axis 0 : tensor<8xf16>
//       CANON:   reduce.log_softmax %{{.*}} axis 0 coerce_2d : tensor<4x?x16xf32>
//       CANON:   reduce.softmax %{{.*}} axis 2 : tensor<4x?x16xf32>
func.func @softmax(%x: tensor<4x?x16xf32>, %h: tensor<8xf16>) {
  // CHECK: reduce.softmax %{{.*}} axis -1 : tensor<4x?x16xf32>
  %0 = reduce.softmax %x axis -1 : tensor<4x?x16xf32>
  // CHECK: reduce.softmax %{{.*}} axis 1 coerce_2d : tensor<4x?x16xf32>
  %1 = reduce.softmax %x axis 1 coerce_2d : tensor<4x?x16xf32>
  // CHECK: reduce.log_softmax %{{.*}} axis 0 : tensor<8xf16>
  %2 = reduce.log_softmax %h axis 0 : tensor<8xf16>
  // CHECK: reduce.log_softmax %{{.*}} axis -3 coerce_2d : tensor<4x?x16xf32>
  %3 = reduce.log_softmax %x axis -3 coerce_2d : tensor<4x?x16xf32>
  // CHECK: reduce.softmax %{{.*}} axis -1 coerce_2d : tensor<4x?x16xf32>
  %4 = reduce.softmax %x axis -1 coerce_2d : tensor<4x?x16xf32>
  "test.use"(%0, %1, %2, %3, %4) : (tensor<4x?x16xf32>, tensor<4x?x16xf32>, tensor<8xf16>, tensor<4x?x16xf32>, tensor<4x?x16xf32>) -> ()
  return
}

// CHECK-LABEL: func @layer_norm
func.func @layer_norm(%x: tensor<2x?x8xbf16>, %w: tensor<8xbf16>, %b: tensor<1x8xbf16>) -> (tensor<2x?x8xbf16>, tensor<2x1x1xf32>, tensor<2x1x1xf32>, tensor<2x?x1xf64>) {
  // CHECK: %{{.*}}, %[[M:.*]], %[[I:.*]] = reduce.layer_norm %{{.*}}, %{{.*}}, %{{.*}} axis 1 epsilon 1.000000e-05 stash_type f32 : tensor<2x?x8xbf16>, tensor<8xbf16>, tensor<1x8xbf16>
  %y, %m, %i = reduce.layer_norm %x, %w, %b axis 1 epsilon 1.0e-05 stash_type f32 : tensor<2x?x8xbf16>, tensor<8xbf16>, tensor<1x8xbf16>
  // CHECK: reduce.layer_norm %{{.*}}, %{{.*}} axis -1 epsilon 1.000000e-03 stash_type f64 : tensor<2x?x8xbf16>, tensor<8xbf16>
  %y2, %m2, %i2 = reduce.layer_norm %x, %w axis -1 epsilon 1.0e-03 stash_type f64 : tensor<2x?x8xbf16>, tensor<8xbf16>
  // CHECK: return %{{.*}}, %[[M]], %[[I]], %{{.*}} : tensor<2x?x8xbf16>, tensor<2x1x1xf32>, tensor<2x1x1xf32>, tensor<2x?x1xf64>
  return %y, %m, %i, %m2 : tensor<2x?x8xbf16>, tensor<2x1x1xf32>, tensor<2x1x1xf32>, tensor<2x?x1xf64>
}

// CHECK-LABEL: func @rms_norm
func.func @rms_norm(%x: tensor<3x64xf16>, %w: tensor<1x1xf16>) -> tensor<3x64xf16> {
  // CHECK: reduce.rms_norm %{{.*}}, %{{.*}} axis 0 epsilon 1.000000e-05 stash_type f32 : tensor<3x64xf16>, tensor<1x1xf16>
  %y = reduce.rms_norm %x, %w axis 0 epsilon 1.0e-05 stash_type f32 : tensor<3x64xf16>, tensor<1x1xf16>
  return %y : tensor<3x64xf16>
}

// CHECK-LABEL: func @mvn
// CANON-LABEL: func @mvn
func.func @mvn(%x: tensor<1x3x4x4xf32>) {
  // CHECK: reduce.mvn %{{.*}} axes [-1, 2] normalize_variance epsilon 1.000000e-09 eps_mode outside_sqrt : tensor<1x3x4x4xf32>
  // CANON: reduce.mvn %{{.*}} axes [2, 3] normalize_variance epsilon 1.000000e-09 eps_mode outside_sqrt
  %0 = reduce.mvn %x axes [-1, 2] normalize_variance epsilon 1.0e-09 eps_mode outside_sqrt : tensor<1x3x4x4xf32>
  // CHECK: reduce.mvn %{{.*}} axes [1] epsilon 1.000000e-03 eps_mode inside_sqrt : tensor<1x3x4x4xf32>
  // CANON: reduce.mvn %{{.*}} axes [1] epsilon
  %1 = reduce.mvn %x axes [1] epsilon 1.0e-03 eps_mode inside_sqrt : tensor<1x3x4x4xf32>
  "test.use"(%0, %1) : (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) -> ()
  return
}

// CHECK-LABEL: func @normalize_l2
// CANON-LABEL: func @normalize_l2
func.func @normalize_l2(%x: tensor<?x3x4xf64>) {
  // CHECK: reduce.normalize_l2 %{{.*}} axes [] epsilon 1.000000e-10 eps_mode add : tensor<?x3x4xf64>
  %0 = reduce.normalize_l2 %x axes [] epsilon 1.0e-10 eps_mode add : tensor<?x3x4xf64>
  // CHECK: reduce.normalize_l2 %{{.*}} axes [2, -3] epsilon 1.000000e-01 eps_mode max : tensor<?x3x4xf64>
  // CANON: reduce.normalize_l2 %{{.*}} axes [0, 2] epsilon 1.000000e-01 eps_mode max
  %1 = reduce.normalize_l2 %x axes [2, -3] epsilon 1.0e-01 eps_mode max : tensor<?x3x4xf64>
  "test.use"(%0, %1) : (tensor<?x3x4xf64>, tensor<?x3x4xf64>) -> ()
  return
}
