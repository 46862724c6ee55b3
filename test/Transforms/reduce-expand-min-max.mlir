// RUN: reduce-opt %s --reduce-expand-min-max --split-input-file | FileCheck %s
// RUN: reduce-opt %s --reduce-attach-target="set=range_minimum=true" --reduce-expand-min-max --split-input-file | FileCheck %s --check-prefix=RANGE

// reduce-expand-min-max rewrites f32/f64 minimumf into two plain min
// selects whose bits are or'ed, maximumf into the negated minimum of the
// negated operands, and minimumf/maximumf reductions into trees of them.

// CHECK-LABEL: func.func @scalar(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK:         %[[LT:.*]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK:         %[[MIN:.*]] = arith.select %[[LT]], %[[A]], %[[B]] : f32
// CHECK:         %[[MINBITS:.*]] = arith.bitcast %[[MIN]] : f32 to i32
// CHECK:         %[[GT:.*]] = arith.cmpf olt, %[[B]], %[[A]] : f32
// CHECK:         %[[MIN2:.*]] = arith.select %[[GT]], %[[B]], %[[A]] : f32
// CHECK:         %[[MIN2BITS:.*]] = arith.bitcast %[[MIN2]] : f32 to i32
// CHECK:         %[[OR:.*]] = arith.ori %[[MINBITS]], %[[MIN2BITS]] : i32
// CHECK:         %[[RESULT:.*]] = arith.bitcast %[[OR]] : i32 to f32
// CHECK:         return %[[RESULT]] : f32
func.func @scalar(%a: f32, %b: f32) -> f32 {
  %0 = arith.minimumf %a, %b : f32
  return %0 : f32
}

// -----

// CHECK-LABEL: func.func @vector_f64(
// CHECK-COUNT-2: arith.select {{.*}} : vector<8xi1>, vector<8xf64>
// CHECK:         arith.ori {{.*}} : vector<8xi64>
// CHECK-NOT:     arith.minimumf
func.func @vector_f64(%a: vector<8xf64>, %b: vector<8xf64>) -> vector<8xf64> {
  %0 = arith.minimumf %a, %b : vector<8xf64>
  return %0 : vector<8xf64>
}

// -----

// f16 and bf16 are left alone: lower-reduce computes them in f32.

// CHECK-LABEL: func.func @f16(
// CHECK:         arith.minimumf {{.*}} : vector<4xf16>
func.func @f16(%a: vector<4xf16>, %b: vector<4xf16>) -> vector<4xf16> {
  %0 = arith.minimumf %a, %b : vector<4xf16>
  return %0 : vector<4xf16>
}

// -----

// A reduction of 6 lanes with an accumulator: lanes 4-5 are folded into
// lanes 0-1, then the halves of 4 and of 2, then the accumulator.

// CHECK-LABEL: func.func @reduction(
// CHECK-SAME:      %[[V:.*]]: vector<6xf32>, %[[ACC:.*]]: f32)
// CHECK:         %[[LOW:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK:         %[[TAIL:.*]] = vector.extract_strided_slice %[[V]] {offsets = [4], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK:         arith.cmpf olt, %[[LOW]], %[[TAIL]] : vector<2xf32>
// CHECK:         %[[FOLDED:.*]] = arith.bitcast {{.*}} : vector<2xi32> to vector<2xf32>
// CHECK:         %[[HEAD:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0], sizes = [4], strides = [1]} : vector<6xf32> to vector<4xf32>
// CHECK:         %[[FOUR:.*]] = vector.insert_strided_slice %[[FOLDED]], %[[HEAD]] {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK:         %[[UPPER:.*]] = vector.extract_strided_slice %[[FOUR]] {offsets = [2], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK:         arith.cmpf olt, %[[FOLDED]], %[[UPPER]] : vector<2xf32>
// CHECK:         %[[TWO:.*]] = arith.bitcast {{.*}} : vector<2xi32> to vector<2xf32>
// CHECK:         vector.extract_strided_slice %[[TWO]] {offsets = [0], sizes = [1], strides = [1]}
// CHECK:         vector.extract_strided_slice %[[TWO]] {offsets = [1], sizes = [1], strides = [1]}
// CHECK:         %[[ONE:.*]] = arith.bitcast {{.*}} : vector<1xi32> to vector<1xf32>
// CHECK:         %[[FIRST:.*]] = vector.extract %[[ONE]][0] : f32 from vector<1xf32>
// CHECK:         arith.cmpf olt, %[[FIRST]], %[[ACC]] : f32
// CHECK:         %[[RESULT:.*]] = arith.bitcast {{.*}} : i32 to f32
// CHECK:         return %[[RESULT]] : f32
// CHECK-NOT:     vector.reduction
func.func @reduction(%v: vector<6xf32>, %acc: f32) -> f32 {
  %0 = vector.reduction <minimumf>, %v, %acc : vector<6xf32> into f32
  return %0 : f32
}

// -----

// Other reductions are left alone.

// CHECK-LABEL: func.func @negative_maxnumf(
// CHECK:         vector.reduction <maxnumf>
func.func @negative_maxnumf(%v: vector<16xf32>) -> f32 {
  %0 = vector.reduction <maxnumf>, %v : vector<16xf32> into f32
  return %0 : f32
}

// -----

// A maximum is the negated minimum (two plain mins and an or) of the
// negated operands.

