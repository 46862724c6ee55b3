// RUN: reduce-opt %s --reduce-fresh-results | FileCheck %s

// Every returned memref becomes a distinct allocation owned by the caller.

// CHECK-LABEL: func.func @same_buffer_twice(
// CHECK:         %[[ALLOC:.*]] = memref.alloc() : memref<2xi16>
// CHECK:         %[[VIEW:.*]] = memref.expand_shape %[[ALLOC]]
// CHECK:         %[[CLONE1:.*]] = bufferization.clone %[[ALLOC]] : memref<2xi16> to memref<2xi16>
// CHECK:         %[[CLONE2:.*]] = bufferization.clone %[[VIEW]] : memref<1x2xi16> to memref<1x2xi16>
// CHECK:         return %[[ALLOC]], %[[CLONE1]], %[[CLONE2]]
func.func @same_buffer_twice() -> (memref<2xi16>, memref<2xi16>, memref<1x2xi16>) {
  %alloc = memref.alloc() : memref<2xi16>
  %view = memref.expand_shape %alloc [[0, 1]] output_shape [1, 2] : memref<2xi16> into memref<1x2xi16>
  return %alloc, %alloc, %view : memref<2xi16>, memref<2xi16>, memref<1x2xi16>
}

// CHECK-LABEL: func.func @argument_and_global(
// CHECK-SAME:      %[[ARG:.*]]: memref<4xf32>)
// CHECK:         %[[GLOBAL:.*]] = memref.get_global @table
// CHECK:         %[[CLONE1:.*]] = bufferization.clone %[[ARG]]
// CHECK:         %[[CLONE2:.*]] = bufferization.clone %[[GLOBAL]]
// CHECK:         return %[[CLONE1]], %[[CLONE2]]
memref.global "private" constant @table : memref<4xf32> = dense<1.0>
func.func @argument_and_global(%arg: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
  %global = memref.get_global @table : memref<4xf32>
  return %arg, %global : memref<4xf32>, memref<4xf32>
}

// CHECK-LABEL: func.func @negative_distinct_allocs(
// CHECK-NOT:     bufferization.clone
// CHECK:         return
func.func @negative_distinct_allocs() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  return %a, %b : memref<2xf32>, memref<2xf32>
}

/// A clone made by the deallocation pipeline is already owned: cloning it
/// again would leak it (LeakSanitizer found this on a returned argument).
// CHECK-LABEL: func.func @negative_owned_clone(
// CHECK-SAME:      %[[ARG:.*]]: memref<4xf32>)
// CHECK:         %[[CLONE:.*]] = bufferization.clone %[[ARG]]
// CHECK-NOT:     bufferization.clone
// CHECK:         return %[[CLONE]]
func.func @negative_owned_clone(%arg: memref<4xf32>) -> memref<4xf32> {
  %clone = bufferization.clone %arg : memref<4xf32> to memref<4xf32>
  return %clone : memref<4xf32>
}
