// RUN: reduce-opt --reduce-to-llvm %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=128" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --lower-reduce-to-loops %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="threads=2 min-parallel-bytes=0" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

// A bf16 sum through the widened f32 accumulator over rows of 40 (not a
// multiple of the vector tile), and a NaN-skipping f64 min over two dynamic
// trailing dims with keep_dims (one block has numbers and a NaN, the other
// only NaNs).

// CHECK: Unranked Memref {{.*}} sizes = [2]
// CHECK-NEXT: [40,  40]
// CHECK: Unranked Memref {{.*}} sizes = [2, 1, 1]
// CHECK-NEXT: {{\[\[\[}}-2]],
// CHECK-NEXT: {{\[\[}}nan]]]
func.func private @printMemrefF32(tensor<*xf32>)
func.func @sum_bf16(%x: tensor<2x40xbf16>) -> tensor<2xbf16> {
  %r = reduce.sum %x axes [1] : tensor<2x40xbf16> -> tensor<2xbf16>
  return %r : tensor<2xbf16>
}
func.func @min_ignore_keep_dims_dynamic_f64(%x: tensor<?x?x?xf64>) -> tensor<?x1x1xf64> {
  %r = reduce.min %x axes [1, 2] keep_dims nan_mode ignore : tensor<?x?x?xf64> -> tensor<?x1x1xf64>
  return %r : tensor<?x1x1xf64>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x40xbf16>
  %r = call @sum_bf16(%x) : (tensor<2x40xbf16>) -> tensor<2xbf16>
  %e = tensor.empty() : tensor<2xf32>
  %w = linalg.map { arith.extf } ins(%r : tensor<2xbf16>) outs(%e : tensor<2xf32>)
  %u = tensor.cast %w : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %y = arith.constant dense<[[[1.0, 0x7FF8000000000000, -2.0], [3.0, 4.0, 5.0]], [[0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000], [0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000]]]> : tensor<2x2x3xf64>
  %yd = tensor.cast %y : tensor<2x2x3xf64> to tensor<?x?x?xf64>
  %m = call @min_ignore_keep_dims_dynamic_f64(%yd) : (tensor<?x?x?xf64>) -> tensor<?x1x1xf64>
  %e2 = tensor.empty() : tensor<2x1x1xf32>
  %mc = tensor.cast %m : tensor<?x1x1xf64> to tensor<2x1x1xf64>
  %m32 = linalg.map { arith.truncf } ins(%mc : tensor<2x1x1xf64>) outs(%e2 : tensor<2x1x1xf32>)
  %mu = tensor.cast %m32 : tensor<2x1x1xf32> to tensor<*xf32>
  call @printMemrefF32(%mu) : (tensor<*xf32>) -> ()
  return
}