// CHECK-LABEL: func.func @max_scalar(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK:         %[[NA:.*]] = arith.negf %[[A]] : f32
// CHECK:         %[[NB:.*]] = arith.negf %[[B]] : f32
// CHECK:         %[[LT:.*]] = arith.cmpf olt, %[[NA]], %[[NB]] : f32
// CHECK:         %[[MIN:.*]] = arith.select %[[LT]], %[[NA]], %[[NB]] : f32
// CHECK:         %[[MINBITS:.*]] = arith.bitcast %[[MIN]] : f32 to i32
// CHECK:         %[[GT:.*]] = arith.cmpf olt, %[[NB]], %[[NA]] : f32
// CHECK:         %[[MIN2:.*]] = arith.select %[[GT]], %[[NB]], %[[NA]] : f32
// CHECK:         %[[MIN2BITS:.*]] = arith.bitcast %[[MIN2]] : f32 to i32
// CHECK:         %[[OR:.*]] = arith.ori %[[MINBITS]], %[[MIN2BITS]] : i32
// CHECK:         %[[NMAX:.*]] = arith.bitcast %[[OR]] : i32 to f32
// CHECK:         %[[MAX:.*]] = arith.negf %[[NMAX]] : f32
// CHECK:         return %[[MAX]] : f32
func.func @max_scalar(%a: f32, %b: f32) -> f32 {
  %0 = arith.maximumf %a, %b : f32
  return %0 : f32
}

// -----

// A chain of maximums negates each leaf once and the root once: the
// negations between them fold away. f16 maximums are left alone.

// CHECK-LABEL: func.func @max_vector_chain(
// CHECK-SAME:      %[[A:[^:]*]]: vector<8xf64>, %[[B:[^:]*]]: vector<8xf64>, %[[C:[^:]*]]: vector<8xf64>,
// CHECK:         arith.negf %[[A]] : vector<8xf64>
// CHECK:         arith.negf %[[B]] : vector<8xf64>
// CHECK:         arith.ori {{.*}} : vector<8xi64>
// CHECK:         %[[NAB:.*]] = arith.bitcast {{.*}} : vector<8xi64> to vector<8xf64>
// CHECK-NOT:     arith.negf %[[NAB]]
// CHECK:         %[[NC:.*]] = arith.negf %[[C]] : vector<8xf64>
// CHECK:         arith.cmpf olt, %[[NAB]], %[[NC]] : vector<8xf64>
// CHECK:         arith.ori {{.*}} : vector<8xi64>
// CHECK:         %[[NMAX:.*]] = arith.bitcast {{.*}} : vector<8xi64> to vector<8xf64>
// CHECK:         %[[MAX:.*]] = arith.negf %[[NMAX]] : vector<8xf64>
// CHECK:         %[[HALF:.*]] = arith.maximumf {{.*}} : vector<4xf16>
// CHECK:         return %[[MAX]], %[[HALF]]
// CHECK-NOT:     arith.negf
func.func @max_vector_chain(%a: vector<8xf64>, %b: vector<8xf64>, %c: vector<8xf64>,
                            %h: vector<4xf16>, %g: vector<4xf16>) -> (vector<8xf64>, vector<4xf16>) {
  %0 = arith.maximumf %a, %b : vector<8xf64>
  %1 = arith.maximumf %0, %c : vector<8xf64>
  %2 = arith.maximumf %h, %g : vector<4xf16>
  return %1, %2 : vector<8xf64>, vector<4xf16>
}

// -----

// A maximum reduction negates the vector once, reduces it with the
// minimum's tree, and negates the result; the accumulator is negated for
// the last minimum.

// CHECK-LABEL: func.func @max_reduction(
// CHECK-SAME:      %[[V:.*]]: vector<6xf32>, %[[ACC:.*]]: f32)
// CHECK:         %[[NV:.*]] = arith.negf %[[V]] : vector<6xf32>
// CHECK:         vector.extract_strided_slice %[[NV]] {offsets = [0], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK:         vector.extract_strided_slice %[[NV]] {offsets = [4], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-COUNT-3: arith.ori
// CHECK:         %[[FIRST:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK:         %[[NACC:.*]] = arith.negf %[[ACC]] : f32
// CHECK:         arith.cmpf olt, %[[FIRST]], %[[NACC]] : f32
// CHECK:         %[[NMAX:.*]] = arith.bitcast {{.*}} : i32 to f32
// CHECK:         %[[MAX:.*]] = arith.negf %[[NMAX]] : f32
// CHECK:         return %[[MAX]] : f32
// CHECK-NOT:     vector.reduction
func.func @max_reduction(%v: vector<6xf32>, %acc: f32) -> f32 {
  %0 = vector.reduction <maximumf>, %v, %acc : vector<6xf32> into f32
  return %0 : f32
}

// -----

// A maximum loop accumulator carries the negated maximum: the init is
// negated before the loop, each value read in it, the result after it, so
// that the loop-carried chain is the minimum's two selects and an or. With
// x86-range the same holds for an accumulator that is not whole registers.

