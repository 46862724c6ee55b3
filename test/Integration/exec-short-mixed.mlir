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
// RUN: reduce-opt --reduce-to-llvm="strict-fp-order=true" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --lower-reduce-to-loops %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// Mixed axes with a short innermost reduced dim (16x6x24 over [0, 2]): the
// outer dim is reduced first, into a 6x24 partial result filled with the
// combiner's neutral element, then the rows of 24 (reduce-vectorize's
// split_short_rows; strict-fp-order float sums stay one reduction).
// x[i][j][k] = (5i + 3j + 7k) mod 11 - 5, except -10 - j at
// (5j mod 16, j, (7j + 3) mod 24); the f32 data also has NaN at (3, 2, 17)
// and (15, 5, 0), and row j = 4 all +0 but a -0 at (7, 4, 9).

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @min_f32(%x: tensor<16x6x24xf32>) -> tensor<6xf32> {
  %r = reduce.min %x axes [0, 2] : tensor<16x6x24xf32> -> tensor<6xf32>
  return %r : tensor<6xf32>
}
func.func @sum_f32(%x: tensor<16x6x24xf32>) -> tensor<6xf32> {
  %r = reduce.sum %x axes [0, 2] : tensor<16x6x24xf32> -> tensor<6xf32>
  return %r : tensor<6xf32>
}
func.func @l1_f32(%x: tensor<16x6x24xf32>) -> tensor<1x6x1xf32> {
  %r = reduce.l1 %x axes [0, 2] keep_dims : tensor<16x6x24xf32> -> tensor<1x6x1xf32>
  return %r : tensor<1x6x1xf32>
}
func.func @sum_i32(%x: tensor<16x6x24xi32>) -> tensor<6xi32> {
  %r = reduce.sum %x axes [0, 2] : tensor<16x6x24xi32> -> tensor<6xi32>
  return %r : tensor<6xi32>
}
func.func @min_i32(%x: tensor<16x6x24xi32>) -> tensor<6xi32> {
  %r = reduce.min %x axes [0, 2] : tensor<16x6x24xi32> -> tensor<6xi32>
  return %r : tensor<6xi32>
}

func.func @value_i32(%i: index, %j: index, %k: index) -> i32 {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %a = arith.muli %i, %c5 : index
  %b = arith.muli %j, %c3 : index
  %c = arith.muli %k, %c7 : index
  %ab = arith.addi %a, %b : index
  %abc = arith.addi %ab, %c : index
  %m = arith.remui %abc, %c11 : index
  %v = arith.subi %m, %c5 : index
  %j5 = arith.muli %j, %c5 : index
  %low_i = arith.remui %j5, %c16 : index
  %j7 = arith.muli %j, %c7 : index
  %j73 = arith.addi %j7, %c3 : index
  %low_k = arith.remui %j73, %c24 : index
  %at_i = arith.cmpi eq, %i, %low_i : index
  %at_k = arith.cmpi eq, %k, %low_k : index
  %at = arith.andi %at_i, %at_k : i1
  %jm = arith.addi %j, %c10 : index
  %zero = arith.constant 0 : index
  %low = arith.subi %zero, %jm : index
  %r = arith.select %at, %low, %v : index
  %ri = arith.index_cast %r : index to i32
  return %ri : i32
}

func.func @value_f32(%i: index, %j: index, %k: index) -> f32 {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %c0 = arith.constant 0 : index
  %nan = arith.constant 0x7FC00000 : f32
  %zero = arith.constant 0.0 : f32
  %negzero = arith.constant -0.0 : f32
  %vi = func.call @value_i32(%i, %j, %k) : (index, index, index) -> i32
  %v = arith.sitofp %vi : i32 to f32
  // Row j = 4: +0, and -0 at (7, 4, 9).
  %i7 = arith.cmpi eq, %i, %c7 : index
  %k9 = arith.cmpi eq, %k, %c9 : index
  %at_negzero = arith.andi %i7, %k9 : i1
  %z = arith.select %at_negzero, %negzero, %zero : f32
  %j4 = arith.cmpi eq, %j, %c4 : index
  %v1 = arith.select %j4, %z, %v : f32
  // NaN at (3, 2, 17) and (15, 5, 0).
  %i3 = arith.cmpi eq, %i, %c3 : index
  %j2 = arith.cmpi eq, %j, %c2 : index
  %k17 = arith.cmpi eq, %k, %c17 : index
  %n0a = arith.andi %i3, %j2 : i1
  %n0 = arith.andi %n0a, %k17 : i1
  %i15 = arith.cmpi eq, %i, %c15 : index
  %j5 = arith.cmpi eq, %j, %c5 : index
  %k0 = arith.cmpi eq, %k, %c0 : index
  %n1a = arith.andi %i15, %j5 : i1
  %n1 = arith.andi %n1a, %k0 : i1
  %is_nan = arith.ori %n0, %n1 : i1
  %v2 = arith.select %is_nan, %nan, %v1 : f32
  return %v2 : f32
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %v = func.call @value_f32(%i, %j, %k) : (index, index, index) -> f32
    tensor.yield %v : f32
  } : tensor<16x6x24xf32>
  %n = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %v = func.call @value_i32(%i, %j, %k) : (index, index, index) -> i32
    tensor.yield %v : i32
  } : tensor<16x6x24xi32>

  // CHECK: [-10, -11, {{-?nan}}, -13, -0, {{-?nan}}]
  %0 = call @min_f32(%x) : (tensor<16x6x24xf32>) -> tensor<6xf32>
  %u0 = tensor.cast %0 : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: [-18, -11, {{-?nan}}, -5, 0, {{-?nan}}]
  %1 = call @sum_f32(%x) : (tensor<16x6x24xf32>) -> tensor<6xf32>
  %u1 = tensor.cast %1 : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: [1052, 1055, {{-?nan}}, 1057, 0, {{-?nan}}]
  %2 = call @l1_f32(%x) : (tensor<16x6x24xf32>) -> tensor<1x6x1xf32>
  %c2 = tensor.collapse_shape %2 [[0, 1, 2]] : tensor<1x6x1xf32> into tensor<6xf32>
  %u2 = tensor.cast %c2 : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: [-18, -11, -26, -5, -17, -10]
  %3 = call @sum_i32(%n) : (tensor<16x6x24xi32>) -> tensor<6xi32>
  %u3 = tensor.cast %3 : tensor<6xi32> to tensor<*xi32>
  call @printMemrefI32(%u3) : (tensor<*xi32>) -> ()
  // CHECK: [-10, -11, -12, -13, -14, -15]
  %4 = call @min_i32(%n) : (tensor<16x6x24xi32>) -> tensor<6xi32>
  %u4 = tensor.cast %4 : tensor<6xi32> to tensor<*xi32>
  call @printMemrefI32(%u4) : (tensor<*xi32>) -> ()
  return
}
