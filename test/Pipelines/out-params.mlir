// RUN: reduce-opt %s --reduce-to-llvm="out-params" | FileCheck %s
// RUN: reduce-opt %s --reduce-to-llvm | FileCheck %s --check-prefix=RETURNS

// The JIT's calling convention: static-shaped results come back through
// out-params. The keep_dims result of the specification example is computed
// in the caller's buffer (no malloc, no copy), a result that is the input is
// copied into it, and a dynamic-shaped result is still returned.

// CHECK-LABEL: llvm.func @spec(
// CHECK-SAME:      %arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64,
// CHECK-SAME:      %arg11: !llvm.ptr, %arg12: !llvm.ptr, %arg13: i64, %arg14: i64, %arg15: i64, %arg16: i64, %arg17: i64, %arg18: i64, %arg19: i64, %arg20: i64, %arg21: i64) {
// CHECK-NOT:     llvm.call @malloc
// CHECK-NOT:     llvm.intr.memcpy
// CHECK:         llvm.getelementptr %arg12[
// CHECK:         llvm.store %{{.*}}, %{{.*}} {{.*}}: vector<{{8|24}}xf32>, !llvm.ptr
// CHECK:         llvm.return{{$}}

// RETURNS-LABEL: llvm.func @spec(
// RETURNS-SAME:      -> !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)>
// RETURNS:         llvm.call @malloc
func.func @spec(%x: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
  %r = reduce.sum %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  return %r : tensor<6x12x1x1xf32>
}

// CHECK-LABEL: llvm.func @identity(
// CHECK-SAME:      %arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: i64, %arg8: i64, %arg9: i64) {
// CHECK-NOT:     llvm.call @malloc
// CHECK:         "llvm.intr.memcpy"
// CHECK-NEXT:    llvm.return{{$}}
func.func @identity(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = reduce.sum %x axes [] : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: llvm.func @dynamic(
// CHECK-SAME:      -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK:         llvm.call @malloc
func.func @dynamic(%x: tensor<?x8xf32>) -> tensor<?xf32> {
  %r = reduce.sum %x axes [1] : tensor<?x8xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