// CHECK-LABEL: func.func @max_accumulator(
// CHECK-SAME:      %[[M:[^:]*]]: memref<4096xf32>, %[[INIT:[^:]*]]: vector<6xf32>)
// CHECK:         %[[NINIT:.*]] = arith.negf %[[INIT]] : vector<6xf32>
// CHECK:         %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[NINIT]]) -> (vector<6xf32>)
// CHECK:           %[[X:.*]] = vector.transfer_read %[[M]]
// CHECK:           %[[NX:.*]] = arith.negf %[[X]] : vector<6xf32>
// CHECK:           arith.cmpf olt, %[[ACC]], %[[NX]] : vector<6xf32>
// CHECK:           %[[OR:.*]] = arith.ori
// CHECK:           %[[NMAX:.*]] = arith.bitcast %[[OR]] : vector<6xi32> to vector<6xf32>
// CHECK:           scf.yield %[[NMAX]] : vector<6xf32>
// CHECK:         %[[MAX:.*]] = arith.negf %[[LOOP]] : vector<6xf32>
// CHECK:         return %[[MAX]] : vector<6xf32>
// RANGE-LABEL: func.func @max_accumulator(
// RANGE-NOT:     llvm.call_intrinsic
// RANGE:         arith.negf
// RANGE:         scf.for
// RANGE:           arith.negf
// RANGE:           arith.ori
// RANGE:         arith.negf
func.func @max_accumulator(%m: memref<4096xf32>, %init: vector<6xf32>) -> vector<6xf32> {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %c4096 = arith.constant 4092 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4096 step %c6 iter_args(%acc = %init) -> (vector<6xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<6xf32>
    %max = arith.maximumf %acc, %x : vector<6xf32>
    scf.yield %max : vector<6xf32>
  }
  return %r : vector<6xf32>
}

// -----

// Not maximum accumulators: the iter_arg also read elsewhere, the maximum
// also used elsewhere. They keep the negations around each maximum.

// CHECK-LABEL: func.func @negative_max_accumulators(
// CHECK-SAME:      %[[M:[^:]*]]: memref<4096xf32>, %[[INIT:[^:]*]]: vector<16xf32>)
// CHECK:         scf.for {{.*}} iter_args(%[[A:.*]] = %[[INIT]], %[[B:.*]] = %[[INIT]])
// CHECK-DAG:       arith.negf %[[A]] : vector<16xf32>
// CHECK-DAG:       arith.negf %[[B]] : vector<16xf32>
func.func @negative_max_accumulators(%m: memref<4096xf32>, %init: vector<16xf32>)
    -> (vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %c0 to %c4096 step %c16 iter_args(%a = %init, %b = %init) -> (vector<16xf32>, vector<16xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<16xf32>
    %ma = arith.maximumf %x, %a : vector<16xf32>
    %twice = arith.addf %ma, %a : vector<16xf32>
    %mb = arith.maximumf %b, %x : vector<16xf32>
    vector.transfer_write %mb, %m[%i] {in_bounds = [true]} : vector<16xf32>, memref<4096xf32>
    scf.yield %twice, %mb : vector<16xf32>, vector<16xf32>
  }
  return %r#0, %r#1 : vector<16xf32>, vector<16xf32>
}

// -----

// With x86-range, a tree of at least four vector minimums' leaves becomes a
// tree of AVX-512DQ range instructions (imm 4: the minimum number) and one
// ordered compare per pair of leaves, whose mask selects the tree or a NaN.
// Without the option the same minimums become plain mins and ors.

// RANGE-LABEL: func.func @tree5(
// RANGE-SAME:      %[[A:[^:]*]]: vector<16xf32>, %[[B:[^:]*]]: vector<16xf32>, %[[C:[^:]*]]: vector<16xf32>, %[[D:[^:]*]]: vector<16xf32>, %[[E:[^:]*]]: vector<16xf32>)
// RANGE-DAG:     %[[NAN:.*]] = arith.constant dense<0x7FC00000> : vector<16xf32>
// RANGE-DAG:     %[[IMM:.*]] = llvm.mlir.constant(4 : i32) : i32
// RANGE-DAG:     %[[ALL:.*]] = llvm.mlir.constant(-1 : i16) : i16
// RANGE-DAG:     %[[ZERO:.*]] = llvm.mlir.zero : vector<16xf32>
// RANGE:         %[[AB:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[A]], %[[B]], %[[IMM]], %[[ZERO]], %[[ALL]], %[[IMM]]) : (vector<16xf32>, vector<16xf32>, i32, vector<16xf32>, i16, i32) -> vector<16xf32>
// RANGE:         %[[CD:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[C]], %[[D]], {{.*}}) : {{.*}} -> vector<16xf32>
// RANGE:         %[[ABCD:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[AB]], %[[CD]], {{.*}}) : {{.*}} -> vector<16xf32>
// RANGE:         %[[ALL5:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[ABCD]], %[[E]], {{.*}}) : {{.*}} -> vector<16xf32>
// RANGE:         %[[O1:.*]] = arith.cmpf ord, %[[A]], %[[B]] : vector<16xf32>
// RANGE:         %[[O2:.*]] = arith.cmpf ord, %[[C]], %[[D]] : vector<16xf32>
// RANGE:         %[[O12:.*]] = arith.andi %[[O1]], %[[O2]] : vector<16xi1>
// RANGE:         %[[O3:.*]] = arith.cmpf ord, %[[E]], %[[E]] : vector<16xf32>
// RANGE:         %[[ORD:.*]] = arith.andi %[[O12]], %[[O3]] : vector<16xi1>
// RANGE:         %[[R:.*]] = arith.select %[[ORD]], %[[ALL5]], %[[NAN]] : vector<16xi1>, vector<16xf32>
// RANGE:         return %[[R]] : vector<16xf32>
// RANGE-NOT:     arith.minimumf
// CHECK-LABEL: func.func @tree5(
// CHECK-COUNT-8: arith.select
// CHECK-NOT:     llvm.call_intrinsic
func.func @tree5(%a: vector<16xf32>, %b: vector<16xf32>, %c: vector<16xf32>,
                 %d: vector<16xf32>, %e: vector<16xf32>) -> vector<16xf32> {
  %0 = arith.minimumf %a, %b : vector<16xf32>
  %1 = arith.minimumf %c, %d : vector<16xf32>
  %2 = arith.minimumf %0, %1 : vector<16xf32>
  %3 = arith.minimumf %2, %e : vector<16xf32>
  return %3 : vector<16xf32>
}

