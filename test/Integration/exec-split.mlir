// RUN: reduce-opt --reduce-to-llvm %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=128 accumulators=2" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="threads=2 min-parallel-bytes=0" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: reduce-opt --lower-reduce-to-loops %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// Values of reductions of everything to one value that reduce-vectorize
// splits into blocks (at least 4 blocks of 64 vector tiles: 65536 elements
// are 16 blocks of 4096 with AVX-512, 128 blocks of 512 with 128-bit
// vectors and two accumulators), with threads=2 running the blocks. The
// data x[i] = (i mod 7) - 3 (and 2^24-free integers) make every sum exact.

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @sum(%x: tensor<65536xf32>) -> tensor<f32> {
  %r = reduce.sum %x axes [0] : tensor<65536xf32> -> tensor<f32>
  return %r : tensor<f32>
}
func.func @l1(%x: tensor<256x256xf32>) -> tensor<f32> {
  %r = reduce.l1 %x axes [0, 1] : tensor<256x256xf32> -> tensor<f32>
  return %r : tensor<f32>
}
func.func @min(%x: tensor<65536xf32>) -> tensor<f32> {
  %r = reduce.min %x axes [0] : tensor<65536xf32> -> tensor<f32>
  return %r : tensor<f32>
}
func.func @sum_i32(%x: tensor<65536xi32>) -> tensor<i32> {
  %r = reduce.sum %x axes [0] : tensor<65536xi32> -> tensor<i32>
  return %r : tensor<i32>
}

func.func @sum_columns(%x: tensor<64x8xf32>) -> tensor<8xf32> {
  %r = reduce.sum %x axes [0] : tensor<64x8xf32> -> tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @print(%t: tensor<f32>) {
  %u = tensor.cast %t : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : i32
  %x = tensor.generate {
  ^bb0(%i: index):
    %m = arith.remui %i, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %v = arith.subi %mi, %c3 : i32
    tensor.yield %v : i32
  } : tensor<65536xi32>
  %xf = tensor.generate {
  ^bb0(%i: index):
    %m = arith.remui %i, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<65536xf32>

  // 65536 = 9362 * 7 + 2: the full periods sum to 0, the last two elements
  // are -3 and -2.
  // CHECK: Unranked Memref {{.*}} sizes = []
  // CHECK-NEXT: [-5]
  %sum = call @sum(%xf) : (tensor<65536xf32>) -> tensor<f32>
  call @print(%sum) : (tensor<f32>) -> ()

  // 9362 * 12 + 3 + 2.
  // CHECK: Unranked Memref {{.*}} sizes = []
  // CHECK-NEXT: [112349]
  %shape = arith.constant dense<[256, 256]> : tensor<2xindex>
  %square = tensor.reshape %xf(%shape) : (tensor<65536xf32>, tensor<2xindex>) -> tensor<256x256xf32>
  %l1 = call @l1(%square) : (tensor<256x256xf32>) -> tensor<f32>
  call @print(%l1) : (tensor<f32>) -> ()

  // CHECK: Unranked Memref {{.*}} sizes = []
  // CHECK-NEXT: [-3]
  %min = call @min(%xf) : (tensor<65536xf32>) -> tensor<f32>
  call @print(%min) : (tensor<f32>) -> ()

  // A NaN in the 13th block propagates; -0 below +0 in an all-zero input.
  %c50000 = arith.constant 50000 : index
  %nan = arith.constant 0x7FC00000 : f32
  %with_nan = tensor.insert %nan into %xf[%c50000] : tensor<65536xf32>
  // CHECK: Unranked Memref {{.*}} sizes = []
  // CHECK-NEXT: [{{-?nan}}]
  %min_nan = call @min(%with_nan) : (tensor<65536xf32>) -> tensor<f32>
  call @print(%min_nan) : (tensor<f32>) -> ()
  %zeros = arith.constant dense<0.0> : tensor<65536xf32>
  %negative_zero = arith.constant -0.0 : f32
  %with_negative_zero = tensor.insert %negative_zero into %zeros[%c50000] : tensor<65536xf32>
  // CHECK: Unranked Memref {{.*}} sizes = []
  // CHECK-NEXT: [-0]
  %min_zero = call @min(%with_negative_zero) : (tensor<65536xf32>) -> tensor<f32>
  call @print(%min_zero) : (tensor<f32>) -> ()

  // Column sums of the first 512 elements as 64x8: with threads=2 the rows
  // are split into two halves whose sums are then added. Column j sums
  // ((8 i + j) mod 7) - 3 for i < 64.
  %first = tensor.extract_slice %xf[0] [512] [1] : tensor<65536xf32> to tensor<512xf32>
  %cols_shape = arith.constant dense<[64, 8]> : tensor<2xindex>
  %cols = tensor.reshape %first(%cols_shape) : (tensor<512xf32>, tensor<2xindex>) -> tensor<64x8xf32>
  %colsum = call @sum_columns(%cols) : (tensor<64x8xf32>) -> tensor<8xf32>
  %colsum_u = tensor.cast %colsum : tensor<8xf32> to tensor<*xf32>
  // CHECK: Unranked Memref {{.*}} sizes = [8]
  // CHECK-NEXT: [-3, -2, -1, 0, 1, 2, 3, -3]
  call @printMemrefF32(%colsum_u) : (tensor<*xf32>) -> ()

  // CHECK: Unranked Memref {{.*}} sizes = []
  // CHECK-NEXT: [-5]
  %sum_i = call @sum_i32(%x) : (tensor<65536xi32>) -> tensor<i32>
  %sum_iu = tensor.cast %sum_i : tensor<i32> to tensor<*xi32>
  call @printMemrefI32(%sum_iu) : (tensor<*xi32>) -> ()
  return
}
