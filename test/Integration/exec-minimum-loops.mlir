// RUN: reduce-opt --reduce-to-llvm="minimum-lowering=or" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: %if avx512dq %{ reduce-opt --reduce-to-llvm="minimum-lowering=range" %s | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s %}
// RUN: reduce-opt --reduce-to-llvm="minimum-lowering=range" %s | FileCheck %s --check-prefix=IR

// A loop-carried minimum over 32 f32 lanes (two 512-bit registers), 4
// iterations, as reduce-vectorize emits for a row reduction, written out so
// that the init can hold a NaN: minimum-lowering=range carries an ordered
// mask per register, started from the ordered lanes of the init. Lane 0:
// a NaN init; lane 1: a NaN read in the third iteration; lane 2: +0 then -0
// read; lane 3: a +0 init and a -0 read; lane 4: a -0 init and a +0 read;
// lane 5: -3 read last; lane 6: the init (-5) is the minimum; lane 16: a
// NaN init; lane 20: a NaN read first; lane 25: -0 then +0 read. The other
// lanes read ((7 lane + 3 iteration) mod 11) + 1 after a +inf init.

// IR-COUNT-2: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"

memref.global "private" constant @data : memref<128xf32> = dense<[1.0, 8.0, 0.0, 11.0, 7.0, 3.0, 10.0, 6.0, 2.0, 9.0, 5.0, 1.0, 8.0, 4.0, 11.0, 7.0, 3.0, 10.0, 6.0, 2.0, 0x7FC00000, 5.0, 1.0, 8.0, 4.0, 11.0, 7.0, 3.0, 10.0, 6.0, 2.0, 9.0, 4.0, 11.0, 7.0, -0.0, 10.0, 6.0, 2.0, 9.0, 5.0, 1.0, 8.0, 4.0, 11.0, 7.0, 3.0, 10.0, 6.0, 2.0, 9.0, 5.0, 1.0, 8.0, 4.0, 11.0, 7.0, -0.0, 10.0, 6.0, 2.0, 9.0, 5.0, 1.0, 7.0, 0x7FC00000, 10.0, 6.0, 0.0, 9.0, 5.0, 1.0, 8.0, 4.0, 11.0, 7.0, 3.0, 10.0, 6.0, 2.0, 9.0, 5.0, 1.0, 8.0, 4.0, 11.0, 7.0, 3.0, 10.0, 0.0, 2.0, 9.0, 5.0, 1.0, 8.0, 4.0, 10.0, 6.0, -0.0, 9.0, 5.0, -3.0, 8.0, 4.0, 11.0, 7.0, 3.0, 10.0, 6.0, 2.0, 9.0, 5.0, 1.0, 8.0, 4.0, 11.0, 7.0, 3.0, 10.0, 6.0, 2.0, 9.0, 5.0, 1.0, 8.0, 4.0, 11.0, 7.0]>

func.func @loop_min(%init: vector<32xf32>) -> vector<32xf32> {
  %data = memref.get_global @data : memref<128xf32>
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c128 step %c32 iter_args(%acc = %init) -> (vector<32xf32>) {
    %x = vector.transfer_read %data[%i], %pad {in_bounds = [true]} : memref<128xf32>, vector<32xf32>
    %min = arith.minimumf %x, %acc : vector<32xf32>
    scf.yield %min : vector<32xf32>
  }
  return %r : vector<32xf32>
}

func.func @main() {
  %init = arith.constant dense<[0x7FC00000, 0x7F800000, 0x7F800000, 0.0, -0.0, 0x7F800000, -5.0, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7FC00000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000]> : vector<32xf32>
  %r = call @loop_min(%init) : (vector<32xf32>) -> vector<32xf32>
  // CHECK: ( {{-?nan}}, {{-?nan}}, -0, -0, -0, -3, -5, 1, 2, 1, 3, 1, 3, 2, 3, 2, {{-?nan}}, 2, 1, 2, {{-?nan}}, 3, 1, 3, 2, -0, 2, 1, 2, 1, 2, 1 )
  vector.print %r : vector<32xf32>
  return
}