// -----

// A tree of maximums takes the range instruction with imm 5 (the maximum
// number) beside the same ordered mask.

// RANGE-LABEL: func.func @max_tree4(
// RANGE-SAME:      %[[A:[^:]*]]: vector<8xf32>, %[[B:[^:]*]]: vector<8xf32>, %[[C:[^:]*]]: vector<8xf32>, %[[D:[^:]*]]: vector<8xf32>)
// RANGE-DAG:     %[[NAN:.*]] = arith.constant dense<0x7FC00000> : vector<8xf32>
// RANGE-DAG:     %[[IMM:.*]] = llvm.mlir.constant(5 : i32) : i32
// RANGE:         %[[AB:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.256"(%[[A]], %[[B]], %[[IMM]], {{.*}}) : (vector<8xf32>, vector<8xf32>, i32, vector<8xf32>, i8) -> vector<8xf32>
// RANGE:         %[[CD:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.256"(%[[C]], %[[D]], %[[IMM]], {{.*}})
// RANGE:         %[[ALL:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.256"(%[[AB]], %[[CD]], %[[IMM]], {{.*}})
// RANGE:         %[[O1:.*]] = arith.cmpf ord, %[[A]], %[[B]] : vector<8xf32>
// RANGE:         %[[O2:.*]] = arith.cmpf ord, %[[C]], %[[D]] : vector<8xf32>
// RANGE:         %[[ORD:.*]] = arith.andi %[[O1]], %[[O2]] : vector<8xi1>
// RANGE:         %[[R:.*]] = arith.select %[[ORD]], %[[ALL]], %[[NAN]] : vector<8xi1>, vector<8xf32>
// RANGE:         return %[[R]] : vector<8xf32>
// RANGE-NOT:     arith.maximumf
// CHECK-LABEL: func.func @max_tree4(
// CHECK-COUNT-5: arith.negf
// CHECK-NOT:     llvm.call_intrinsic
// CHECK-NOT:     arith.negf
// CHECK:         return
func.func @max_tree4(%a: vector<8xf32>, %b: vector<8xf32>, %c: vector<8xf32>,
                     %d: vector<8xf32>) -> vector<8xf32> {
  %0 = arith.maximumf %a, %b : vector<8xf32>
  %1 = arith.maximumf %c, %d : vector<8xf32>
  %2 = arith.maximumf %0, %1 : vector<8xf32>
  return %2 : vector<8xf32>
}

// -----

// 128- and 256-bit registers of f32 and f64: no rounding operand, an i8
// mask.

// RANGE-LABEL: func.func @widths(
// RANGE-COUNT-3: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.128"({{.*}}) : (vector<4xf32>, vector<4xf32>, i32, vector<4xf32>, i8) -> vector<4xf32>
// RANGE-COUNT-3: llvm.call_intrinsic "llvm.x86.avx512.mask.range.pd.256"({{.*}}) : (vector<4xf64>, vector<4xf64>, i32, vector<4xf64>, i8) -> vector<4xf64>
// RANGE-COUNT-3: llvm.call_intrinsic "llvm.x86.avx512.mask.range.pd.512"({{.*}}) : (vector<8xf64>, vector<8xf64>, i32, vector<8xf64>, i8, i32) -> vector<8xf64>
// RANGE-NOT:     arith.minimumf
func.func @widths(%a: vector<4xf32>, %b: vector<4xf32>, %c: vector<4xf32>,
                  %d: vector<4xf32>, %e: vector<4xf64>, %f: vector<4xf64>,
                  %g: vector<8xf64>, %h: vector<8xf64>)
    -> (vector<4xf32>, vector<4xf64>, vector<8xf64>) {
  %0 = arith.minimumf %a, %b : vector<4xf32>
  %1 = arith.minimumf %c, %d : vector<4xf32>
  %2 = arith.minimumf %0, %1 : vector<4xf32>
  %3 = arith.minimumf %e, %f : vector<4xf64>
  %4 = arith.minimumf %e, %e : vector<4xf64>
  %5 = arith.minimumf %3, %4 : vector<4xf64>
  %6 = arith.minimumf %5, %f : vector<4xf64>
  %7 = arith.minimumf %g, %h : vector<8xf64>
  %8 = arith.minimumf %h, %g : vector<8xf64>
  %9 = arith.minimumf %7, %8 : vector<8xf64>
  return %2, %6, %9 : vector<4xf32>, vector<4xf64>, vector<8xf64>
}

// -----

// Left to the or expansion: a tree of three leaves, a result used twice
// (the root of its own two-leaf tree, a leaf of the next), a vector that is
// not a whole register, scalars, and minimums in different blocks.

// RANGE-LABEL: func.func @kept(
// RANGE-NOT:     llvm.call_intrinsic
// RANGE:         return
func.func @kept(%a: vector<16xf32>, %b: vector<16xf32>, %c: vector<16xf32>,
                %v: vector<6xf32>, %s: f32, %t: f32, %flag: i1)
    -> (vector<16xf32>, vector<16xf32>, vector<6xf32>, f32, vector<16xf32>) {
  %0 = arith.minimumf %a, %b : vector<16xf32>
  %1 = arith.minimumf %0, %c : vector<16xf32>
  %2 = arith.minimumf %1, %0 : vector<16xf32>
  %3 = arith.minimumf %v, %v : vector<6xf32>
  %4 = arith.minimumf %3, %v : vector<6xf32>
  %5 = arith.minimumf %4, %3 : vector<6xf32>
  %6 = arith.minimumf %s, %t : f32
  %7 = arith.minimumf %6, %s : f32
  %8 = arith.minimumf %7, %t : f32
  %9 = arith.minimumf %a, %b : vector<16xf32>
  %10 = arith.minimumf %9, %c : vector<16xf32>
  %11 = scf.if %flag -> vector<16xf32> {
    %12 = arith.minimumf %10, %a : vector<16xf32>
    scf.yield %12 : vector<16xf32>
  } else {
    scf.yield %a : vector<16xf32>
  }
  return %1, %2, %5, %8, %11 : vector<16xf32>, vector<16xf32>, vector<6xf32>, f32, vector<16xf32>
}

