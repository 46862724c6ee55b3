// RUN: reduce-opt %s --reduce-to-llvm="strict-fp-order=true" | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=VALUES

// strict-fp-order keeps float sums of short rows in sequential order, run
// through the whole pipeline: what its plans become is checked in
// row-tiles-strict.mlir.

func.func private @printMemrefF32(tensor<*xf32>)

// Rows [2^24, 1, 1, ..., 1] (1 + 15 ones): in order, each 1 rounds away.
func.func @main() {
  %big = arith.constant 16777216.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %ones = arith.constant dense<1.0> : tensor<16x16xf32>
  %x = scf.for %i = %c0 to %c16 step %c1 iter_args(%t = %ones) -> (tensor<16x16xf32>) {
    %u = tensor.insert %big into %t[%i, %c0] : tensor<16x16xf32>
    scf.yield %u : tensor<16x16xf32>
  }
  %r = call @sum16(%x) : (tensor<16x16xf32>) -> tensor<16xf32>
  %e = tensor.extract %r[%c0] : tensor<16xf32>
  %excess = arith.subf %e, %big : f32
  %t = tensor.from_elements %excess : tensor<f32>
  %u = tensor.cast %t : tensor<f32> to tensor<*xf32>
  // VALUES: Unranked Memref {{.*}} sizes = []
  // VALUES-NEXT: [0]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @sum16(%x: tensor<16x16xf32>) -> tensor<16xf32> {
  %r = reduce.sum %x axes [1] : tensor<16x16xf32> -> tensor<16xf32>
  return %r : tensor<16xf32>
}
