// RUN: reduce-opt %s --reduce-i1-vector-memory -split-input-file -verify-diagnostics | FileCheck %s

// Memrefs of i1 hold a byte per element; LLVM stores vectors of i1
// bit-packed. Every memory access of a vector of i1 becomes the same access
// of a vector of i8: loaded bytes are truncated with nuw (each is 0 or 1),
// stored bools are zero-extended.

/// Plain loads and stores: the alignment is kept, or set to 1 (a byte's)
/// when absent, not left for LLVM to take the byte vector's.
// CHECK-LABEL: llvm.func @plain_load_store(
// CHECK-SAME:      %[[SRC:.*]]: !llvm.ptr, %[[DST:.*]]: !llvm.ptr)
// CHECK:         %[[BYTES:.*]] = llvm.load %[[SRC]] {alignment = 1 : i64} : !llvm.ptr -> vector<16xi8>
// CHECK:         %[[BOOLS:.*]] = llvm.trunc %[[BYTES]] overflow<nuw> : vector<16xi8> to vector<16xi1>
// CHECK:         %[[NOT:.*]] = llvm.xor %[[BOOLS]], %{{.*}} : vector<16xi1>
// CHECK:         %[[OUT:.*]] = llvm.zext %[[NOT]] : vector<16xi1> to vector<16xi8>
// CHECK:         llvm.store %[[OUT]], %[[DST]] {alignment = 1 : i64} : vector<16xi8>, !llvm.ptr
// CHECK:         %[[BYTES4:.*]] = llvm.load %[[SRC]] {alignment = 4 : i64} : !llvm.ptr -> vector<64xi8>
// CHECK:         %[[BOOLS4:.*]] = llvm.trunc %[[BYTES4]] overflow<nuw> : vector<64xi8> to vector<64xi1>
// CHECK:         %[[OUT4:.*]] = llvm.zext %[[BOOLS4]] : vector<64xi1> to vector<64xi8>
// CHECK:         llvm.store %[[OUT4]], %[[DST]] {alignment = 4 : i64} : vector<64xi8>, !llvm.ptr
// CHECK:         llvm.return
llvm.func @plain_load_store(%src: !llvm.ptr, %dst: !llvm.ptr) {
  %ones = llvm.mlir.constant(dense<true> : vector<16xi1>) : vector<16xi1>
  %v = llvm.load %src : !llvm.ptr -> vector<16xi1>
  %not = llvm.xor %v, %ones : vector<16xi1>
  llvm.store %not, %dst : vector<16xi1>, !llvm.ptr
  %w = llvm.load %src {alignment = 4 : i64} : !llvm.ptr -> vector<64xi1>
  llvm.store %w, %dst {alignment = 4 : i64} : vector<64xi1>, !llvm.ptr
  llvm.return
}

// -----

/// Masked loads and stores: the mask stays i1 (it is no memory), the
/// pass-through value becomes bytes, a poison one a byte poison.
// CHECK-LABEL: llvm.func @masked_load_store(
// CHECK-SAME:      %[[SRC:.*]]: !llvm.ptr, %[[DST:.*]]: !llvm.ptr, %[[MASK:.*]]: vector<32xi1>, %[[PASS:.*]]: vector<32xi1>)
// CHECK:         %[[POISON:.*]] = llvm.mlir.poison : vector<32xi8>
// CHECK:         %[[BYTES:.*]] = llvm.intr.masked.load %[[SRC]], %[[MASK]], %[[POISON]] {alignment = 1 : i32} : (!llvm.ptr, vector<32xi1>, vector<32xi8>) -> vector<32xi8>
// CHECK:         %[[BOOLS:.*]] = llvm.trunc %[[BYTES]] overflow<nuw> : vector<32xi8> to vector<32xi1>
// CHECK:         %[[PASSBYTES:.*]] = llvm.zext %[[PASS]] : vector<32xi1> to vector<32xi8>
// CHECK:         %[[BYTES2:.*]] = llvm.intr.masked.load %[[SRC]], %[[MASK]], %[[PASSBYTES]] {alignment = 1 : i32} : (!llvm.ptr, vector<32xi1>, vector<32xi8>) -> vector<32xi8>
// CHECK:         %[[BOOLS2:.*]] = llvm.trunc %[[BYTES2]] overflow<nuw> : vector<32xi8> to vector<32xi1>
// CHECK:         %[[AND:.*]] = llvm.and %[[BOOLS]], %[[BOOLS2]] : vector<32xi1>
// CHECK:         %[[OUT:.*]] = llvm.zext %[[AND]] : vector<32xi1> to vector<32xi8>
// CHECK:         llvm.intr.masked.store %[[OUT]], %[[DST]], %[[MASK]] {alignment = 1 : i32} : vector<32xi8>, vector<32xi1> into !llvm.ptr
llvm.func @masked_load_store(%src: !llvm.ptr, %dst: !llvm.ptr, %mask: vector<32xi1>, %pass: vector<32xi1>) {
  %poison = llvm.mlir.poison : vector<32xi1>
  %a = llvm.intr.masked.load %src, %mask, %poison {alignment = 1 : i32} : (!llvm.ptr, vector<32xi1>, vector<32xi1>) -> vector<32xi1>
  %b = llvm.intr.masked.load %src, %mask, %pass {alignment = 1 : i32} : (!llvm.ptr, vector<32xi1>, vector<32xi1>) -> vector<32xi1>
  %and = llvm.and %a, %b : vector<32xi1>
  llvm.intr.masked.store %and, %dst, %mask {alignment = 1 : i32} : vector<32xi1>, vector<32xi1> into !llvm.ptr
  llvm.return
}

