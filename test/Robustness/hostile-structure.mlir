// Hostile structure: unregistered ops in a body, reductions in nested and
// recursive modules and functions.
//
// RUN: reduce-opt %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: not reduce-opt %s -split-input-file -o /dev/null 2>&1 | FileCheck %s
// RUN: not reduce-opt %s -split-input-file --canonicalize 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=VALID

/// An op of an unregistered dialect in the body.
func.func @negative_unregistered_op(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{operation being parsed with an unregistered dialect}}
  %y = "foo.bar"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = reduce.sum %y axes [1] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: operation being parsed with an unregistered dialect

// -----

/// An unknown op of our own dialect.
func.func @negative_unknown_reduce_op(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{custom op 'reduce.topk' is unknown}}
  %r = reduce.topk %x axes [1] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: custom op 'reduce.topk' is unknown

// -----

/// A reduction whose input is defined after it (use before def in a graph
/// region is not allowed in a function body).
func.func @negative_use_before_def(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %r = reduce.sum %y axes [1] : tensor<2x3xf32> -> tensor<2xf32>
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %y = reduce.sum %x axes [] : tensor<2x3xf32> -> tensor<2x3xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: operand #0 does not dominate this use

// -----

/// A reduction whose input is its own result.
func.func @negative_self_use(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{operand #0 does not dominate this use}}
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %r = reduce.sum %r axes [] : tensor<2xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// CHECK: error: operand #0 does not dominate this use

// -----

/// Nested modules and a recursive function verify and canonicalize.
module @outer {
  module @middle {
    module @inner {
      func.func @recursive(%x: tensor<2x3xf32>, %n: i1) -> tensor<2xf32> {
        %r = reduce.sum %x axes [-1, 0] keep_dims : tensor<2x3xf32> -> tensor<1x1xf32>
        %c = func.call @recursive(%x, %n) : (tensor<2x3xf32>, i1) -> tensor<2xf32>
        %s = reduce.min %x axes [1] : tensor<2x3xf32> -> tensor<2xf32>
        return %s : tensor<2xf32>
      }
    }
  }
}
// VALID: module @outer
// VALID: module @middle
// VALID: module @inner
// VALID: func.func @recursive
// VALID: reduce.min %{{.*}} axes [1]
