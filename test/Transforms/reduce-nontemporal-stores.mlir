// RUN: reduce-opt %s --split-input-file --pass-pipeline="builtin.module(reduce-attach-target{set=nontemporal_store_bytes=4096},func.func(reduce-nontemporal-stores))" | FileCheck %s
// RUN: reduce-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(reduce-nontemporal-stores))" | FileCheck %s --check-prefix=DEFAULT

// reduce-nontemporal-stores: the loop nest that writes a write-only result
// buffer of at least 4 KiB runs in two versions, non-temporal stores where
// the buffer is aligned (then a store fence), the writes as they were
// otherwise. The static default (DEFAULT run) stores nothing non-temporally.

// CHECK-LABEL: func.func @rows(
// CHECK-SAME:      %[[X:.*]]: memref<64x256xf32>, %[[Y:.*]]: memref<64x256xf32>)
// CHECK:         %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK:         %[[R:.*]] = arith.remui %[[P]], %c64
// CHECK:         %[[OK:.*]] = arith.cmpi eq, %[[R]], %c0
// CHECK:         scf.if %[[OK]] {
// CHECK:           scf.for %[[ROW:.*]] =
// CHECK:             scf.for %[[COL:.*]] =
// CHECK:               %[[V:.*]] = memref.subview %[[Y]][%[[ROW]], %[[COL]]] [1, 32] [1, 1]
// CHECK:               vector.store %{{.*}}, %[[V]][%c0, %c0] {alignment = 64 : i64, nontemporal = true}
// CHECK:           llvm.{{call_intrinsic "llvm.x86.sse.sfence"|fence seq_cst}}
// CHECK:         } else {
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               vector.transfer_write
// CHECK:         }
// DEFAULT-LABEL: func.func @rows(
// DEFAULT-NOT:     scf.if
// DEFAULT-NOT:     vector.store
func.func @rows(%x: memref<64x256xf32>, %y: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  scf.for %row = %c0 to %c64 step %c1 {
    scf.for %col = %c0 to %c256 step %c32 {
      %out = memref.subview %y[%row, %col] [1, 32] [1, 1] : memref<64x256xf32> to memref<1x32xf32, strided<[256, 1], offset: ?>>
      %v = vector.transfer_read %x[%row, %col], %pad {in_bounds = [true]} : memref<64x256xf32>, vector<32xf32>
      %s = arith.mulf %v, %v : vector<32xf32>
      vector.transfer_write %s, %out[%c0, %c0] {in_bounds = [true]} : vector<32xf32>, memref<1x32xf32, strided<[256, 1], offset: ?>>
    }
  }
  return
}

// -----

// A returned allocation through a collapse: vectors of 8 f32 at multiples
// of 8 elements are 32-byte aligned.
// CHECK-LABEL: func.func @collapsed(
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK:         %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK:         arith.remui %[[P]], %c32
// CHECK:         scf.if
// CHECK:           vector.store {{.*}} {alignment = 32 : i64, nontemporal = true}
func.func @collapsed(%x: memref<8192xf32>) -> memref<16x512xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c8192 = arith.constant 8192 : index
  %pad = arith.constant 0.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<16x512xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<16x512xf32> into memref<8192xf32>
  scf.for %i = %c0 to %c8192 step %c8 {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : memref<8192xf32>, vector<8xf32>
    vector.transfer_write %v, %flat[%i] {in_bounds = [true]} : vector<8xf32>, memref<8192xf32>
  }
  return %a : memref<16x512xf32>
}

// -----