// -----

/// Gathers and scatters, expanding loads and compressing stores.
// CHECK-LABEL: llvm.func @gather_scatter_expand_compress(
// CHECK-SAME:      %[[PTRS:.*]]: vector<8x!llvm.ptr>, %[[P:.*]]: !llvm.ptr, %[[MASK:.*]]: vector<8xi1>, %[[PASS:.*]]: vector<8xi1>)
// CHECK:         %[[PASSBYTES:.*]] = llvm.zext %[[PASS]] : vector<8xi1> to vector<8xi8>
// CHECK:         %[[G:.*]] = llvm.intr.masked.gather %[[PTRS]], %[[MASK]], %[[PASSBYTES]] {alignment = 1 : i32} : (vector<8x!llvm.ptr>, vector<8xi1>, vector<8xi8>) -> vector<8xi8>
// CHECK:         %[[GB:.*]] = llvm.trunc %[[G]] overflow<nuw> : vector<8xi8> to vector<8xi1>
// CHECK:         %[[GOUT:.*]] = llvm.zext %[[GB]] : vector<8xi1> to vector<8xi8>
// CHECK:         llvm.intr.masked.scatter %[[GOUT]], %[[PTRS]], %[[MASK]] {alignment = 1 : i32} : vector<8xi8>, vector<8xi1> into vector<8x!llvm.ptr>
// CHECK:         %[[PASSBYTES2:.*]] = llvm.zext %[[PASS]] : vector<8xi1> to vector<8xi8>
// CHECK:         %[[E:.*]] = "llvm.intr.masked.expandload"(%[[P]], %[[MASK]], %[[PASSBYTES2]]) : (!llvm.ptr, vector<8xi1>, vector<8xi8>) -> vector<8xi8>
// CHECK:         %[[EB:.*]] = llvm.trunc %[[E]] overflow<nuw> : vector<8xi8> to vector<8xi1>
// CHECK:         %[[EOUT:.*]] = llvm.zext %[[EB]] : vector<8xi1> to vector<8xi8>
// CHECK:         "llvm.intr.masked.compressstore"(%[[EOUT]], %[[P]], %[[MASK]]) : (vector<8xi8>, !llvm.ptr, vector<8xi1>) -> ()
llvm.func @gather_scatter_expand_compress(%ptrs: vector<8x!llvm.ptr>, %p: !llvm.ptr, %mask: vector<8xi1>, %pass: vector<8xi1>) {
  %g = llvm.intr.masked.gather %ptrs, %mask, %pass {alignment = 1 : i32} : (vector<8x!llvm.ptr>, vector<8xi1>, vector<8xi1>) -> vector<8xi1>
  llvm.intr.masked.scatter %g, %ptrs, %mask {alignment = 1 : i32} : vector<8xi1>, vector<8xi1> into vector<8x!llvm.ptr>
  %e = "llvm.intr.masked.expandload"(%p, %mask, %pass) : (!llvm.ptr, vector<8xi1>, vector<8xi1>) -> vector<8xi1>
  "llvm.intr.masked.compressstore"(%e, %p, %mask) : (vector<8xi1>, !llvm.ptr, vector<8xi1>) -> ()
  llvm.return
}

// -----

/// A one-element vector is a byte too.
// CHECK-LABEL: llvm.func @one_element(
// CHECK:         llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> vector<1xi8>
// CHECK:         llvm.zext %{{.*}} : vector<1xi1> to vector<1xi8>
// CHECK:         llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : vector<1xi8>, !llvm.ptr
llvm.func @one_element(%p: !llvm.ptr) {
  %v = llvm.load %p : !llvm.ptr -> vector<1xi1>
  llvm.store %v, %p : vector<1xi1>, !llvm.ptr
  llvm.return
}

// -----

/// Scalar i1 accesses are byte-sized already; other vectors are not bools.
// CHECK-LABEL: llvm.func @negative_scalars_and_other_vectors(
// CHECK-NEXT:    %[[S:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i1
// CHECK-NEXT:    llvm.store %[[S]], %{{.*}} : i1, !llvm.ptr
// CHECK-NEXT:    %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xi8>
// CHECK-NEXT:    llvm.store %[[B]], %{{.*}} : vector<16xi8>, !llvm.ptr
// CHECK-NEXT:    %[[F:.*]] = llvm.intr.masked.load %{{.*}} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT:    llvm.intr.masked.store %[[F]], {{.*}} : vector<4xf32>, vector<4xi1> into !llvm.ptr
// CHECK-NEXT:    llvm.return
llvm.func @negative_scalars_and_other_vectors(%p: !llvm.ptr, %mask: vector<4xi1>, %pass: vector<4xf32>) {
  %s = llvm.load %p : !llvm.ptr -> i1
  llvm.store %s, %p : i1, !llvm.ptr
  %b = llvm.load %p : !llvm.ptr -> vector<16xi8>
  llvm.store %b, %p : vector<16xi8>, !llvm.ptr
  %f = llvm.intr.masked.load %p, %mask, %pass {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  llvm.intr.masked.store %f, %p, %mask {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
  llvm.return
}

// -----

/// An aggregate of i1 vectors would be stored bit-packed all the same.
llvm.func @negative_aggregate(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op accesses '!llvm.array<2 x vector<8xi1>>', an aggregate with a vector of i1; expected a vector of i1 alone (stored one byte per element)}}
  %v = llvm.load %p : !llvm.ptr -> !llvm.array<2 x vector<8xi1>>
  llvm.return
}