// A chain of 200000 minimums is one tree, collected without recursion.
// RUN: %python %S/Inputs/minimum-chain.py 200000 \
// RUN:   | reduce-opt --reduce-attach-target="set=range_minimum=true" --reduce-expand-min-max | FileCheck %s --check-prefix=CHAIN
// CHAIN-LABEL: func.func @chain(
// CHAIN-NOT:     arith.minimumf
// CHAIN:         arith.select
// CHAIN-NEXT:    return

// -----

// A loop-carried minimum of 4 registers: per register, a range
// instruction and an ordered mask carried by the loop (starting from the
// ordered lanes of the init); after the loop, each register is the range
// result where its mask is set, a NaN elsewhere.

// RANGE-LABEL: func.func @accumulator(
// RANGE-SAME:      %[[M:[^:]*]]: memref<4096xf32>, %[[INIT:[^:]*]]: vector<64xf32>)
// RANGE-DAG:     %[[NAN:.*]] = arith.constant dense<0x7FC00000> : vector<16xf32>
// RANGE:         %[[I0:.*]] = vector.extract_strided_slice %[[INIT]] {offsets = [0], sizes = [16], strides = [1]}
// RANGE:         %[[O0:.*]] = arith.cmpf ord, %[[I0]], %[[I0]] : vector<16xf32>
// RANGE-COUNT-3: arith.cmpf ord
// RANGE:         %[[LOOP:.*]]:5 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]], %[[K0:.*]] = %[[O0]], %[[K1:.*]] = %{{.*}}, %[[K2:.*]] = %{{.*}}, %[[K3:.*]] = %{{.*}}) -> (vector<64xf32>, vector<16xi1>, vector<16xi1>, vector<16xi1>, vector<16xi1>)
// RANGE:           %[[X:.*]] = vector.transfer_read %[[M]]
// RANGE:           %[[X0:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [16], strides = [1]}
// RANGE:           %[[XO0:.*]] = arith.cmpf ord, %[[X0]], %[[X0]] : vector<16xf32>
// RANGE:           %[[N0:.*]] = arith.andi %[[K0]], %[[XO0]] : vector<16xi1>
// RANGE:           %[[A0:.*]] = vector.extract_strided_slice %[[ACC]] {offsets = [0], sizes = [16], strides = [1]}
// RANGE:           %[[R0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[A0]], %[[X0]], {{.*}})
// RANGE:           vector.insert_strided_slice %[[R0]], %{{.*}} {offsets = [0], strides = [1]} : vector<16xf32> into vector<64xf32>
// RANGE-COUNT-3:   llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"
// RANGE:           scf.yield %{{.*}}, %[[N0]], %{{.*}}, %{{.*}}, %{{.*}} : vector<64xf32>, vector<16xi1>, vector<16xi1>, vector<16xi1>, vector<16xi1>
// RANGE:         %[[L0:.*]] = vector.extract_strided_slice %[[LOOP]]#0 {offsets = [0], sizes = [16], strides = [1]}
// RANGE:         %[[S0:.*]] = arith.select %[[LOOP]]#1, %[[L0]], %[[NAN]] : vector<16xi1>, vector<16xf32>
// RANGE:         vector.insert_strided_slice %[[S0]]
// RANGE-COUNT-3: arith.select %[[LOOP]]#{{[2-4]}}
// RANGE:         %[[R:.*]] = vector.insert_strided_slice
// RANGE:         return %[[R]] : vector<64xf32>
// RANGE-NOT:     arith.minimumf
func.func @accumulator(%m: memref<4096xf32>, %init: vector<64xf32>) -> vector<64xf32> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4096 step %c64 iter_args(%acc = %init) -> (vector<64xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<64xf32>
    %min = arith.minimumf %x, %acc : vector<64xf32>
    scf.yield %min : vector<64xf32>
  }
  return %r : vector<64xf32>
}

// -----

// An accumulator of several rows (one row from each of 2 parts of the rows,
// vector<2x1x32>): each register of each innermost row gets its range
// instruction and its own ordered mask, the registers taken from and put
// back into their rows.

