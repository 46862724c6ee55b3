// RUN: reduce-opt %s --split-input-file --pass-pipeline="builtin.module(reduce-attach-target{set=prefetch_distance=4096},func.func(reduce-prefetch))" | FileCheck %s
// RUN: reduce-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(reduce-prefetch))" | FileCheck %s --check-prefix=DEFAULT

// reduce-prefetch: a vector read of a function argument of at least 1 MiB,
// in a loop that moves it, gets one prefetch per 128 bytes, `distance`
// bytes ahead (4 KiB, 1024 f32, in the first run; the default, 2 KiB, in the
// DEFAULT run), or half the contiguous span the loop walks when that is less.

// CHECK-LABEL: func.func @rows(
// CHECK-SAME:      %[[X:.*]]: memref<256x4096xf32>
// CHECK:         scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK:           scf.for %[[COL:[a-z0-9_]+]] =
// CHECK:             %[[A:.*]] = arith.addi %[[COL]], %c1024 : index
// CHECK:             memref.prefetch %[[X]][%[[ROW]], %[[A]]], read, locality<3>, data : memref<256x4096xf32>
// CHECK:             %[[B:.*]] = arith.addi %[[COL]], %c1056 : index
// CHECK:             memref.prefetch %[[X]][%[[ROW]], %[[B]]], read, locality<3>, data : memref<256x4096xf32>
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %[[COL]]]
// DEFAULT-LABEL: func.func @rows(
// DEFAULT:        arith.addi %{{.*}}, %c512 : index
// DEFAULT:        arith.addi %{{.*}}, %c544 : index
func.func @rows(%x: memref<256x4096xf32>) -> vector<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %r = scf.for %row = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %s = scf.for %col = %c0 to %c4096 step %c64 iter_args(%acc2 = %acc) -> (vector<64xf32>) {
      %v = vector.transfer_read %x[%row, %col], %pad {in_bounds = [true]} : memref<256x4096xf32>, vector<64xf32>
      %a = arith.addf %v, %acc2 : vector<64xf32>
      scf.yield %a : vector<64xf32>
    }
    scf.yield %s : vector<64xf32>
  }
  return %r : vector<64xf32>
}

// -----

// Rows of 4 KiB walked one after the other by the inner loop, but 1 MiB
// apart in the outer one: 2 KiB ahead (512 f32), half the row.

// CHECK-LABEL: func.func @short_span(
// CHECK:         arith.addi %{{.*}}, %c512 : index
// CHECK:         memref.prefetch
// CHECK:         arith.addi %{{.*}}, %c544 : index
// CHECK:         memref.prefetch
func.func @short_span(%x: memref<256x1024xf32>) -> vector<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %r = scf.for %row = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %s = scf.for %col = %c0 to %c1024 step %c64 iter_args(%acc2 = %acc) -> (vector<64xf32>) {
      %v = vector.transfer_read %x[%row, %col], %pad {in_bounds = [true]} : memref<256x1024xf32>, vector<64xf32>
      %a = arith.addf %v, %acc2 : vector<64xf32>
      scf.yield %a : vector<64xf32>
    }
    scf.yield %s : vector<64xf32>
  }
  return %r : vector<64xf32>
}

// -----

// Short rows read 16 at a time (1 KiB per read, through a reshape of the
// argument): 8 prefetches, 4 KiB ahead along the row index.

// CHECK-LABEL: func.func @short_rows(
// CHECK:         %[[ROWS:[a-z0-9_]+]] = memref.expand_shape
// CHECK:         scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK-COUNT-8:   memref.prefetch %[[ROWS]][%[[ROW]], %{{.*}}]
// CHECK-NOT:       memref.prefetch
// CHECK:           vector.transfer_read %[[ROWS]][%[[ROW]], %{{.*}}]
func.func @short_rows(%x: memref<1048576xf32>) -> vector<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c65536 = arith.constant 65536 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16x16xf32>
  %rows = memref.expand_shape %x [[0, 1]] output_shape [65536, 16] : memref<1048576xf32> into memref<65536x16xf32>
  %r = scf.for %row = %c0 to %c65536 step %c16 iter_args(%acc = %zero) -> (vector<16x16xf32>) {
    %v = vector.transfer_read %rows[%row, %c0], %pad {in_bounds = [true, true]} : memref<65536x16xf32>, vector<16x16xf32>
    %a = arith.addf %v, %acc : vector<16x16xf32>
    scf.yield %a : vector<16x16xf32>
  }
  return %r : vector<16x16xf32>
}

// -----