// Two writes of one buffer in one nest, 64- and 16-byte aligned: the guard
// asks for 64 bytes, so that each store's alignment holds.
// CHECK-LABEL: func.func @two_alignments(
// CHECK-SAME:      %{{.*}}: memref<64x256xf32>, %[[Y:.*]]: memref<64x256xf32>)
// CHECK:         %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK:         arith.remui %[[P]], %c64
// CHECK:         scf.if
// CHECK:           vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<64x256xf32>, vector<32xf32>
// CHECK:           vector.store {{.*}} {alignment = 16 : i64, nontemporal = true} : memref<64x256xf32>, vector<4xf32>
func.func @two_alignments(%x: memref<64x256xf32>, %y: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c224 = arith.constant 224 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  scf.for %row = %c0 to %c64 step %c1 {
    scf.for %col = %c0 to %c224 step %c32 {
      %v = vector.transfer_read %x[%row, %col], %pad {in_bounds = [true]} : memref<64x256xf32>, vector<32xf32>
      vector.transfer_write %v, %y[%row, %col] {in_bounds = [true]} : vector<32xf32>, memref<64x256xf32>
    }
    scf.for %col = %c224 to %c256 step %c4 {
      %v = vector.transfer_read %x[%row, %col], %pad {in_bounds = [true]} : memref<64x256xf32>, vector<4xf32>
      vector.transfer_write %v, %y[%row, %col] {in_bounds = [true]} : vector<4xf32>, memref<64x256xf32>
    }
  }
  return
}

// -----

// Each thread's part (the OpenMP loop of threads=2): the thread's loop nest
// is versioned inside the OpenMP loop, the offset of its part known to be a
// multiple of 32 rows.
// CHECK-LABEL: func.func @threads(
// CHECK:         omp.loop_nest (%[[T:.*]]) : index
// CHECK:           memref.subview %{{.*}}[%[[T]], 0]
// CHECK:           scf.if
// CHECK:             vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:             llvm.{{call_intrinsic "llvm.x86.sse.sfence"|fence seq_cst}}
// CHECK:           } else {
// CHECK:           omp.yield
func.func @threads(%x: memref<64x256xf32>, %y: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%t) : index = (%c0) to (%c64) step (%c32) {
        %part = memref.subview %y[%t, 0] [32, 256] [1, 1] : memref<64x256xf32> to memref<32x256xf32, strided<[256, 1], offset: ?>>
        scf.for %row = %c0 to %c32 step %c1 {
          scf.for %col = %c0 to %c256 step %c32 {
            %v = vector.transfer_read %x[%row, %col], %pad {in_bounds = [true]} : memref<64x256xf32>, vector<32xf32>
            vector.transfer_write %v, %part[%row, %col] {in_bounds = [true]} : vector<32xf32>, memref<32x256xf32, strided<[256, 1], offset: ?>>
          }
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// Left alone: a buffer the function reads back, one below 4 KiB, a write
// whose column is not a multiple of 4 elements (16 bytes), a masked write,
// and a write in no loop.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     nontemporal
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @left_alone(%x: memref<64x256xf32>, %read: memref<64x256xf32>,
                      %small: memref<2x256xf32>, %odd: memref<64x256xf32>,
                      %masked: memref<64x256xf32>, %once: memref<64x256xf32>,
                      %mask: vector<32xi1>) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true]} : memref<64x256xf32>, vector<32xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    vector.transfer_write %v, %read[%i, %c0] {in_bounds = [true]} : vector<32xf32>, memref<64x256xf32>
  }
  %back = vector.transfer_read %read[%c1, %c0], %pad {in_bounds = [true]} : memref<64x256xf32>, vector<32xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    vector.transfer_write %v, %small[%i, %c0] {in_bounds = [true]} : vector<32xf32>, memref<2x256xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    vector.transfer_write %v, %odd[%i, %c2] {in_bounds = [true]} : vector<32xf32>, memref<64x256xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    vector.transfer_write %v, %masked[%i, %c0], %mask {in_bounds = [true]} : vector<32xf32>, memref<64x256xf32>
  }
  vector.transfer_write %v, %once[%c0, %c0] {in_bounds = [true]} : vector<32xf32>, memref<64x256xf32>
  return %back : vector<32xf32>
}