// RANGE-LABEL: func.func @rows_accumulator(
// RANGE:         %[[LOOP:.*]]:5 = scf.for {{.*}} -> (vector<2x1x32xf32>, vector<16xi1>, vector<16xi1>, vector<16xi1>, vector<16xi1>)
// RANGE:           %[[X:.*]] = vector.transfer_read
// RANGE:           vector.extract %[[X]][1, 0] : vector<32xf32> from vector<2x1x32xf32>
// RANGE:           %[[XROW1:.*]] = vector.extract %[[X]][1, 0] : vector<32xf32> from vector<2x1x32xf32>
// RANGE-NEXT:      %[[X3:.*]] = vector.extract_strided_slice %[[XROW1]] {offsets = [16], sizes = [16], strides = [1]}
// RANGE:           llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%{{.*}}, %[[X3]], {{.*}})
// RANGE:           %[[ROW1:.*]] = vector.insert_strided_slice %{{.*}} {offsets = [16], strides = [1]} : vector<16xf32> into vector<32xf32>
// RANGE:           %[[NEW:.*]] = vector.insert %[[ROW1]], %{{.*}} [1, 0] : vector<32xf32> into vector<2x1x32xf32>
// RANGE:           scf.yield %[[NEW]], {{.*}} : vector<2x1x32xf32>, vector<16xi1>, vector<16xi1>, vector<16xi1>, vector<16xi1>
// RANGE-COUNT-4: arith.select %[[LOOP]]#{{[1-4]}}
// RANGE-NOT:     arith.minimumf
func.func @rows_accumulator(%m: memref<2x64x32xf32>, %init: vector<2x1x32xf32>) -> vector<2x1x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %init) -> (vector<2x1x32xf32>) {
    %x = vector.transfer_read %m[%c0, %i, %c0], %pad {in_bounds = [true, true, true]} : memref<2x64x32xf32>, vector<2x1x32xf32>
    %min = arith.minimumf %x, %acc : vector<2x1x32xf32>
    scf.yield %min : vector<2x1x32xf32>
  }
  return %r : vector<2x1x32xf32>
}

// -----

// The registers of the accumulator are combined after the loop by one tree
// of minimums (the inner strategy's row): one ordered mask for the row,
// each masked compare checking two registers, and the same mask selects
// the NaNs of every register (a lane of the tree's result is a NaN when
// that lane of any register is).

// RANGE-LABEL: func.func @row_mask(
// RANGE-SAME:      %[[M:[^:]*]]: memref<4096xf32>, %[[INIT:[^:]*]]: vector<64xf32>)
// RANGE:         %[[I0:.*]] = vector.extract_strided_slice %[[INIT]] {offsets = [0], sizes = [16], strides = [1]}
// RANGE:         %[[I1:.*]] = vector.extract_strided_slice %[[INIT]] {offsets = [16], sizes = [16], strides = [1]}
// RANGE:         %[[IO01:.*]] = arith.cmpf ord, %[[I0]], %[[I1]] : vector<16xf32>
// RANGE:         %[[IO23:.*]] = arith.cmpf ord, %{{.*}}, %{{.*}} : vector<16xf32>
// RANGE:         %[[O:.*]] = arith.andi %[[IO01]], %[[IO23]] : vector<16xi1>
// RANGE:         %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]], %[[K:.*]] = %[[O]]) -> (vector<64xf32>, vector<16xi1>)
// RANGE:           %[[X:.*]] = vector.transfer_read %[[M]]
// RANGE:           %[[X0:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [16], strides = [1]}
// RANGE:           %[[X1:.*]] = vector.extract_strided_slice %[[X]] {offsets = [16], sizes = [16], strides = [1]}
// RANGE:           %[[X2:.*]] = vector.extract_strided_slice %[[X]] {offsets = [32], sizes = [16], strides = [1]}
// RANGE:           %[[X3:.*]] = vector.extract_strided_slice %[[X]] {offsets = [48], sizes = [16], strides = [1]}
// RANGE:           %[[XO01:.*]] = arith.cmpf ord, %[[X0]], %[[X1]] : vector<16xf32>
// RANGE:           %[[K01:.*]] = arith.andi %[[K]], %[[XO01]] : vector<16xi1>
// RANGE:           %[[XO23:.*]] = arith.cmpf ord, %[[X2]], %[[X3]] : vector<16xf32>
// RANGE:           %[[K23:.*]] = arith.andi %[[K01]], %[[XO23]] : vector<16xi1>
// RANGE-COUNT-4:   llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"
// RANGE:           scf.yield %{{.*}}, %[[K23]] : vector<64xf32>, vector<16xi1>
// RANGE-COUNT-4: arith.select %[[LOOP]]#1, %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
func.func @row_mask(%m: memref<4096xf32>, %init: vector<64xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4096 step %c64 iter_args(%acc = %init) -> (vector<64xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<64xf32>
    %min = arith.minimumf %x, %acc : vector<64xf32>
    scf.yield %min : vector<64xf32>
  }
  %r0 = vector.extract_strided_slice %r {offsets = [0], sizes = [16], strides = [1]} : vector<64xf32> to vector<16xf32>
  %r1 = vector.extract_strided_slice %r {offsets = [16], sizes = [16], strides = [1]} : vector<64xf32> to vector<16xf32>
  %r2 = vector.extract_strided_slice %r {offsets = [32], sizes = [16], strides = [1]} : vector<64xf32> to vector<16xf32>
  %r3 = vector.extract_strided_slice %r {offsets = [48], sizes = [16], strides = [1]} : vector<64xf32> to vector<16xf32>
  %m01 = arith.minimumf %r0, %r1 : vector<16xf32>
  %m23 = arith.minimumf %r2, %r3 : vector<16xf32>
  %t = arith.minimumf %m01, %m23 : vector<16xf32>
  return %t : vector<16xf32>
}

// -----

// Rows of 2 parts (vector<2x1x32>), each row's 2 registers combined by its
// own tree: one mask per row.

