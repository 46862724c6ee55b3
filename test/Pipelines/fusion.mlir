// RUN: reduce-opt %s --split-input-file --reduce-to-llvm="out-params vector-width=256" | FileCheck %s
// RUN: reduce-opt %s --split-input-file --reduce-to-llvm="out-params vector-width=256 threads=2" | FileCheck %s --check-prefix=THREADS

// Fused through the whole pipeline: the module allocates nothing but its
// results (out-params here, so nothing at all), and no temporary of the
// input's size: the product of the dot, the two reductions of min and max
// are one loop nest each.
// CHECK-LABEL: llvm.func @dot
//   CHECK-NOT:   llvm.call @malloc
//       CHECK:   llvm.return
// THREADS-LABEL: llvm.func @dot
//       THREADS:   omp.parallel
//   THREADS-NOT:   llvm.call @malloc
func.func @dot(%x: tensor<4096x256xf32>, %y: tensor<4096x256xf32>) -> tensor<4096xf32> {
  %p = arith.mulf %x, %y : tensor<4096x256xf32>
  %r = reduce.sum %p axes [1] : tensor<4096x256xf32> -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// -----

// CHECK-LABEL: llvm.func @min_max
//   CHECK-NOT:   llvm.call @malloc
//       CHECK:   llvm.return
// THREADS-LABEL: llvm.func @min_max
//       THREADS:   omp.parallel
//   THREADS-NOT:   llvm.call @malloc
func.func @min_max(%x: tensor<4096x256xf32>) -> (tensor<4096xf32>, tensor<4096xf32>) {
  %a = reduce.min %x axes [1] : tensor<4096x256xf32> -> tensor<4096xf32>
  %b = reduce.max %x axes [1] : tensor<4096x256xf32> -> tensor<4096xf32>
  return %a, %b : tensor<4096xf32>, tensor<4096xf32>
}

// -----

// Softmax of rows of 1 KiB: blocks of 32 rows (row_block_bytes 64 KiB of
// inputs and exponentials), whose maximums and sums (one buffer, 32 values)
// and exponentials (32 rows) are the only temporaries, allocated once; on
// two threads the blocks are one parallel loop, each block with its own.
// CHECK-LABEL: llvm.func @softmax
//   CHECK-COUNT-2:   llvm.call @malloc
//   CHECK-NOT:   llvm.call @malloc
//       CHECK:   llvm.return
// THREADS-LABEL: llvm.func @softmax
//       THREADS:   omp.parallel
//   THREADS-NOT:   omp.parallel
//       THREADS:   llvm.return
func.func @softmax(%x: tensor<4096x256xf32>) -> tensor<4096x256xf32> {
  %m = reduce.max %x axes [1] : tensor<4096x256xf32> -> tensor<4096xf32>
  %e0 = tensor.empty() : tensor<4096x256xf32>
  %mb = linalg.broadcast ins(%m : tensor<4096xf32>) outs(%e0 : tensor<4096x256xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<4096x256xf32>
  %ex = math.exp %d : tensor<4096x256xf32>
  %s = reduce.sum %ex axes [1] : tensor<4096x256xf32> -> tensor<4096xf32>
  %sb = linalg.broadcast ins(%s : tensor<4096xf32>) outs(%e0 : tensor<4096x256xf32>) dimensions = [1]
  %o = arith.divf %ex, %sb : tensor<4096x256xf32>
  return %o : tensor<4096x256xf32>
}
