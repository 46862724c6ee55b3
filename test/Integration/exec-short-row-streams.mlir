// RUN: reduce-opt --reduce-to-llvm="vector-width=512" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=256 minimum-lowering=or" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="threads=2" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=512" \
// RUN:   --mlir-print-ir-after=reduce-vectorize --mlir-disable-threading %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
// RUN: reduce-opt --reduce-to-llvm="vector-width=512 stream-vector-width=256" \
// RUN:   --mlir-print-ir-after=reduce-vectorize --mlir-disable-threading %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR256

// Short rows, 1 MiB (16384 rows of 16 f32): the rows are read as 4 streams
// (parts of 4096 rows, one 16-row tile of each per step). x[r][c] =
// (5r + 3c) mod 13 + 1, except in the first rows of each part k: row 1 holds
// a NaN in column 5k, row 2 is +0 but for a -0 in column 15, row 3 is -0 but
// for a +0 in column 0, row 4 holds -5 - k in column 7. Sums are exact.

// IR: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [4, 4096, 16]
// IR: vector<4x16x16xf32>

// The input has 1 MiB: stream-vector-width sizes its tiles, 8 rows of two
// 256-bit registers.
// IR256: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [4, 4096, 16]
// IR256: vector<4x8x16xf32>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @min_rows(%x: tensor<16384x16xf32>) -> tensor<16384xf32> {
  %r = reduce.min %x axes [1] : tensor<16384x16xf32> -> tensor<16384xf32>
  return %r : tensor<16384xf32>
}
func.func @sum_rows(%x: tensor<16384x16xf32>) -> tensor<16384xf32> {
  %r = reduce.sum %x axes [1] : tensor<16384x16xf32> -> tensor<16384xf32>
  return %r : tensor<16384xf32>
}

func.func @value(%r: index, %c: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c15 = arith.constant 15 : index
  %c4096 = arith.constant 4096 : index
  %nan = arith.constant 0x7FC00000 : f32
  %zero = arith.constant 0.0 : f32
  %negzero = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %m5 = arith.constant -5.0 : f32
  %a = arith.muli %r, %c5 : index
  %b = arith.muli %c, %c3 : index
  %s = arith.addi %a, %b : index
  %m = arith.remui %s, %c13 : index
  %mi = arith.index_cast %m : index to i32
  %mf = arith.sitofp %mi : i32 to f32
  %base = arith.addf %mf, %one : f32
  %part = arith.divui %r, %c4096 : index
  %in_part = arith.remui %r, %c4096 : index
  %row1 = arith.cmpi eq, %in_part, %c1 : index
  %row2 = arith.cmpi eq, %in_part, %c2 : index
  %row3 = arith.cmpi eq, %in_part, %c3 : index
  %row4 = arith.cmpi eq, %in_part, %c4 : index
  %nan_col = arith.muli %part, %c5 : index
  %at_nan = arith.cmpi eq, %c, %nan_col : index
  %col0 = arith.cmpi eq, %c, %c0 : index
  %col7 = arith.cmpi eq, %c, %c7 : index
  %col15 = arith.cmpi eq, %c, %c15 : index
  %parti = arith.index_cast %part : index to i32
  %partf = arith.sitofp %parti : i32 to f32
  %low = arith.subf %m5, %partf : f32
  %v4 = arith.select %col7, %low, %base : f32
  %v3 = arith.select %col0, %zero, %negzero : f32
  %v2 = arith.select %col15, %negzero, %zero : f32
  %v1 = arith.select %at_nan, %nan, %base : f32
  %x4 = arith.select %row4, %v4, %base : f32
  %x3 = arith.select %row3, %v3, %x4 : f32
  %x2 = arith.select %row2, %v2, %x3 : f32
  %x1 = arith.select %row1, %v1, %x2 : f32
  return %x1 : f32
}

func.func @print_parts(%v: tensor<16384xf32>) {
  %s0 = tensor.extract_slice %v[0] [8] [1] : tensor<16384xf32> to tensor<8xf32>
  %s1 = tensor.extract_slice %v[4096] [8] [1] : tensor<16384xf32> to tensor<8xf32>
  %s2 = tensor.extract_slice %v[8192] [8] [1] : tensor<16384xf32> to tensor<8xf32>
  %s3 = tensor.extract_slice %v[12288] [8] [1] : tensor<16384xf32> to tensor<8xf32>
  %u0 = tensor.cast %s0 : tensor<8xf32> to tensor<*xf32>
  %u1 = tensor.cast %s1 : tensor<8xf32> to tensor<*xf32>
  %u2 = tensor.cast %s2 : tensor<8xf32> to tensor<*xf32>
  %u3 = tensor.cast %s3 : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @value(%r, %c) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<16384x16xf32>
  // CHECK: [1, nan, -0, -0, -5, 1, 1, 1]
  // CHECK: [1, nan, -0, -0, -6, 1, 1, 1]
  // CHECK: [1, nan, -0, -0, -7, 1, 1, 1]
  // CHECK: [1, nan, -0, -0, -8, 1, 1, 1]
  %min = call @min_rows(%x) : (tensor<16384x16xf32>) -> tensor<16384xf32>
  call @print_parts(%min) : (tensor<16384xf32>) -> ()
  // CHECK: [103, nan, 0, 0, 103, 113, 115, 117]
  // CHECK: [118, nan, 0, 0, 99, 115, 117, 106]
  // CHECK: [107, nan, 0, 0, 95, 117, 106, 121]
  // CHECK: [109, nan, 0, 0, 104, 106, 121, 110]
  %sum = call @sum_rows(%x) : (tensor<16384x16xf32>) -> tensor<16384xf32>
  call @print_parts(%sum) : (tensor<16384xf32>) -> ()
  return
}
