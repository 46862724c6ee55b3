// RUN: reduce-opt %s --split-input-file --reduce-byte-bool-accumulators | FileCheck %s

// The and/or accumulators of bool vectors are carried as bytes: the init
// widened before the loop, the value read widened in it, the and (or) on
// bytes, the result narrowed after the loop.

// CHECK-LABEL: func.func @and_rows(
// CHECK-SAME:      %[[M:[^:]*]]: memref<4096xi1>, %[[INIT:[^:]*]]: vector<128xi1>)
// CHECK:         %[[INIT8:.*]] = arith.extui %[[INIT]] : vector<128xi1> to vector<128xi8>
// CHECK:         %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT8]]) -> (vector<128xi8>)
// CHECK:           %[[X:.*]] = vector.transfer_read %[[M]]
// CHECK:           %[[X8:.*]] = arith.extui %[[X]] : vector<128xi1> to vector<128xi8>
// CHECK:           %[[AND:.*]] = arith.andi %[[ACC]], %[[X8]] : vector<128xi8>
// CHECK:           scf.yield %[[AND]] : vector<128xi8>
// CHECK:         %[[R:.*]] = arith.trunci %[[LOOP]] : vector<128xi8> to vector<128xi1>
// CHECK:         return %[[R]] : vector<128xi1>
func.func @and_rows(%m: memref<4096xi1>, %init: vector<128xi1>) -> vector<128xi1> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c4096 = arith.constant 4096 : index
  %false = arith.constant false
  %r = scf.for %i = %c0 to %c4096 step %c128 iter_args(%acc = %init) -> (vector<128xi1>) {
    %x = vector.transfer_read %m[%i], %false {in_bounds = [true]} : memref<4096xi1>, vector<128xi1>
    %a = arith.andi %acc, %x : vector<128xi1>
    scf.yield %a : vector<128xi1>
  }
  return %r : vector<128xi1>
}

// -----

// An or with the accumulator second, of a 2-D vector, beside an f32
// accumulator that stays.

// CHECK-LABEL: func.func @or_tile(
// CHECK:         %[[LOOP:.*]]:2 = scf.for {{.*}} -> (vector<4x32xi8>, vector<8xf32>)
// CHECK:           arith.extui %{{.*}} : vector<4x32xi1> to vector<4x32xi8>
// CHECK:           arith.ori %{{.*}}, %{{.*}} : vector<4x32xi8>
// CHECK:           arith.addf
// CHECK:         arith.trunci %[[LOOP]]#0 : vector<4x32xi8> to vector<4x32xi1>
func.func @or_tile(%m: memref<4x1024xi1>, %f: memref<1024xf32>, %init: vector<4x32xi1>,
                   %finit: vector<8xf32>) -> (vector<4x32xi1>, vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %false = arith.constant false
  %zero = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %c0 to %c1024 step %c32 iter_args(%acc = %init, %facc = %finit) -> (vector<4x32xi1>, vector<8xf32>) {
    %x = vector.transfer_read %m[%c0, %i], %false {in_bounds = [true, true]} : memref<4x1024xi1>, vector<4x32xi1>
    %o = arith.ori %x, %acc : vector<4x32xi1>
    %y = vector.transfer_read %f[%i], %zero {in_bounds = [true]} : memref<1024xf32>, vector<8xf32>
    %s = arith.addf %facc, %y : vector<8xf32>
    scf.yield %o, %s : vector<4x32xi1>, vector<8xf32>
  }
  return %r#0, %r#1 : vector<4x32xi1>, vector<8xf32>
}

// -----

// Not an and/or accumulator: the iter_arg has another use, the update is
// a xor, the update has another use; bool scalars stay too.

