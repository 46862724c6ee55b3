// RUN: reduce-opt --reduce-to-llvm="vector-width=512" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=256" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=512 minimum-lowering=or" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=512" %s | FileCheck %s --check-prefix=LOOPS

// Tiles whose length is not a power of two. Column accumulators are
// carried as power-of-two parts (reduce-split-loop-vectors): columns of 80
// are one tile of 80 with 512-bit registers (parts of 64 and 16) or two of
// 40 with 256-bit ones (32 and 8); columns of 24 one tile of 16 + 8. Rows
// of 400 are tiled by 16, the largest power of two of registers that
// divides them (not 80 or 40, whose parts LLVM would merge again after the
// loop). NaNs and each minimum sit in different parts.
//
// base(r, c) = +-((7c + 3r) mod 17 + 1), negative when r + c is odd.
// A (8x400): NaN at (0, 70), (1, 399), (2, 36), (3, 0); -100 - r at
//   (r, r + 73); else base.
// B (64x80): NaN at (5, 70), (63, 79), (0, 36); -100 - c at
//   ((7c + 2) mod 64, c); else base.
// C (64x24): base.

// No block argument of a vector type whose length is not a power of two
// reaches the LLVM dialect.
// LOOPS-NOT: ^bb{{[0-9]+}}({{.*}}vector<{{(3|5|6|7|9|10|11|12|13|14|15|24|40|48|80)}}x

func.func private @printMemrefF32(tensor<*xf32>)

