// RUN: reduce-opt --reduce-to-llvm="f64-accumulation=true" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="f64-accumulation=true vector-width=128 accumulators=2" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="f64-accumulation=true lower-to-loops=true" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=F32

// f64-accumulation: f32 sums and l1 norms accumulate in f64 and are rounded
// once. The data put 2^24, eight 1s and -2^24 at multiples of 64, so that
// they meet in the same accumulator slot for every vector tile (a multiple
// of 64 elements is a multiple of every tile here) and in the sequential
// loop: in f32 each 2^24 + 1 rounds back to 2^24 and the 1s are lost.

func.func private @printMemrefF32(tensor<*xf32>)

func.func @sum(%x: tensor<768xf32>) -> tensor<f32> {
  %r = reduce.sum %x axes [0] : tensor<768xf32> -> tensor<f32>
  return %r : tensor<f32>
}
func.func @l1(%x: tensor<768xf32>) -> tensor<f32> {
  %r = reduce.l1 %x axes [0] : tensor<768xf32> -> tensor<f32>
  return %r : tensor<f32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c704 = arith.constant 704 : index
  %big = arith.constant 16777216.0 : f32
  %minus_big = arith.constant -16777216.0 : f32
  %zeros = arith.constant dense<0.0> : tensor<768xf32>
  %first = tensor.insert %big into %zeros[%c0] : tensor<768xf32>
  %last = tensor.insert %minus_big into %first[%c704] : tensor<768xf32>
  // Eight 1s (sum) or -1s (l1) at 64, 128, ..., 512.
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %one = arith.constant 1.0 : f32
  %minus_one = arith.constant -1.0 : f32
  %x, %y = scf.for %k = %c1 to %c9 step %c1 iter_args(%s = %last, %l = %last) -> (tensor<768xf32>, tensor<768xf32>) {
    %i = arith.muli %k, %c64 : index
    %s2 = tensor.insert %one into %s[%i] : tensor<768xf32>
    %l2 = tensor.insert %minus_one into %l[%i] : tensor<768xf32>
    scf.yield %s2, %l2 : tensor<768xf32>, tensor<768xf32>
  }

  // 2^24 + 8 - 2^24.
  // CHECK: Unranked Memref {{.*}} sizes = []
  // CHECK-NEXT: [8]
  // F32: Unranked Memref {{.*}} sizes = []
  // F32-NEXT: [0]
  %sum = call @sum(%x) : (tensor<768xf32>) -> tensor<f32>
  %sum_u = tensor.cast %sum : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%sum_u) : (tensor<*xf32>) -> ()

  // 2^25 + 8 is an f32 (the spacing there is 4): printed minus 2^25.
  // CHECK: Unranked Memref {{.*}} sizes = []
  // CHECK-NEXT: [8]
  // F32: Unranked Memref {{.*}} sizes = []
  // F32-NEXT: [0]
  %l1 = call @l1(%y) : (tensor<768xf32>) -> tensor<f32>
  %norm = tensor.extract %l1[] : tensor<f32>
  %two_big = arith.constant 33554432.0 : f32
  %excess = arith.subf %norm, %two_big : f32
  %excess_t = tensor.from_elements %excess : tensor<f32>
  %excess_u = tensor.cast %excess_t : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%excess_u) : (tensor<*xf32>) -> ()
  return
}
