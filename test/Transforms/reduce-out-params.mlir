// RUN: reduce-opt %s --reduce-out-params --split-input-file | FileCheck %s

// Static-shaped results of public functions become trailing out-params; an
// allocation of the function returned through reshapes is computed in the
// out-param.

// CHECK-LABEL: func.func @keep_dims(
// CHECK-SAME:      %[[X:[^:]*]]: memref<6x240xf32>,
// CHECK-SAME:      %[[OUT:[^:]*]]: memref<6x1xf32> {llvm.noalias}) {
// CHECK-NOT:     memref.alloc
// CHECK:         %[[VIEW:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : memref<6x1xf32> into memref<6xf32>
// CHECK:         memref.store %{{.*}}, %[[VIEW]][%{{.*}}] : memref<6xf32>
// CHECK-NOT:     memref.expand_shape
// CHECK-NOT:     memref.copy
// CHECK-NEXT:    return{{$}}
func.func @keep_dims(%x: memref<6x240xf32>) -> memref<6x1xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
  memref.store %zero, %alloc[%c0] : memref<6xf32>
  %e = memref.expand_shape %alloc [[0, 1]] output_shape [6, 1] : memref<6xf32> into memref<6x1xf32>
  return %e : memref<6x1xf32>
}

// -----

// Two reshapes (collapsed dims, then keep_dims) are inverted in turn.
// CHECK-LABEL: func.func @two_reshapes(
// CHECK-SAME:      %[[OUT:[^:]*]]: memref<2x3x1xf32> {llvm.noalias}) {
// CHECK:         %[[V1:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0], [1, 2]] : memref<2x3x1xf32> into memref<2x3xf32>
// CHECK:         %[[V2:.*]] = memref.collapse_shape %[[V1]] {{\[\[}}0, 1]] : memref<2x3xf32> into memref<6xf32>
// CHECK:         memref.store %{{.*}}, %[[V2]]
// CHECK-NEXT:    return{{$}}
func.func @two_reshapes() -> memref<2x3x1xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %alloc = memref.alloc() : memref<6xf32>
  memref.store %one, %alloc[%c0] : memref<6xf32>
  %a = memref.expand_shape %alloc [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  %b = memref.expand_shape %a [[0], [1, 2]] output_shape [2, 3, 1] : memref<2x3xf32> into memref<2x3x1xf32>
  return %b : memref<2x3x1xf32>
}

// -----

// A collapse is inverted by an expand of the out-param.
// CHECK-LABEL: func.func @collapsed(
// CHECK-SAME:      %[[OUT:[^:]*]]: memref<6xf32> {llvm.noalias}) {
// CHECK:         %[[V:.*]] = memref.expand_shape %[[OUT]] {{\[\[}}0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
// CHECK:         memref.store %{{.*}}, %[[V]]
// CHECK-NEXT:    return{{$}}
func.func @collapsed() -> memref<6xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %alloc = memref.alloc() : memref<2x3xf32>
  memref.store %one, %alloc[%c0, %c0] : memref<2x3xf32>
  %c = memref.collapse_shape %alloc [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  return %c : memref<6xf32>
}

// -----

// Results that are not allocations of the function are copied: an
// argument, a constant, and an allocation returned a second time.
// CHECK-LABEL: func.func @copies(
// CHECK-SAME:      %[[ARG:[^:]*]]: memref<4xf32>,
// CHECK-SAME:      %[[OUT0:[^:]*]]: memref<4xf32> {llvm.noalias},
// CHECK-SAME:      %[[OUT1:[^:]*]]: memref<4xf32> {llvm.noalias},
// CHECK-SAME:      %[[OUT2:[^:]*]]: memref<4xf32> {llvm.noalias},
// CHECK-SAME:      %[[OUT3:[^:]*]]: memref<4xf32> {llvm.noalias}) {
// CHECK:         %[[GLOBAL:.*]] = memref.get_global @table
// CHECK:         memref.store %{{.*}}, %[[OUT2]]
// CHECK:         memref.copy %[[ARG]], %[[OUT0]]
// CHECK-NEXT:    memref.copy %[[GLOBAL]], %[[OUT1]]
// CHECK-NEXT:    memref.copy %[[OUT2]], %[[OUT3]]
// CHECK-NEXT:    return{{$}}
memref.global "private" constant @table : memref<4xf32> = dense<1.0>
func.func @copies(%arg: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %global = memref.get_global @table : memref<4xf32>
  %alloc = memref.alloc() : memref<4xf32>
  memref.store %one, %alloc[%c0] : memref<4xf32>
  return %arg, %global, %alloc, %alloc : memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>
}

// -----

// With several returns, every result is copied: an allocation need not
// reach every return.
// CHECK-LABEL: func.func @two_returns(
// CHECK-SAME:      %[[C:[^:]*]]: i1,
// CHECK-SAME:      %[[ARG:[^:]*]]: memref<2xf32>,
// CHECK-SAME:      %[[OUT:[^:]*]]: memref<2xf32> {llvm.noalias}) {
// CHECK:         %[[ALLOC:.*]] = memref.alloc() : memref<2xf32>
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.copy %[[ALLOC]], %[[OUT]]
// CHECK-NEXT:    return{{$}}
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.copy %[[ARG]], %[[OUT]]
// CHECK-NEXT:    return{{$}}
func.func @two_returns(%c: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %alloc = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %alloc : memref<2xf32>
^bb2:
  return %arg : memref<2xf32>
}

// -----

// Calls allocate the out-params of a rewritten callee; private functions,
// declarations and dynamic-shaped results keep their results.
// CHECK-LABEL: func.func @callee(
// CHECK-SAME:      %{{[^:]*}}: memref<3xf32> {llvm.noalias}) {
func.func @callee() -> memref<3xf32> {
  %alloc = memref.alloc() : memref<3xf32>
  return %alloc : memref<3xf32>
}

// CHECK-LABEL: func.func private @helper() -> memref<3xf32>
func.func private @helper() -> memref<3xf32> {
  %alloc = memref.alloc() : memref<3xf32>
  return %alloc : memref<3xf32>
}

// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:      %[[N:.*]]: index) -> memref<?xf32> {
func.func @dynamic(%n: index) -> memref<?xf32> {
  %alloc = memref.alloc(%n) : memref<?xf32>
  return %alloc : memref<?xf32>
}

// CHECK: func.func private @declared() -> memref<3xf32>
func.func private @declared() -> memref<3xf32>

// CHECK-LABEL: func.func @caller(
// CHECK-SAME:      %[[OUT0:[^:]*]]: memref<3xf32> {llvm.noalias},
// CHECK-SAME:      %[[OUT1:[^:]*]]: memref<3xf32> {llvm.noalias}) {
// CHECK-NEXT:    call @callee(%[[OUT0]]) : (memref<3xf32>) -> ()
// CHECK-NEXT:    %[[H:.*]] = call @helper() : () -> memref<3xf32>
// CHECK-NEXT:    memref.copy %[[H]], %[[OUT1]]
// CHECK-NEXT:    return{{$}}
func.func @caller() -> (memref<3xf32>, memref<3xf32>) {
  %r = call @callee() : () -> memref<3xf32>
  %h = call @helper() : () -> memref<3xf32>
  return %r, %h : memref<3xf32>, memref<3xf32>
}
