// RUN: reduce-opt %s --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,accumulators=4" --reduce-collapse-dims --reduce-split-reductions="strict-fp-order=true" --reduce-plan="strict-fp-order=true" --reduce-vectorize | FileCheck %s
// RUN: reduce-opt %s --reduce-to-llvm="strict-fp-order=true" | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=VALUES

// strict-fp-order keeps float sums of short rows in sequential order: no
// shuffle tree (it reassociates), an ordered reduction per row. Integer sums
// and mins, exact in any order, keep the tree.

// CHECK-LABEL: func.func @sum_f32(
// CHECK-NOT:     vector.shuffle
// CHECK:         vector.multi_reduction <add>, {{.*}} : vector<1x8xf32> to vector<1xf32>
func.func @sum_f32(%x: tensor<64x8xf32>) -> tensor<64xf32> {
  %r = reduce.sum %x axes [1] : tensor<64x8xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// CHECK-LABEL: func.func @sum_i32(
// CHECK:         vector.shuffle
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
func.func @sum_i32(%x: tensor<64x8xi32>) -> tensor<64xi32> {
  %r = reduce.sum %x axes [1] : tensor<64x8xi32> -> tensor<64xi32>
  return %r : tensor<64xi32>
}

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
