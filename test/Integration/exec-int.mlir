// RUN: reduce-opt --reduce-to-llvm %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=128 accumulators=2" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --lower-reduce-to-loops %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="threads=2 min-parallel-bytes=0" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

// Values computed by the integer reductions: wrapping sums, the wrapping
// |INT_MIN|, signed and unsigned order, the integer identities, keep_dims.
// Unsigned results are bitcast back to signless and zero-extended to i32
// for printing.

func.func private @printMemrefI32(tensor<*xi32>)

func.func @sum_i32(%x: tensor<2x3xi32>) -> tensor<2xi32> {
  %r = reduce.sum %x axes [1] : tensor<2x3xi32> -> tensor<2xi32>
  return %r : tensor<2xi32>
}
func.func @l1_i8_keep_dims(%x: tensor<2x3xi8>) -> tensor<2x1xi8> {
  %r = reduce.l1 %x axes [-1] keep_dims : tensor<2x3xi8> -> tensor<2x1xi8>
  return %r : tensor<2x1xi8>
}
func.func @min_i32_outer(%x: tensor<2x3xi32>) -> tensor<3xi32> {
  %r = reduce.min %x axes [0] : tensor<2x3xi32> -> tensor<3xi32>
  return %r : tensor<3xi32>
}
func.func @min_ui8(%x: tensor<2x3xui8>) -> tensor<2xui8> {
  %r = reduce.min %x axes [1] : tensor<2x3xui8> -> tensor<2xui8>
  return %r : tensor<2xui8>
}
func.func @sum_ui8(%x: tensor<2x3xui8>) -> tensor<3xui8> {
  %r = reduce.sum %x axes [0] : tensor<2x3xui8> -> tensor<3xui8>
  return %r : tensor<3xui8>
}
func.func @l1_ui8(%x: tensor<2x3xui8>) -> tensor<ui8> {
  %r = reduce.l1 %x axes [0, 1] : tensor<2x3xui8> -> tensor<ui8>
  return %r : tensor<ui8>
}
func.func @size0_min_ui8(%x: tensor<2x0xui8>) -> tensor<2xui8> {
  %r = reduce.min %x axes [1] : tensor<2x0xui8> -> tensor<2xui8>
  return %r : tensor<2xui8>
}
func.func @size0_min_i32_dynamic(%x: tensor<?x2xi32>) -> tensor<2xi32> {
  %r = reduce.min %x axes [0] : tensor<?x2xi32> -> tensor<2xi32>
  return %r : tensor<2xi32>
}