// CHECK-LABEL: func.func @not_accumulators(
// CHECK:         scf.for {{.*}} -> (vector<16xi1>, vector<16xi1>, vector<16xi1>, i1)
// CHECK-NOT:     arith.extui
// CHECK-NOT:     arith.trunci
func.func @not_accumulators(%m: memref<4096xi1>, %out: memref<16xi1>, %init: vector<16xi1>, %s: i1)
    -> (vector<16xi1>, vector<16xi1>, vector<16xi1>, i1) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c4096 = arith.constant 4096 : index
  %false = arith.constant false
  %r:4 = scf.for %i = %c0 to %c4096 step %c16 iter_args(%a = %init, %b = %init, %c = %init, %d = %s)
      -> (vector<16xi1>, vector<16xi1>, vector<16xi1>, i1) {
    %x = vector.transfer_read %m[%i], %false {in_bounds = [true]} : memref<4096xi1>, vector<16xi1>
    %a1 = arith.andi %a, %x : vector<16xi1>
    %a2 = arith.ori %a1, %a : vector<16xi1>
    %b1 = arith.xori %b, %x : vector<16xi1>
    %c1 = arith.andi %c, %x : vector<16xi1>
    vector.transfer_write %c1, %out[%c0] {in_bounds = [true]} : vector<16xi1>, memref<16xi1>
    %x0 = memref.load %m[%i] : memref<4096xi1>
    %d1 = arith.andi %d, %x0 : i1
    scf.yield %a2, %b1, %c1, %d1 : vector<16xi1>, vector<16xi1>, vector<16xi1>, i1
  }
  return %r#0, %r#1, %r#2, %r#3 : vector<16xi1>, vector<16xi1>, vector<16xi1>, i1
}

// -----

// The ordered masks of range minimums (reduce-expand-min-max): the value
// and-ed in is a compare, or an and of compares, which lands in a mask
// register; carried as bytes, every step would widen it (and the backend
// spilled the accumulators of a 4-row tile). They stay i1. An and of a
// compare with a bool read from memory is widened as before.

// CHECK-LABEL: func.func @compare_masks(
// CHECK:         %[[INIT8:.*]] = arith.extui %{{.*}} : vector<8xi1> to vector<8xi8>
// CHECK:         scf.for {{.*}} -> (vector<8xi1>, vector<8xi1>, vector<8xi8>)
// CHECK:           %[[O1:.*]] = arith.cmpf ord
// CHECK:           %[[O2:.*]] = arith.cmpf ord
// CHECK:           %[[O:.*]] = arith.andi %[[O1]], %[[O2]] : vector<8xi1>
// CHECK:           arith.andi %{{.*}}, %[[O]] : vector<8xi1>
// CHECK:           arith.andi %{{.*}}, %[[O1]] : vector<8xi1>
// CHECK:           arith.extui %{{.*}} : vector<8xi1> to vector<8xi8>
// CHECK:           arith.andi %{{.*}}, %{{.*}} : vector<8xi8>
func.func @compare_masks(%m: memref<4096xf32>, %b: memref<4096xi1>, %init: vector<8xi1>)
    -> (vector<8xi1>, vector<8xi1>, vector<8xi1>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %false = arith.constant false
  %r:3 = scf.for %i = %c0 to %c4096 step %c16 iter_args(%k = %init, %l = %init, %n = %init)
      -> (vector<8xi1>, vector<8xi1>, vector<8xi1>) {
    %i8 = arith.addi %i, %c8 : index
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<8xf32>
    %y = vector.transfer_read %m[%i8], %pad {in_bounds = [true]} : memref<4096xf32>, vector<8xf32>
    %o1 = arith.cmpf ord, %x, %x : vector<8xf32>
    %o2 = arith.cmpf ord, %y, %y : vector<8xf32>
    %o = arith.andi %o1, %o2 : vector<8xi1>
    %k1 = arith.andi %k, %o : vector<8xi1>
    %l1 = arith.andi %l, %o1 : vector<8xi1>
    %bits = vector.transfer_read %b[%i], %false {in_bounds = [true]} : memref<4096xi1>, vector<8xi1>
    %mixed = arith.andi %o1, %bits : vector<8xi1>
    %n1 = arith.andi %n, %mixed : vector<8xi1>
    scf.yield %k1, %l1, %n1 : vector<8xi1>, vector<8xi1>, vector<8xi1>
  }
  return %r#0, %r#1, %r#2 : vector<8xi1>, vector<8xi1>, vector<8xi1>
}