// One row from each of 4 parts of the rows at once (a read of 4x1x64 f32
// through a reshape into parts): each part is a run of its own, 256 bytes
// of a row, prefetched 4 KiB ahead along its own row: 2 prefetches each.

// CHECK-LABEL: func.func @parts(
// CHECK:         %[[PARTS:[a-z0-9_]+]] = memref.expand_shape
// CHECK:         scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK:           scf.for %[[COL:[a-z0-9_]+]] =
// CHECK:             %[[A0:.*]] = arith.addi %[[COL]], %c1024{{.*}} : index
// CHECK:             memref.prefetch %[[PARTS]][%c0, %[[ROW]], %[[A0]]]
// CHECK:             %[[B0:.*]] = arith.addi %[[COL]], %c1056{{.*}} : index
// CHECK:             memref.prefetch %[[PARTS]][%c0, %[[ROW]], %[[B0]]]
// CHECK:             %[[P1:.*]] = arith.addi %c0, %c1{{(_[0-9]+)?}} : index
// CHECK:             %[[A1:.*]] = arith.addi %[[COL]], %c1024{{.*}} : index
// CHECK:             memref.prefetch %[[PARTS]][%[[P1]], %[[ROW]], %[[A1]]]
// CHECK:             %[[B1:.*]] = arith.addi %[[COL]], %c1056{{.*}} : index
// CHECK:             memref.prefetch %[[PARTS]][%[[P1]], %[[ROW]], %[[B1]]]
// CHECK:             %[[P2:.*]] = arith.addi %c0, %c2 : index
// CHECK-COUNT-2:     memref.prefetch %[[PARTS]][%[[P2]], %[[ROW]], %{{.*}}]
// CHECK:             %[[P3:.*]] = arith.addi %c0, %c3 : index
// CHECK-COUNT-2:     memref.prefetch %[[PARTS]][%[[P3]], %[[ROW]], %{{.*}}]
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[PARTS]][%c0, %[[ROW]], %[[COL]]]
func.func @parts(%x: memref<4096x4096xf32>) -> vector<4x1x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<4x1x64xf32>
  %parts = memref.expand_shape %x [[0, 1], [2]] output_shape [4, 1024, 4096] : memref<4096x4096xf32> into memref<4x1024x4096xf32>
  %r = scf.for %row = %c0 to %c1024 step %c1 iter_args(%acc = %zero) -> (vector<4x1x64xf32>) {
    %s = scf.for %col = %c0 to %c4096 step %c64 iter_args(%acc2 = %acc) -> (vector<4x1x64xf32>) {
      %v = vector.transfer_read %parts[%c0, %row, %col], %pad {in_bounds = [true, true, true]} : memref<4x1024x4096xf32>, vector<4x1x64xf32>
      %a = arith.addf %v, %acc2 : vector<4x1x64xf32>
      scf.yield %a : vector<4x1x64xf32>
    }
    scf.yield %s : vector<4x1x64xf32>
  }
  return %r : vector<4x1x64xf32>
}

// -----

// The same parts in a thread's chunk of the rows (a subview of the argument,
// strided): each part a run of its own, 2 prefetches each.

// CHECK-LABEL: func.func @thread_chunk(
// CHECK:         scf.forall
// CHECK:           %[[PARTS:[a-z0-9_]+]] = memref.expand_shape
// CHECK:           scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK:             scf.for %[[COL:[a-z0-9_]+]] =
// CHECK:               %[[A0:.*]] = arith.addi %[[COL]], %c1024{{.*}} : index
// CHECK:               memref.prefetch %[[PARTS]][%c0, %[[ROW]], %[[A0]]]
// CHECK-COUNT-7:       memref.prefetch %[[PARTS]][
// CHECK-NOT:           memref.prefetch
// CHECK:               vector.transfer_read %[[PARTS]][%c0, %[[ROW]], %[[COL]]]
func.func @thread_chunk(%x: memref<4096x4096xf32>, %out: memref<2x4x1x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<4x1x64xf32>
  scf.forall (%t) in (2) {
    %first = arith.muli %t, %c2048 : index
    %chunk = memref.subview %x[%first, 0] [2048, 4096] [1, 1] : memref<4096x4096xf32> to memref<2048x4096xf32, strided<[4096, 1], offset: ?>>
    %parts = memref.expand_shape %chunk [[0, 1], [2]] output_shape [4, 512, 4096] : memref<2048x4096xf32, strided<[4096, 1], offset: ?>> into memref<4x512x4096xf32, strided<[2097152, 4096, 1], offset: ?>>
    %r = scf.for %row = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> (vector<4x1x64xf32>) {
      %s = scf.for %col = %c0 to %c4096 step %c64 iter_args(%acc2 = %acc) -> (vector<4x1x64xf32>) {
        %v = vector.transfer_read %parts[%c0, %row, %col], %pad {in_bounds = [true, true, true]} : memref<4x512x4096xf32, strided<[2097152, 4096, 1], offset: ?>>, vector<4x1x64xf32>
        %a = arith.addf %v, %acc2 : vector<4x1x64xf32>
        scf.yield %a : vector<4x1x64xf32>
      }
      scf.yield %s : vector<4x1x64xf32>
    }
    vector.transfer_write %r, %out[%t, %c0, %c0, %c0] {in_bounds = [true, true, true]} : vector<4x1x64xf32>, memref<2x4x1x64xf32>
  }
  return
}

