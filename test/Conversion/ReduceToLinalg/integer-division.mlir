// RUN: reduce-opt %s --lower-reduce --split-input-file | FileCheck %s

/// The divisor is replaced by 1 where it is 0 or -1 under the minimum; the
/// flags of either are reduced over the whole tensor into the status.
// CHECK-LABEL: func.func @divsi(
// CHECK-SAME: -> (tensor<?xi32>, tensor<5xi64>)
// CHECK-SAME: reduce.runtime_checks = ["'arith.divsi' at
// CHECK: %[[ZEROS:.*]] = linalg.generic
// CHECK: arith.cmpi eq, %{{.*}}, %c0_i32
// CHECK: linalg.reduce
// CHECK: arith.ori
// CHECK: %[[OVERFLOWS:.*]] = linalg.generic
// CHECK: arith.cmpi eq, %{{.*}}, %c-2147483648_i32
// CHECK: arith.cmpi eq, %{{.*}}, %c-1_i32
// CHECK: arith.andi
// CHECK: %[[SAFE:.*]] = linalg.generic
// CHECK: arith.select %{{.*}}, %c1_i32, %{{.*}} : i32
// CHECK: %[[Q:.*]] = arith.divsi %{{.*}}, %[[SAFE]] : tensor<?xi32>
// CHECK: %[[STATUS:.*]] = tensor.from_elements
// CHECK: return %[[Q]], %[[STATUS]]
func.func @divsi(%x: tensor<?xi32>, %y: tensor<?xi32>) -> tensor<?xi32> {
  %q = arith.divsi %x, %y : tensor<?xi32>
  return %q : tensor<?xi32>
}

// -----

/// Unsigned: a zero divisor only.
// CHECK-LABEL: func.func @remui(
// CHECK-SAME: -> (tensor<4xi8>, tensor<5xi64>)
// CHECK-NOT: c-128
// CHECK: arith.remui %{{.*}}, %{{.*}} : tensor<4xi8>
func.func @remui(%x: tensor<4xi8>, %y: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.remui %x, %y : tensor<4xi8>
  return %r : tensor<4xi8>
}

// -----

/// Constant divisors without 0 (or -1, signed) and scalar divisions are not
/// checked.
// CHECK-LABEL: func.func @negative_constant_divisor(
// CHECK-SAME: -> tensor<4xi32>
// CHECK-NOT: reduce.runtime_checks
// CHECK-NOT: linalg.generic
func.func @negative_constant_divisor(%x: tensor<4xi32>, %a: i32, %b: i32) -> tensor<4xi32> {
  %c = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi32>
  %q = arith.divsi %x, %c : tensor<4xi32>
  %s = arith.divsi %a, %b : i32
  return %q : tensor<4xi32>
}

