// RUN: reduce-opt --reduce-to-llvm %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=256" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=128 accumulators=2" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// Every input streamed (bf16 columns accumulate in f32: twice the rows per
// outer step).
// RUN: reduce-opt --reduce-to-llvm="min-stream-bytes=1" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --lower-reduce-to-loops %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// Regressions found by the differential tester (unittests/JIT):
// - bf16 vectors of 17 and 33 lanes crashed the x86 backend ("Do not know
//   how to soft promote this operator's operand!"): bf16 |x| and min were
//   computed in bf16, and LLVM narrowed f32 ops on extended values back to
//   bf16. 16-bit floats are now computed in f32 and the bf16 conversions
//   are integer ops.
// - l1 over no axes of a 2-D integer tensor vectorized its linalg.map whole
//   into a 2-D vector, and math.absi on a 2-D vector is not lowered to LLVM
//   (an unrealized_conversion_cast reached the translation). Maps are now
//   tiled into 1-D vectors.

// CHECK: Unranked Memref {{.*}} sizes = []
// CHECK-NEXT: [153]
// CHECK: Unranked Memref {{.*}} sizes = [33]
// CHECK-NEXT: [100,{{( 100,)+}} 100]
// CHECK: Unranked Memref {{.*}} sizes = []
// CHECK-NEXT: [-2.5]
// CHECK: Unranked Memref {{.*}} sizes = [2, 3]
// CHECK-NEXT: {{\[\[}}1,   2,   3],
// CHECK-NEXT: [4,   5,   -9223372036854775808]]
// CHECK: Unranked Memref {{.*}} sizes = [2, 33]
// CHECK-NEXT: {{\[\[}}1.5,{{( 1.5,)+}} 1.5],
// CHECK-NEXT: [1.5,{{( 1.5,)+}} 1.5]]
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @l1_all_17_bf16(%x: tensor<17xbf16>) -> tensor<bf16> {
  %r = reduce.l1 %x axes [0] : tensor<17xbf16> -> tensor<bf16>
  return %r : tensor<bf16>
}
func.func @l1_columns_33_bf16(%x: tensor<100x33xbf16>) -> tensor<33xbf16> {
  %r = reduce.l1 %x axes [0] : tensor<100x33xbf16> -> tensor<33xbf16>
  return %r : tensor<33xbf16>
}
func.func @min_ignore_17_bf16(%x: tensor<17xbf16>) -> tensor<bf16> {
  %r = reduce.min %x axes [-1] nan_mode ignore : tensor<17xbf16> -> tensor<bf16>
  return %r : tensor<bf16>
}
func.func @l1_no_axes_2d_i64(%x: tensor<2x3xi64>) -> tensor<2x3xi64> {
  %r = reduce.l1 %x axes [] : tensor<2x3xi64> -> tensor<2x3xi64>
  return %r : tensor<2x3xi64>
}
func.func @l1_no_axes_2d_bf16(%x: tensor<2x33xbf16>) -> tensor<2x33xbf16> {
  %r = reduce.l1 %x axes [] keep_dims : tensor<2x33xbf16> -> tensor<2x33xbf16>
  return %r : tensor<2x33xbf16>
}

func.func @print_bf16(%r: tensor<bf16>) {
  %e = tensor.empty() : tensor<f32>
  %w = linalg.map { arith.extf } ins(%r : tensor<bf16>) outs(%e : tensor<f32>)
  %u = tensor.cast %w : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[-1.0, 2.0, -3.0, 4.0, -5.0, 6.0, -7.0, 8.0, -9.0, 10.0, -11.0, 12.0, -13.0, 14.0, -15.0, 16.0, -17.0]> : tensor<17xbf16>
  %ra = call @l1_all_17_bf16(%a) : (tensor<17xbf16>) -> tensor<bf16>
  call @print_bf16(%ra) : (tensor<bf16>) -> ()

  %b = arith.constant dense<-1.0> : tensor<100x33xbf16>
  %rb = call @l1_columns_33_bf16(%b) : (tensor<100x33xbf16>) -> tensor<33xbf16>
  %eb = tensor.empty() : tensor<33xf32>
  %wb = linalg.map { arith.extf } ins(%rb : tensor<33xbf16>) outs(%eb : tensor<33xf32>)
  %ub = tensor.cast %wb : tensor<33xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()

  %c = arith.constant dense<[1.0, 0x7FC0, 3.0, -2.5, 0x7FC0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 0x7FC0]> : tensor<17xbf16>
  %rc = call @min_ignore_17_bf16(%c) : (tensor<17xbf16>) -> tensor<bf16>
  call @print_bf16(%rc) : (tensor<bf16>) -> ()

  %d = arith.constant dense<[[-1, 2, -3], [4, -5, -9223372036854775808]]> : tensor<2x3xi64>
  %rd = call @l1_no_axes_2d_i64(%d) : (tensor<2x3xi64>) -> tensor<2x3xi64>
  %ud = tensor.cast %rd : tensor<2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%ud) : (tensor<*xi64>) -> ()

  %f = arith.constant dense<-1.5> : tensor<2x33xbf16>
  %rf = call @l1_no_axes_2d_bf16(%f) : (tensor<2x33xbf16>) -> tensor<2x33xbf16>
  %ef = tensor.empty() : tensor<2x33xf32>
  %wf = linalg.map { arith.extf } ins(%rf : tensor<2x33xbf16>) outs(%ef : tensor<2x33xf32>)
  %uf = tensor.cast %wf : tensor<2x33xf32> to tensor<*xf32>
  call @printMemrefF32(%uf) : (tensor<*xf32>) -> ()
  return
}
