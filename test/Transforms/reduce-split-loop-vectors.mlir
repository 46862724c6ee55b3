// RUN: reduce-opt --reduce-split-loop-vectors --split-input-file %s | FileCheck %s

// A 4x80 accumulator (5 AVX-512 registers per row) is carried as 4x64 and
// 4x16; the loop body rebuilds the whole vector and takes the parts back.

// CHECK-LABEL: func.func @rows_of_80
// CHECK-DAG:     %[[HI:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0, 0], sizes = [4, 64], strides = [1, 1]} : vector<4x80xf32> to vector<4x64xf32>
// CHECK-DAG:     %[[LO:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0, 64], sizes = [4, 16], strides = [1, 1]} : vector<4x80xf32> to vector<4x16xf32>
// CHECK:         %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %[[HI]], %[[B:.*]] = %[[LO]]) -> (vector<4x64xf32>, vector<4x16xf32>)
// CHECK:           %[[P:.*]] = ub.poison : vector<4x80xf32>
// CHECK:           %[[W0:.*]] = vector.insert_strided_slice %[[A]], %[[P]] {offsets = [0, 0], strides = [1, 1]} : vector<4x64xf32> into vector<4x80xf32>
// CHECK:           %[[W:.*]] = vector.insert_strided_slice %[[B]], %[[W0]] {offsets = [0, 64], strides = [1, 1]} : vector<4x16xf32> into vector<4x80xf32>
// CHECK:           %[[S:.*]] = arith.addf %[[W]], %{{.*}} : vector<4x80xf32>
// CHECK:           %[[Y0:.*]] = vector.extract_strided_slice %[[S]] {offsets = [0, 0], sizes = [4, 64], strides = [1, 1]}
// CHECK:           %[[Y1:.*]] = vector.extract_strided_slice %[[S]] {offsets = [0, 64], sizes = [4, 16], strides = [1, 1]}
// CHECK:           scf.yield %[[Y0]], %[[Y1]] : vector<4x64xf32>, vector<4x16xf32>
// CHECK:         %[[E0:.*]] = vector.insert_strided_slice %[[R]]#0, %{{.*}} {offsets = [0, 0], strides = [1, 1]}
// CHECK:         %[[E:.*]] = vector.insert_strided_slice %[[R]]#1, %[[E0]] {offsets = [0, 64], strides = [1, 1]}
// CHECK:         vector.transfer_write %[[E]]
func.func @rows_of_80(%m: memref<4x2400xf32>, %out: memref<4x80xf32>) {
  %c0 = arith.constant 0 : index
  %c80 = arith.constant 80 : index
  %c2400 = arith.constant 2400 : index
  %z = arith.constant dense<0.0> : vector<4x80xf32>
  %p = ub.poison : f32
  %r = scf.for %i = %c0 to %c2400 step %c80 iter_args(%acc = %z) -> (vector<4x80xf32>) {
    %v = vector.transfer_read %m[%c0, %i], %p {in_bounds = [true, true]} : memref<4x2400xf32>, vector<4x80xf32>
    %s = arith.addf %acc, %v : vector<4x80xf32>
    scf.yield %s : vector<4x80xf32>
  }
  vector.transfer_write %r, %out[%c0, %c0] {in_bounds = [true, true]} : vector<4x80xf32>, memref<4x80xf32>
  return
}

// -----

// Lengths below a register split the same way (24: 16 + 8; 5 x i1: 4 + 1);
// a power of two (64) stays whole.

// CHECK-LABEL: func.func @mixed
// CHECK:         scf.for {{.*}} -> (vector<16xf32>, vector<8xf32>, vector<4xi1>, vector<1xi1>, vector<64xf32>)
// CHECK:           arith.addf %{{.*}} : vector<24xf32>
// CHECK:           arith.xori %{{.*}} : vector<5xi1>
// CHECK:           arith.mulf %{{.*}} : vector<64xf32>
// CHECK:           scf.yield %{{.*}} : vector<16xf32>, vector<8xf32>, vector<4xi1>, vector<1xi1>, vector<64xf32>
// CHECK:         return %{{.*}} : vector<24xf32>, vector<5xi1>, vector<64xf32>
func.func @mixed(%init: vector<24xf32>, %mask: vector<5xi1>, %keep: vector<64xf32>, %n: index) -> (vector<24xf32>, vector<5xi1>, vector<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init, %m = %mask, %k = %keep) -> (vector<24xf32>, vector<5xi1>, vector<64xf32>) {
    %s = arith.addf %a, %a : vector<24xf32>
    %t = arith.xori %m, %m : vector<5xi1>
    %u = arith.mulf %k, %k : vector<64xf32>
    scf.yield %s, %t, %u : vector<24xf32>, vector<5xi1>, vector<64xf32>
  }
  return %r#0, %r#1, %r#2 : vector<24xf32>, vector<5xi1>, vector<64xf32>
}

// -----

// scf.if results are carried across blocks too.

// CHECK-LABEL: func.func @branch
// CHECK:         %[[R:.*]]:2 = scf.if %{{.*}} -> (vector<8xf32>, vector<4xf32>)
// CHECK:         %[[W0:.*]] = vector.insert_strided_slice %[[R]]#0, %{{.*}} {offsets = [0], strides = [1]} : vector<8xf32> into vector<12xf32>
// CHECK:         %[[W:.*]] = vector.insert_strided_slice %[[R]]#1, %[[W0]] {offsets = [8], strides = [1]} : vector<4xf32> into vector<12xf32>
// CHECK:         return %[[W]]
func.func @branch(%c: i1, %a: vector<12xf32>, %b: vector<12xf32>) -> vector<12xf32> {
  %r = scf.if %c -> vector<12xf32> {
    scf.yield %a : vector<12xf32>
  } else {
    scf.yield %b : vector<12xf32>
  }
  return %r : vector<12xf32>
}

// -----

// Nothing to split: the loop is unchanged.

// CHECK-LABEL: func.func @powers_of_two
// CHECK:         scf.for {{.*}} -> (vector<16xf32>, vector<2x8xi32>, f32)
// CHECK-NOT:     vector.insert_strided_slice
func.func @powers_of_two(%a: vector<16xf32>, %b: vector<2x8xi32>, %c: f32, %n: index) -> (vector<16xf32>, vector<2x8xi32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %c) -> (vector<16xf32>, vector<2x8xi32>, f32) {
    scf.yield %x, %y, %z : vector<16xf32>, vector<2x8xi32>, f32
  }
  return %r#0, %r#1, %r#2 : vector<16xf32>, vector<2x8xi32>, f32
}
