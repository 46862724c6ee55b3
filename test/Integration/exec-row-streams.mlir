// RUN: reduce-opt --reduce-to-llvm %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=256 minimum-lowering=or" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=128 accumulators=2" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="threads=2 min-parallel-bytes=0" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="min-stream-bytes=1" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: %if avx512dq %{ reduce-opt --reduce-to-llvm="min-stream-bytes=1 minimum-lowering=range" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s %}
// RUN: reduce-opt --reduce-to-llvm="min-stream-bytes=1 row-stream-block-bytes=10240" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="min-stream-bytes=1 row-streams=3" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="min-stream-bytes=1 row-streams=2 threads=2 min-parallel-bytes=0" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

// Row reductions (axes [1]) over rows longer than 16 registers read 4 rows
// at a time, each into its own accumulators, and merge the 4 rows by a
// shuffle tree; streamed (min-stream-bytes=1), one row of each of 4 (or 3,
// or on each of two threads 2) parts of the rows at a time, or of each of
// 3 blocks of 8 rows (row-stream-block-bytes of 8 rows of 1280 bytes: 4
// parts of 2 rows per block) (the min's
// accumulators of 4 rows also as range instructions, where the host has
// them). x[r][c] = (7c + 3r) mod 17 + 1, except: row r < 8 holds a
// NaN in column 37r (every row position of both steps of 4 rows); row 8 is
// +0 but for a -0 in column 100; row 9 is -0 but for a +0 in column 5; row
// 10 holds -3 in column 0 and -2 in column 319. Sums of integers are exact.

func.func private @printMemrefF32(tensor<*xf32>)

func.func @min_rows(%x: tensor<24x320xf32>) -> tensor<24xf32> {
  %r = reduce.min %x axes [1] : tensor<24x320xf32> -> tensor<24xf32>
  return %r : tensor<24xf32>
}
func.func @sum_rows(%x: tensor<24x320xf32>) -> tensor<24xf32> {
  %r = reduce.sum %x axes [1] : tensor<24x320xf32> -> tensor<24xf32>
  return %r : tensor<24xf32>
}

func.func @value(%r: index, %c: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c17 = arith.constant 17 : index
  %c37 = arith.constant 37 : index
  %c100 = arith.constant 100 : index
  %c319 = arith.constant 319 : index
  %nan = arith.constant 0x7FC00000 : f32
  %zero = arith.constant 0.0 : f32
  %negzero = arith.constant -0.0 : f32
  %m2 = arith.constant -2.0 : f32
  %m3 = arith.constant -3.0 : f32
  %one = arith.constant 1.0 : f32
  %a = arith.muli %c, %c7 : index
  %b = arith.muli %r, %c3 : index
  %s = arith.addi %a, %b : index
  %m = arith.remui %s, %c17 : index
  %mi = arith.index_cast %m : index to i32
  %mf = arith.sitofp %mi : i32 to f32
  %base = arith.addf %mf, %one : f32
  %nan_col = arith.muli %r, %c37 : index
  %at_nan_col = arith.cmpi eq, %c, %nan_col : index
  %nan_row = arith.cmpi ult, %r, %c8 : index
  %is_nan = arith.andi %at_nan_col, %nan_row : i1
  %row8 = arith.cmpi eq, %r, %c8 : index
  %row9 = arith.cmpi eq, %r, %c9 : index
  %row10 = arith.cmpi eq, %r, %c10 : index
  %col0 = arith.cmpi eq, %c, %c0 : index
  %col5 = arith.cmpi eq, %c, %c5 : index
  %col100 = arith.cmpi eq, %c, %c100 : index
  %col319 = arith.cmpi eq, %c, %c319 : index
  %v8 = arith.select %col100, %negzero, %zero : f32
  %v9 = arith.select %col5, %zero, %negzero : f32
  %v10a = arith.select %col319, %m2, %base : f32
  %v10 = arith.select %col0, %m3, %v10a : f32
  %x0 = arith.select %row10, %v10, %base : f32
  %x1 = arith.select %row9, %v9, %x0 : f32
  %x2 = arith.select %row8, %v8, %x1 : f32
  %x3 = arith.select %is_nan, %nan, %x2 : f32
  return %x3 : f32
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @value(%r, %c) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<24x320xf32>
  // CHECK: [nan, nan, nan, nan, nan, nan, nan, nan, -0, -0, -3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
  %min = call @min_rows(%x) : (tensor<24x320xf32>) -> tensor<24xf32>
  %u0 = tensor.cast %min : tensor<24xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: [nan, nan, nan, nan, nan, nan, nan, nan, 0, 0, 2851, 2881, 2872, 2880, 2888, 2879, 2887, 2878, 2869, 2877, 2885, 2876, 2884, 2875]
  %sum = call @sum_rows(%x) : (tensor<24x320xf32>) -> tensor<24xf32>
  %u1 = tensor.cast %sum : tensor<24xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
