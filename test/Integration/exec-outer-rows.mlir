// RUN: reduce-opt --reduce-to-llvm %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=256 minimum-lowering=or" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=128 accumulators=2 strict-fp-order" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// Another target description (docs/tuning.md) computes the same values.
// RUN: reduce-opt --reduce-to-llvm="outer-rows-per-step=2 stream-rows=2 row-streams=2 split-block-tiles=2 max-short-row-bytes=64 max-row-registers=2 min-stream-bytes=1" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// Every input streamed: the 8 rows of a step come from 8 parts of the rows.
// RUN: reduce-opt --reduce-to-llvm="min-stream-bytes=1" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="threads=2 min-parallel-bytes=0" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

// Outer reductions (axes [0]) read 8 rows per step and combine them into the
// accumulators in row order: rows of 320 (accumulators in memory, blocked)
// and of 32 (accumulators in registers); with threads=2, each thread takes
// 8 of the 16 rows. x[i][j] = (7i + 3j) mod 17 + 1,
// except: column c < 16 holds a NaN in row c (every position of both steps
// of 8 rows); column 16 is +0 but for a -0 in row 5; column 17 is -0 but for
// a +0 in row 3; column 18 holds -2 in row 7 and -3 in row 9.

func.func private @printMemrefF32(tensor<*xf32>)

func.func @min_long(%x: tensor<16x320xf32>) -> tensor<320xf32> {
  %r = reduce.min %x axes [0] : tensor<16x320xf32> -> tensor<320xf32>
  return %r : tensor<320xf32>
}
func.func @sum_long(%x: tensor<16x320xf32>) -> tensor<320xf32> {
  %r = reduce.sum %x axes [0] : tensor<16x320xf32> -> tensor<320xf32>
  return %r : tensor<320xf32>
}
// f32 products accumulate in f64, with twice the rows per step of a sum.
// A column's 16 factors are 16 distinct values of 1..17, so its product
// (at most 17!, below 2^53) is exact in f64 in any order.
func.func @prod_long(%x: tensor<16x320xf32>) -> tensor<320xf32> {
  %r = reduce.prod %x axes [0] : tensor<16x320xf32> -> tensor<320xf32>
  return %r : tensor<320xf32>
}
func.func @min_short(%x: tensor<16x32xf32>) -> tensor<32xf32> {
  %r = reduce.min %x axes [0] : tensor<16x32xf32> -> tensor<32xf32>
  return %r : tensor<32xf32>
}
func.func @sum_short(%x: tensor<16x32xf32>) -> tensor<32xf32> {
  %r = reduce.sum %x axes [0] : tensor<16x32xf32> -> tensor<32xf32>
  return %r : tensor<32xf32>
}

func.func @value(%i: index, %j: index) -> f32 {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c16 = arith.constant 16 : index
  %c17 = arith.constant 17 : index
  %c18 = arith.constant 18 : index
  %nan = arith.constant 0x7FC00000 : f32
  %zero = arith.constant 0.0 : f32
  %negzero = arith.constant -0.0 : f32
  %m2 = arith.constant -2.0 : f32
  %m3 = arith.constant -3.0 : f32
  %one = arith.constant 1.0 : f32
  %a = arith.muli %i, %c7 : index
  %b = arith.muli %j, %c3 : index
  %s = arith.addi %a, %b : index
  %r = arith.remui %s, %c17 : index
  %ri = arith.index_cast %r : index to i32
  %rf = arith.sitofp %ri : i32 to f32
  %base = arith.addf %rf, %one : f32
  %is_diag = arith.cmpi eq, %i, %j : index
  %in_nan_cols = arith.cmpi ult, %j, %c16 : index
  %is_nan = arith.andi %is_diag, %in_nan_cols : i1
  %row5 = arith.cmpi eq, %i, %c5 : index
  %row3 = arith.cmpi eq, %i, %c3 : index
  %row7 = arith.cmpi eq, %i, %c7 : index
  %row9 = arith.cmpi eq, %i, %c9 : index
  %col16 = arith.cmpi eq, %j, %c16 : index
  %col17 = arith.cmpi eq, %j, %c17 : index
  %col18 = arith.cmpi eq, %j, %c18 : index
  %v16 = arith.select %row5, %negzero, %zero : f32
  %v17 = arith.select %row3, %zero, %negzero : f32
  %v18a = arith.select %row9, %m3, %base : f32
  %v18 = arith.select %row7, %m2, %v18a : f32
  %x0 = arith.select %col18, %v18, %base : f32
  %x1 = arith.select %col17, %v17, %x0 : f32
  %x2 = arith.select %col16, %v16, %x1 : f32
  %x3 = arith.select %is_nan, %nan, %x2 : f32
  return %x3 : f32
}