// -----

// Rows of a column subview (2 KiB of each 16 KiB row): one run of 256
// bytes, prefetched at most half a row (1 KiB, 256 f32) ahead.

// CHECK-LABEL: func.func @column_chunk(
// CHECK:         arith.addi %{{.*}}, %c256{{.*}} : index
// CHECK:         memref.prefetch
// CHECK:         arith.addi %{{.*}}, %c288{{.*}} : index
// CHECK:         memref.prefetch
// CHECK-NOT:     memref.prefetch
func.func @column_chunk(%x: memref<4096x4096xf32>) -> vector<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %cols = memref.subview %x[0, 0] [4096, 512] [1, 1] : memref<4096x4096xf32> to memref<4096x512xf32, strided<[4096, 1]>>
  %r = scf.for %row = %c0 to %c4096 step %c1 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %s = scf.for %col = %c0 to %c512 step %c64 iter_args(%acc2 = %acc) -> (vector<64xf32>) {
      %v = vector.transfer_read %cols[%row, %col], %pad {in_bounds = [true]} : memref<4096x512xf32, strided<[4096, 1]>>, vector<64xf32>
      %a = arith.addf %v, %acc2 : vector<64xf32>
      scf.yield %a : vector<64xf32>
    }
    scf.yield %s : vector<64xf32>
  }
  return %r : vector<64xf32>
}

// -----

// No prefetch: an input under 1 MiB, a dynamic input, a read outside a
// loop, a read that the loop does not move, a local buffer.

// CHECK-LABEL: func.func @negative(
// CHECK-NOT:     memref.prefetch
// CHECK:         return
func.func @negative(%small: memref<64x1024xf32>, %dynamic: memref<?x1024xf32>,
                    %big: memref<1024x1024xf32>) -> vector<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %once = vector.transfer_read %big[%c0, %c0], %pad {in_bounds = [true]} : memref<1024x1024xf32>, vector<64xf32>
  %local = memref.alloc() : memref<1024x1024xf32>
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %once) -> (vector<64xf32>) {
    %a = vector.transfer_read %small[%i, %c0], %pad {in_bounds = [true]} : memref<64x1024xf32>, vector<64xf32>
    %b = vector.transfer_read %dynamic[%i, %c0], %pad {in_bounds = [true]} : memref<?x1024xf32>, vector<64xf32>
    %c = vector.transfer_read %big[%c0, %c64], %pad {in_bounds = [true]} : memref<1024x1024xf32>, vector<64xf32>
    %d = vector.transfer_read %local[%i, %c0], %pad {in_bounds = [true]} : memref<1024x1024xf32>, vector<64xf32>
    %s1 = arith.addf %a, %b : vector<64xf32>
    %s2 = arith.addf %c, %d : vector<64xf32>
    %s3 = arith.addf %s1, %s2 : vector<64xf32>
    %s4 = arith.addf %s3, %acc : vector<64xf32>
    scf.yield %s4 : vector<64xf32>
  }
  memref.dealloc %local : memref<1024x1024xf32>
  return %r : vector<64xf32>
}

// -----

// A loop that computes an exp per element is bound by arithmetic: the
// hardware prefetchers keep ahead of its reads, which get no prefetch.
// CHECK-LABEL: func.func @exp_rows(
// CHECK-NOT:     memref.prefetch
// CHECK:         return
func.func @exp_rows(%x: memref<256x4096xf32>) -> vector<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %r = scf.for %row = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %s = scf.for %col = %c0 to %c4096 step %c64 iter_args(%acc2 = %acc) -> (vector<64xf32>) {
      %v = vector.transfer_read %x[%row, %col], %pad {in_bounds = [true]} : memref<256x4096xf32>, vector<64xf32>
      %e = math.exp %v : vector<64xf32>
      %a = arith.addf %e, %acc2 : vector<64xf32>
      scf.yield %a : vector<64xf32>
    }
    scf.yield %s : vector<64xf32>
  }
  return %r : vector<64xf32>
}