/// Prints unsigned i8 data as i32 values.
func.func @print_ui8(%x: tensor<?xui8>) {
  %c0 = arith.constant 0 : index
  %signless = tensor.bitcast %x : tensor<?xui8> to tensor<?xi8>
  %n = tensor.dim %signless, %c0 : tensor<?xi8>
  %init = tensor.empty(%n) : tensor<?xi32>
  %wide = linalg.map { arith.extui } ins(%signless : tensor<?xi8>) outs(%init : tensor<?xi32>)
  %u = tensor.cast %wide : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[2147483647, 1, 5], [-7, 3, -2147483648]]> : tensor<2x3xi32>
  // Wraps: INT_MAX + 1 + 5 and -7 + 3 + INT_MIN.
  // CHECK: Unranked Memref {{.*}} sizes = [2]
  // CHECK-NEXT: [-2147483643,  2147483644]
  %sum = call @sum_i32(%x) : (tensor<2x3xi32>) -> tensor<2xi32>
  %sum_u = tensor.cast %sum : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%sum_u) : (tensor<*xi32>) -> ()

  // CHECK: Unranked Memref {{.*}} sizes = [3]
  // CHECK-NEXT: [-7,  1,  -2147483648]
  %min = call @min_i32_outer(%x) : (tensor<2x3xi32>) -> tensor<3xi32>
  %min_u = tensor.cast %min : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%min_u) : (tensor<*xi32>) -> ()

  // |-128| wraps to -128 in i8: -128 + 1 + 2 = -125; 100 + 27 + 1 wraps
  // to -128.
  %b = arith.constant dense<[[-128, 1, -2], [100, -27, 1]]> : tensor<2x3xi8>
  %l1 = call @l1_i8_keep_dims(%b) : (tensor<2x3xi8>) -> tensor<2x1xi8>
  %l1_flat = tensor.collapse_shape %l1 [[0, 1]] : tensor<2x1xi8> into tensor<2xi8>
  %l1_init = tensor.empty() : tensor<2xi32>
  %l1_wide = linalg.map { arith.extsi } ins(%l1_flat : tensor<2xi8>) outs(%l1_init : tensor<2xi32>)
  %l1_u = tensor.cast %l1_wide : tensor<2xi32> to tensor<*xi32>
  // CHECK: Unranked Memref {{.*}} sizes = [2]
  // CHECK-NEXT: [-125,  -128]
  call @printMemrefI32(%l1_u) : (tensor<*xi32>) -> ()

  // As ui8: [[128, 1, 254], [100, 229, 1]].
  %ub = tensor.bitcast %b : tensor<2x3xi8> to tensor<2x3xui8>
  // CHECK: Unranked Memref {{.*}} sizes = [2]
  // CHECK-NEXT: [1,  1]
  %umin = call @min_ui8(%ub) : (tensor<2x3xui8>) -> tensor<2xui8>
  %umin_d = tensor.cast %umin : tensor<2xui8> to tensor<?xui8>
  call @print_ui8(%umin_d) : (tensor<?xui8>) -> ()
  // 128 + 100, 1 + 229, 254 + 1 (no wrap below 256).
  // CHECK: Unranked Memref {{.*}} sizes = [3]
  // CHECK-NEXT: [228,  230,  255]
  %usum = call @sum_ui8(%ub) : (tensor<2x3xui8>) -> tensor<3xui8>
  %usum_d = tensor.cast %usum : tensor<3xui8> to tensor<?xui8>
  call @print_ui8(%usum_d) : (tensor<?xui8>) -> ()
  // Unsigned values are their own |x|: 713 wraps to 713 - 512 = 201.
  // CHECK: Unranked Memref {{.*}} sizes = [1]
  // CHECK-NEXT: [201]
  %ul1 = call @l1_ui8(%ub) : (tensor<2x3xui8>) -> tensor<ui8>
  %ul1_d = tensor.expand_shape %ul1 [] output_shape [1] : tensor<ui8> into tensor<1xui8>
  %ul1_dd = tensor.cast %ul1_d : tensor<1xui8> to tensor<?xui8>
  call @print_ui8(%ul1_dd) : (tensor<?xui8>) -> ()

  // Size-0 reduced dims: the largest unsigned and signed values.
  // CHECK: Unranked Memref {{.*}} sizes = [2]
  // CHECK-NEXT: [255,  255]
  %e = arith.constant dense<> : tensor<2x0xi8>
  %ue = tensor.bitcast %e : tensor<2x0xi8> to tensor<2x0xui8>
  %umin0 = call @size0_min_ui8(%ue) : (tensor<2x0xui8>) -> tensor<2xui8>
  %umin0_d = tensor.cast %umin0 : tensor<2xui8> to tensor<?xui8>
  call @print_ui8(%umin0_d) : (tensor<?xui8>) -> ()
  // CHECK: Unranked Memref {{.*}} sizes = [2]
  // CHECK-NEXT: [2147483647,  2147483647]
  %ie = arith.constant dense<> : tensor<0x2xi32>
  %ie_d = tensor.cast %ie : tensor<0x2xi32> to tensor<?x2xi32>
  %imin0 = call @size0_min_i32_dynamic(%ie_d) : (tensor<?x2xi32>) -> tensor<2xi32>
  %imin0_u = tensor.cast %imin0 : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%imin0_u) : (tensor<*xi32>) -> ()
  return
}
