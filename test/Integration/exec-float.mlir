// RUN: reduce-opt --reduce-to-llvm %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=128 accumulators=2" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --lower-reduce-to-loops %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="threads=2 min-parallel-bytes=0" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

// Values computed by the float reductions, through the vectorized pipeline
// (host and narrow vectors) and through the scalar loops. The kernels are
// separate functions, so nothing is constant folded.

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF16(tensor<*xf16>) attributes {llvm.emit_c_interface}

func.func @sum_inner(%x: tensor<3x37xf32>) -> tensor<3xf32> {
  %r = reduce.sum %x axes [1] : tensor<3x37xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}
func.func @sum_outer_keep_dims(%x: tensor<3x37xf32>) -> tensor<1x37xf32> {
  %r = reduce.sum %x axes [0] keep_dims : tensor<3x37xf32> -> tensor<1x37xf32>
  return %r : tensor<1x37xf32>
}
func.func @l1_all(%x: tensor<3x37xf32>) -> tensor<f32> {
  %r = reduce.l1 %x axes [0, 1] : tensor<3x37xf32> -> tensor<f32>
  return %r : tensor<f32>
}
func.func @l1_empty_axes(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = reduce.l1 %x axes [] : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @sum_dynamic(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = reduce.sum %x axes [-1] : tensor<?x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @min_propagate(%x: tensor<4x3xf32>) -> tensor<4xf32> {
  %r = reduce.min %x axes [1] : tensor<4x3xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @min_ignore(%x: tensor<4x3xf32>) -> tensor<4xf32> {
  %r = reduce.min %x axes [1] nan_mode ignore : tensor<4x3xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @min_ignore_outer(%x: tensor<4x3xf32>) -> tensor<3xf32> {
  %r = reduce.min %x axes [0] nan_mode ignore : tensor<4x3xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}
func.func @size0_sum(%x: tensor<0x3xf32>) -> tensor<3xf32> {
  %r = reduce.sum %x axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}
func.func @size0_min(%x: tensor<0x3xf32>) -> tensor<3xf32> {
  %r = reduce.min %x axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}
func.func @size0_min_ignore_dynamic(%x: tensor<?x3xf32>) -> tensor<3xf32> {
  %r = reduce.min %x axes [0] nan_mode ignore : tensor<?x3xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}
func.func @sum_f16(%x: tensor<2x5xf16>) -> tensor<2xf16> {
  %r = reduce.sum %x axes [1] : tensor<2x5xf16> -> tensor<2xf16>
  return %r : tensor<2xf16>
}
func.func @min_f16(%x: tensor<2x5xf16>) -> tensor<2xf16> {
  %r = reduce.min %x axes [1] : tensor<2x5xf16> -> tensor<2xf16>
  return %r : tensor<2xf16>
}

func.func @main() {
  // Row i holds (i+1) * [1, 2, ..., 37] with the sign of (-1)^i.
  %x = arith.constant dense<[
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0],
    [-2.0, -4.0, -6.0, -8.0, -10.0, -12.0, -14.0, -16.0, -18.0, -20.0, -22.0, -24.0, -26.0, -28.0, -30.0, -32.0, -34.0, -36.0, -38.0, -40.0, -42.0, -44.0, -46.0, -48.0, -50.0, -52.0, -54.0, -56.0, -58.0, -60.0, -62.0, -64.0, -66.0, -68.0, -70.0, -72.0, -74.0],
    [3.0, 6.0, 9.0, 12.0, 15.0, 18.0, 21.0, 24.0, 27.0, 30.0, 33.0, 36.0, 39.0, 42.0, 45.0, 48.0, 51.0, 54.0, 57.0, 60.0, 63.0, 66.0, 69.0, 72.0, 75.0, 78.0, 81.0, 84.0, 87.0, 90.0, 93.0, 96.0, 99.0, 102.0, 105.0, 108.0, 111.0]]> : tensor<3x37xf32>

  // CHECK: Unranked Memref {{.*}} sizes = [3]
  // CHECK-NEXT: [703,  -1406,  2109]
  %sum = call @sum_inner(%x) : (tensor<3x37xf32>) -> tensor<3xf32>
  %sum_u = tensor.cast %sum : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%sum_u) : (tensor<*xf32>) -> ()

  // CHECK: Unranked Memref {{.*}} sizes = [1, 37]
  // CHECK-NEXT: {{\[\[}}2,   4,   6,   8,   10,   12,   14,   16,   18,   20,   22,   24,   26,   28,   30,   32,   34,   36,   38,   40,   42,   44,   46,   48,   50,   52,   54,   56,   58,   60,   62,   64,   66,   68,   70,   72,   74]]
  %outer = call @sum_outer_keep_dims(%x) : (tensor<3x37xf32>) -> tensor<1x37xf32>
  %outer_u = tensor.cast %outer : tensor<1x37xf32> to tensor<*xf32>
  call @printMemrefF32(%outer_u) : (tensor<*xf32>) -> ()

  // 703 * (1 + 2 + 3)
  // CHECK: Unranked Memref {{.*}} sizes = []
  // CHECK-NEXT: [4218]
  %l1 = call @l1_all(%x) : (tensor<3x37xf32>) -> tensor<f32>
  %l1_u = tensor.cast %l1 : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%l1_u) : (tensor<*xf32>) -> ()

  // CHECK: Unranked Memref {{.*}} sizes = [4]
  // CHECK-NEXT: [1.5,  0,  0,  inf]
  %signed = arith.constant dense<[-1.5, -0.0, 0.0, 0xFF800000]> : tensor<4xf32>
  %abs = call @l1_empty_axes(%signed) : (tensor<4xf32>) -> tensor<4xf32>
  %abs_u = tensor.cast %abs : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%abs_u) : (tensor<*xf32>) -> ()

  // Dynamic shapes: masked vectors over rows of 37.
  // CHECK: Unranked Memref {{.*}} sizes = [3]
  // CHECK-NEXT: [703,  -1406,  2109]
  %dyn = tensor.cast %x : tensor<3x37xf32> to tensor<?x?xf32>
  %dsum = call @sum_dynamic(%dyn) : (tensor<?x?xf32>) -> tensor<?xf32>
  %dsum_u = tensor.cast %dsum : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%dsum_u) : (tensor<*xf32>) -> ()

  // Rows: a NaN, -0.0 against +0.0, -inf, and all NaN.
  %m = arith.constant dense<[[1.0, 0x7FC00000, -3.0],
                             [0.0, -0.0, 0.0],
                             [5.0, 0xFF800000, 2.0],
                             [0x7FC00000, 0x7FC00000, 0x7FC00000]]> : tensor<4x3xf32>
  // CHECK: Unranked Memref {{.*}} sizes = [4]
  // CHECK-NEXT: [{{-?nan}},  -0,  -inf,  {{-?nan}}]
  %min = call @min_propagate(%m) : (tensor<4x3xf32>) -> tensor<4xf32>
  %min_u = tensor.cast %min : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%min_u) : (tensor<*xf32>) -> ()

  // CHECK: Unranked Memref {{.*}} sizes = [4]
  // CHECK-NEXT: [-3,  -0,  -inf,  {{-?nan}}]
  %mini = call @min_ignore(%m) : (tensor<4x3xf32>) -> tensor<4xf32>
  %mini_u = tensor.cast %mini : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%mini_u) : (tensor<*xf32>) -> ()

  // Columns: [1, 0, 5, NaN], [NaN, -0, -inf, NaN], [-3, 0, 2, NaN].
  // CHECK: Unranked Memref {{.*}} sizes = [3]
  // CHECK-NEXT: [0,  -inf,  -3]
  %minio = call @min_ignore_outer(%m) : (tensor<4x3xf32>) -> tensor<3xf32>
  %minio_u = tensor.cast %minio : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%minio_u) : (tensor<*xf32>) -> ()

  // Size-0 reduced dims give the identities.
  %empty = arith.constant dense<> : tensor<0x3xf32>
  // CHECK: Unranked Memref {{.*}} sizes = [3]
  // CHECK-NEXT: [0,  0,  0]
  %s0 = call @size0_sum(%empty) : (tensor<0x3xf32>) -> tensor<3xf32>
  %s0_u = tensor.cast %s0 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%s0_u) : (tensor<*xf32>) -> ()
  // CHECK: Unranked Memref {{.*}} sizes = [3]
  // CHECK-NEXT: [inf,  inf,  inf]
  %m0 = call @size0_min(%empty) : (tensor<0x3xf32>) -> tensor<3xf32>
  %m0_u = tensor.cast %m0 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%m0_u) : (tensor<*xf32>) -> ()
  // CHECK: Unranked Memref {{.*}} sizes = [3]
  // CHECK-NEXT: [inf,  inf,  inf]
  %empty_dyn = tensor.cast %empty : tensor<0x3xf32> to tensor<?x3xf32>
  %mi0 = call @size0_min_ignore_dynamic(%empty_dyn) : (tensor<?x3xf32>) -> tensor<3xf32>
  %mi0_u = tensor.cast %mi0 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%mi0_u) : (tensor<*xf32>) -> ()

  // f16 accumulates in f32: 2048 + 4 * 1 is 2052 (f16 adds would stay at
  // 2048), rounded once.
  %h = arith.constant dense<[[2048.0, 1.0, 1.0, 1.0, 1.0],
                             [0.5, -0.25, 8.0, -0.0, 0x7C00]]> : tensor<2x5xf16>
  // CHECK: Unranked Memref {{.*}} sizes = [2]
  // CHECK-NEXT: [2052,  inf]
  %hs = call @sum_f16(%h) : (tensor<2x5xf16>) -> tensor<2xf16>
  %hs_u = tensor.cast %hs : tensor<2xf16> to tensor<*xf16>
  call @printMemrefF16(%hs_u) : (tensor<*xf16>) -> ()
  // CHECK: Unranked Memref {{.*}} sizes = [2]
  // CHECK-NEXT: [1,  -0.25]
  %hm = call @min_f16(%h) : (tensor<2x5xf16>) -> tensor<2xf16>
  %hm_u = tensor.cast %hm : tensor<2xf16> to tensor<*xf16>
  call @printMemrefF16(%hm_u) : (tensor<*xf16>) -> ()
  return
}