func.func @main() {
  %long = tensor.generate {
  ^bb0(%i: index, %j: index):
    %v = func.call @value(%i, %j) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<16x320xf32>
  %short = tensor.generate {
  ^bb0(%i: index, %j: index):
    %v = func.call @value(%i, %j) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<16x32xf32>

  // CHECK: [nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, -0, -0, -3, 1, 1, 1, 1, 1]
  // CHECK: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]
  %min_long = call @min_long(%long) : (tensor<16x320xf32>) -> tensor<320xf32>
  %min_head = tensor.extract_slice %min_long[0] [24] [1] : tensor<320xf32> to tensor<24xf32>
  %min_tail = tensor.extract_slice %min_long[296] [24] [1] : tensor<320xf32> to tensor<24xf32>
  %u0 = tensor.cast %min_head : tensor<24xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %u1 = tensor.cast %min_tail : tensor<24xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()

  // CHECK: [nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, 0, 0, 116, 136, 150, 147, 144, 141]
  // CHECK: [138, 152, 149, 146, 143, 140, 137, 151, 148, 145, 142, 139, 136, 150, 147, 144, 141, 138, 152, 149, 146, 143, 140, 137]
  %sum_long = call @sum_long(%long) : (tensor<16x320xf32>) -> tensor<320xf32>
  %sum_head = tensor.extract_slice %sum_long[0] [24] [1] : tensor<320xf32> to tensor<24xf32>
  %sum_tail = tensor.extract_slice %sum_long[296] [24] [1] : tensor<320xf32> to tensor<24xf32>
  %u2 = tensor.cast %sum_head : tensor<24xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %u3 = tensor.cast %sum_tail : tensor<24xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()

  // The products of the columns (numpy: np.prod(x, axis=0) in f64, rounded
  // to f32).
  // CHECK: [nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, -0, -0, 4.76367e+12, 2.09228e+13, 1.18562e+14, 5.92812e+13, 3.95208e+13, 2.96406e+13]
  // CHECK: [2.37125e+13, 3.55687e+14, 8.89219e+13, 5.08125e+13, 3.55687e+13, 2.73606e+13, 2.22305e+13, 1.77844e+14, 7.11375e+13, 4.44609e+13, 3.23352e+13, 2.54062e+13, 2.09228e+13, 1.18562e+14, 5.92812e+13, 3.95208e+13, 2.96406e+13, 2.37125e+13, 3.55687e+14, 8.89219e+13, 5.08125e+13, 3.55687e+13, 2.73606e+13, 2.22305e+13]
  %prod_long = call @prod_long(%long) : (tensor<16x320xf32>) -> tensor<320xf32>
  %prod_head = tensor.extract_slice %prod_long[0] [24] [1] : tensor<320xf32> to tensor<24xf32>
  %prod_tail = tensor.extract_slice %prod_long[296] [24] [1] : tensor<320xf32> to tensor<24xf32>
  %u6 = tensor.cast %prod_head : tensor<24xf32> to tensor<*xf32>
  call @printMemrefF32(%u6) : (tensor<*xf32>) -> ()
  %u7 = tensor.cast %prod_tail : tensor<24xf32> to tensor<*xf32>
  call @printMemrefF32(%u7) : (tensor<*xf32>) -> ()

  // CHECK: [nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, -0, -0, -3, 1, 1, 1, 1, 1
  // CHECK: [nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, 0, 0, 116, 136, 150, 147, 144, 141
  %min_short = call @min_short(%short) : (tensor<16x32xf32>) -> tensor<32xf32>
  %u4 = tensor.cast %min_short : tensor<32xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  %sum_short = call @sum_short(%short) : (tensor<16x32xf32>) -> tensor<32xf32>
  %u5 = tensor.cast %sum_short : tensor<32xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
  return
}