// RANGE-LABEL: func.func @rows_masks(
// RANGE:         %[[LOOP:.*]]:3 = scf.for {{.*}} -> (vector<2x1x32xf32>, vector<16xi1>, vector<16xi1>)
// RANGE-COUNT-2:   arith.cmpf ord
// RANGE:           scf.yield
// RANGE-COUNT-2: arith.select %[[LOOP]]#1
// RANGE-COUNT-2: arith.select %[[LOOP]]#2
func.func @rows_masks(%m: memref<2x64x32xf32>, %init: vector<2x1x32xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %init) -> (vector<2x1x32xf32>) {
    %x = vector.transfer_read %m[%c0, %i, %c0], %pad {in_bounds = [true, true, true]} : memref<2x64x32xf32>, vector<2x1x32xf32>
    %min = arith.minimumf %x, %acc : vector<2x1x32xf32>
    scf.yield %min : vector<2x1x32xf32>
  }
  %row0 = vector.extract %r[0, 0] : vector<32xf32> from vector<2x1x32xf32>
  %a0 = vector.extract_strided_slice %row0 {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %a1 = vector.extract_strided_slice %row0 {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %t0 = arith.minimumf %a0, %a1 : vector<16xf32>
  %row1 = vector.extract %r[1, 0] : vector<32xf32> from vector<2x1x32xf32>
  %b0 = vector.extract_strided_slice %row1 {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %b1 = vector.extract_strided_slice %row1 {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %t1 = arith.minimumf %b1, %b0 : vector<16xf32>
  return %t0, %t1 : vector<16xf32>, vector<16xf32>
}

// -----

// A register of the row also used on its own, or the registers of a row in
// two trees: a mask per register.

// RANGE-LABEL: func.func @register_escapes(
// RANGE:         scf.for {{.*}} -> (vector<32xf32>, vector<16xi1>, vector<16xi1>)
// RANGE-LABEL: func.func @two_trees(
// RANGE:         scf.for {{.*}} -> (vector<32xf32>, vector<16xi1>, vector<16xi1>)
func.func @register_escapes(%m: memref<4096xf32>, %init: vector<32xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<32xf32>
    %min = arith.minimumf %x, %acc : vector<32xf32>
    scf.yield %min : vector<32xf32>
  }
  %r0 = vector.extract_strided_slice %r {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %r1 = vector.extract_strided_slice %r {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %t = arith.minimumf %r0, %r1 : vector<16xf32>
  %e = vector.extract_strided_slice %r {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  return %t, %e : vector<16xf32>, vector<16xf32>
}
func.func @two_trees(%m: memref<4096xf32>, %init: vector<32xf32>, %y: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<32xf32>
    %min = arith.minimumf %x, %acc : vector<32xf32>
    scf.yield %min : vector<32xf32>
  }
  %r0 = vector.extract_strided_slice %r {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %r1 = vector.extract_strided_slice %r {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %t0 = arith.minimumf %r0, %y : vector<16xf32>
  %t1 = arith.minimumf %r1, %y : vector<16xf32>
  return %t0, %t1 : vector<16xf32>, vector<16xf32>
}

// -----

// In a function held to 256-bit registers (the vector_bits of its
// reduce.function_plan, set by reduce-split-reductions when it streams an
// input at that width), the same accumulator
// is 8 registers of 256 bits, and a tree of 512-bit vectors keeps the or
// form: no 512-bit range instruction.

// RANGE-LABEL: func.func @held_accumulator(
// RANGE:         scf.for {{.*}} -> (vector<64xf32>, vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<8xi1>)
// RANGE-COUNT-8:   llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.256"
// RANGE:           scf.yield
// RANGE-NOT:     llvm.call_intrinsic
// RANGE-LABEL: func.func @held_tree(
// RANGE-NOT:     llvm.call_intrinsic
// RANGE-COUNT-6: arith.select
// RANGE-NOT:     llvm.call_intrinsic
func.func @held_accumulator(%m: memref<4096xf32>, %init: vector<64xf32>) -> vector<64xf32>
    attributes {reduce.function_plan = #reduce.function_plan<vector_bits = 256>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4096 step %c64 iter_args(%acc = %init) -> (vector<64xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<64xf32>
    %min = arith.minimumf %x, %acc : vector<64xf32>
    scf.yield %min : vector<64xf32>
  }
  return %r : vector<64xf32>
}
func.func @held_tree(%a: vector<16xf32>, %b: vector<16xf32>, %c: vector<16xf32>,
                     %d: vector<16xf32>) -> vector<16xf32>
    attributes {reduce.function_plan = #reduce.function_plan<vector_bits = 256>} {
  %0 = arith.minimumf %a, %b : vector<16xf32>
  %1 = arith.minimumf %c, %d : vector<16xf32>
  %2 = arith.minimumf %0, %1 : vector<16xf32>
  return %2 : vector<16xf32>
}

// -----

// A loop-carried maximum of whole registers takes the range instruction
// with imm 5 beside the ordered mask, as the minimum does; no negation.

// RANGE-LABEL: func.func @max_range_accumulator(
// RANGE-SAME:      %[[M:[^:]*]]: memref<4096xf32>, %[[INIT:[^:]*]]: vector<16xf32>)
// RANGE-DAG:     %[[NAN:.*]] = arith.constant dense<0x7FC00000> : vector<16xf32>
// RANGE-DAG:     %[[IMM:.*]] = llvm.mlir.constant(5 : i32) : i32
// RANGE:         %[[O:.*]] = arith.cmpf ord, %[[INIT]], %[[INIT]] : vector<16xf32>
// RANGE:         %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]], %[[K:.*]] = %[[O]]) -> (vector<16xf32>, vector<16xi1>)
// RANGE:           %[[X:.*]] = vector.transfer_read %[[M]]
// RANGE:           %[[XO:.*]] = arith.cmpf ord, %[[X]], %[[X]] : vector<16xf32>
// RANGE:           %[[N:.*]] = arith.andi %[[K]], %[[XO]] : vector<16xi1>
// RANGE:           %[[R:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[ACC]], %[[X]], %[[IMM]], {{.*}})
// RANGE:           scf.yield %[[R]], %[[N]] : vector<16xf32>, vector<16xi1>
// RANGE:         %[[S:.*]] = arith.select %[[LOOP]]#1, %[[LOOP]]#0, %[[NAN]] : vector<16xi1>, vector<16xf32>
// RANGE:         return %[[S]] : vector<16xf32>
// RANGE-NOT:     arith.negf
func.func @max_range_accumulator(%m: memref<4096xf32>, %init: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4096 step %c16 iter_args(%acc = %init) -> (vector<16xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<16xf32>
    %max = arith.maximumf %acc, %x : vector<16xf32>
    scf.yield %max : vector<16xf32>
  }
  return %r : vector<16xf32>
}

// -----

// Not minimum accumulators: the iter_arg also read elsewhere, the minimum
// also used elsewhere, a vector that is not whole registers. They keep the
// or form.

// RANGE-LABEL: func.func @not_accumulators(
// RANGE-NOT:     llvm.call_intrinsic
// RANGE:         return
func.func @not_accumulators(%m: memref<4096xf32>, %init: vector<16xf32>, %odd: vector<6xf32>)
    -> (vector<16xf32>, vector<16xf32>, vector<6xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %r:3 = scf.for %i = %c0 to %c4096 step %c16 iter_args(%a = %init, %b = %init, %c = %odd) -> (vector<16xf32>, vector<16xf32>, vector<6xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<16xf32>
    %y = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<6xf32>
    %ma = arith.minimumf %x, %a : vector<16xf32>
    %twice = arith.addf %ma, %a : vector<16xf32>
    %mb = arith.minimumf %b, %x : vector<16xf32>
    vector.transfer_write %mb, %m[%i] {in_bounds = [true]} : vector<16xf32>, memref<4096xf32>
    %mc = arith.minimumf %c, %y : vector<6xf32>
    scf.yield %twice, %mb, %mc : vector<16xf32>, vector<16xf32>, vector<6xf32>
  }
  return %r#0, %r#1, %r#2 : vector<16xf32>, vector<16xf32>, vector<6xf32>
}

// -----

// A minimum and a maximum of the same registers from constant inits (a fused
// min and max): their ordered masks and-in the same compares from the same
// true init, so the loop carries one mask, which selects the NaNs of both.

// RANGE-LABEL: func.func @min_max_one_mask(
// RANGE:         %[[TRUE:.*]] = arith.constant dense<true> : vector<16xi1>
// RANGE:         %[[LOOP:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[K:.*]] = %[[TRUE]]) -> (vector<32xf32>, vector<32xf32>, vector<16xi1>)
// RANGE:           %[[O:.*]] = arith.cmpf ord
// RANGE-NOT:       arith.cmpf ord
// RANGE:           %[[K1:.*]] = arith.andi %[[K]], %[[O]] : vector<16xi1>
// RANGE-NOT:       arith.andi
// RANGE:           scf.yield %{{.*}}, %{{.*}}, %[[K1]] : vector<32xf32>, vector<32xf32>, vector<16xi1>
// RANGE-COUNT-4: arith.select %[[LOOP]]#2
func.func @min_max_one_mask(%m: memref<4096xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %inf = arith.constant dense<0x7F800000> : vector<32xf32>
  %ninf = arith.constant dense<0xFF800000> : vector<32xf32>
  %r:2 = scf.for %i = %c0 to %c4096 step %c32 iter_args(%lo = %inf, %hi = %ninf) -> (vector<32xf32>, vector<32xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<32xf32>
    %min = arith.minimumf %x, %lo : vector<32xf32>
    %max = arith.maximumf %x, %hi : vector<32xf32>
    scf.yield %min, %max : vector<32xf32>, vector<32xf32>
  }
  %a0 = vector.extract_strided_slice %r#0 {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %a1 = vector.extract_strided_slice %r#0 {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %t0 = arith.minimumf %a0, %a1 : vector<16xf32>
  %b0 = vector.extract_strided_slice %r#1 {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %b1 = vector.extract_strided_slice %r#1 {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %t1 = arith.maximumf %b0, %b1 : vector<16xf32>
  return %t0, %t1 : vector<16xf32>, vector<16xf32>
}

// -----

// The same from inits that are arguments (partial results: either may hold
// a NaN the other does not show): a mask each.

// RANGE-LABEL: func.func @min_max_two_masks(
// RANGE:         scf.for {{.*}} -> (vector<32xf32>, vector<32xf32>, vector<16xi1>, vector<16xi1>)
func.func @min_max_two_masks(%m: memref<4096xf32>, %inf: vector<32xf32>, %ninf: vector<32xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %c0 to %c4096 step %c32 iter_args(%lo = %inf, %hi = %ninf) -> (vector<32xf32>, vector<32xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf32>, vector<32xf32>
    %min = arith.minimumf %x, %lo : vector<32xf32>
    %max = arith.maximumf %x, %hi : vector<32xf32>
    scf.yield %min, %max : vector<32xf32>, vector<32xf32>
  }
  %a0 = vector.extract_strided_slice %r#0 {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %a1 = vector.extract_strided_slice %r#0 {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %t0 = arith.minimumf %a0, %a1 : vector<16xf32>
  %b0 = vector.extract_strided_slice %r#1 {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %b1 = vector.extract_strided_slice %r#1 {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
  %t1 = arith.maximumf %b0, %b1 : vector<16xf32>
  return %t0, %t1 : vector<16xf32>, vector<16xf32>
}