func.func @min_rows(%x: tensor<8x400xf32>) -> tensor<8xf32> {
  %r = reduce.min %x axes [1] : tensor<8x400xf32> -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @l1_rows(%x: tensor<8x400xf32>) -> tensor<8xf32> {
  %r = reduce.l1 %x axes [1] : tensor<8x400xf32> -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @min_columns(%x: tensor<64x80xf32>) -> tensor<80xf32> {
  %r = reduce.min %x axes [0] : tensor<64x80xf32> -> tensor<80xf32>
  return %r : tensor<80xf32>
}
func.func @sum_columns(%x: tensor<64x80xf32>) -> tensor<80xf32> {
  %r = reduce.sum %x axes [0] : tensor<64x80xf32> -> tensor<80xf32>
  return %r : tensor<80xf32>
}
func.func @sum_narrow_columns(%x: tensor<64x24xf32>) -> tensor<24xf32> {
  %r = reduce.sum %x axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  return %r : tensor<24xf32>
}

func.func @base(%r: index, %c: index) -> f32 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c17 = arith.constant 17 : index
  %a = arith.muli %c, %c7 : index
  %b = arith.muli %r, %c3 : index
  %s = arith.addi %a, %b : index
  %m = arith.remui %s, %c17 : index
  %m1 = arith.addi %m, %c1 : index
  %mi = arith.index_cast %m1 : index to i32
  %v = arith.sitofp %mi : i32 to f32
  %neg = arith.negf %v : f32
  %rc = arith.addi %r, %c : index
  %parity = arith.remui %rc, %c2 : index
  %odd = arith.cmpi eq, %parity, %c1 : index
  %x = arith.select %odd, %neg, %v : f32
  return %x : f32
}

// -100 - n as an f32.
func.func @minus100(%n: index) -> f32 {
  %c100 = arith.constant 100 : index
  %s = arith.addi %n, %c100 : index
  %i = arith.index_cast %s : index to i32
  %f = arith.sitofp %i : i32 to f32
  %neg = arith.negf %f : f32
  return %neg : f32
}

func.func @value_a(%r: index, %c: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c36 = arith.constant 36 : index
  %c70 = arith.constant 70 : index
  %c73 = arith.constant 73 : index
  %c399 = arith.constant 399 : index
  %nan = arith.constant 0x7FC00000 : f32
  %base = func.call @base(%r, %c) : (index, index) -> f32
  %low = func.call @minus100(%r) : (index) -> f32
  %low_col = arith.addi %r, %c73 : index
  %at_low = arith.cmpi eq, %c, %low_col : index
  %v0 = arith.select %at_low, %low, %base : f32
  %r0 = arith.cmpi eq, %r, %c0 : index
  %r1 = arith.cmpi eq, %r, %c1 : index
  %r2 = arith.cmpi eq, %r, %c2 : index
  %r3 = arith.cmpi eq, %r, %c3 : index
  %n1 = arith.select %r1, %c399, %c0 : index
  %n2 = arith.select %r2, %c36, %n1 : index
  %nan_col = arith.select %r0, %c70, %n2 : index
  %nan_row = arith.cmpi ule, %r, %c3 : index
  %at_nan_col = arith.cmpi eq, %c, %nan_col : index
  %is_nan = arith.andi %nan_row, %at_nan_col : i1
  %v1 = arith.select %is_nan, %nan, %v0 : f32
  return %v1 : f32
}

func.func @value_b(%r: index, %c: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c36 = arith.constant 36 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %c70 = arith.constant 70 : index
  %c79 = arith.constant 79 : index
  %nan = arith.constant 0x7FC00000 : f32
  %base = func.call @base(%r, %c) : (index, index) -> f32
  %low = func.call @minus100(%c) : (index) -> f32
  %t = arith.muli %c, %c7 : index
  %t2 = arith.addi %t, %c2 : index
  %low_row = arith.remui %t2, %c64 : index
  %at_low = arith.cmpi eq, %r, %low_row : index
  %v0 = arith.select %at_low, %low, %base : f32
  %r5 = arith.cmpi eq, %r, %c5 : index
  %k70 = arith.cmpi eq, %c, %c70 : index
  %n0 = arith.andi %r5, %k70 : i1
  %r63 = arith.cmpi eq, %r, %c63 : index
  %k79 = arith.cmpi eq, %c, %c79 : index
  %n1 = arith.andi %r63, %k79 : i1
  %r0 = arith.cmpi eq, %r, %c0 : index
  %k36 = arith.cmpi eq, %c, %c36 : index
  %n2 = arith.andi %r0, %k36 : i1
  %n01 = arith.ori %n0, %n1 : i1
  %is_nan = arith.ori %n01, %n2 : i1
  %v1 = arith.select %is_nan, %nan, %v0 : f32
  return %v1 : f32
}

func.func @main() {
  %a = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @value_a(%r, %c) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<8x400xf32>
  %b = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @value_b(%r, %c) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<64x80xf32>
  %n = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @base(%r, %c) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<64x24xf32>

  // CHECK: [{{-?nan}}, {{-?nan}}, {{-?nan}}, {{-?nan}}, -104, -105, -106, -107]
  %0 = call @min_rows(%a) : (tensor<8x400xf32>) -> tensor<8xf32>
  %u0 = tensor.cast %0 : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: [{{-?nan}}, {{-?nan}}, {{-?nan}}, {{-?nan}}, 3695, 3713, 3697, 3698]
  %1 = call @l1_rows(%a) : (tensor<8x400xf32>) -> tensor<8xf32>
  %u1 = tensor.cast %1 : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: [-100, -101, -102, -103, -104, -105, -106, -107, -108, -109, -110, -111, -112, -113, -114, -115, -116, -117, -118, -119, -120, -121, -122, -123, -124, -125, -126, -127, -128, -129, -130, -131, -132, -133, -134, -135, {{-?nan}}, -137, -138, -139, -140, -141, -142, -143, -144, -145, -146, -147, -148, -149, -150, -151, -152, -153, -154, -155, -156, -157, -158, -159, -160, -161, -162, -163, -164, -165, -166, -167, -168, -169, {{-?nan}}, -171, -172, -173, -174, -175, -176, -177, -178, {{-?nan}}]
  %2 = call @min_columns(%b) : (tensor<64x80xf32>) -> tensor<80xf32>
  %u2 = tensor.cast %2 : tensor<80xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: [-101, -108, -108, -98, -132, -122, -105, -129, -129, -131, -114, -104, -121, -128, -111, -118, -135, -125, -120, -127, -144, -117, -117, -141, -124, -131, -131, -138, -150, -140, -140, -147, -147, -137, -137, -144, {{-?nan}}, -129, -163, -153, -136, -160, -160, -150, -150, -140, -152, -159, -159, -149, -166, -173, -156, -163, -180, -148, -165, -172, -155, -162, -162, -169, -186, -176, -171, -178, -178, -168, -168, -192, {{-?nan}}, -165, -199, -184, -184, -191, -191, -198, -181, {{-?nan}}]
  %3 = call @sum_columns(%b) : (tensor<64x80xf32>) -> tensor<80xf32>
  %u3 = tensor.cast %3 : tensor<80xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: [6, -6, 6, 11, -11, -6, 6, -6, -11, -6, 6, 11, 6, -6, 6, 11, -11, -6, 6, -6, -11, 11, 6, -6]
  %4 = call @sum_narrow_columns(%n) : (tensor<64x24xf32>) -> tensor<24xf32>
  %u4 = tensor.cast %4 : tensor<24xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  return
}
