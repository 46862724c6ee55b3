// RUN: reduce-opt %s --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,min_parallel_bytes=0,min_row_tile_registers=1" --reduce-collapse-dims --reduce-split-reductions="threads=2" --reduce-plan="threads=2" --reduce-vectorize | FileCheck %s

// reduce-vectorize{threads=2}: a reduction whose only reduced dim is the
// outermost one is split by rows into two reductions of consecutive halves
// (each thread streams its own half of the input), run as an scf.forall,
// then their results are combined. Each thread reads 4 rows per step and
// adds them to its accumulators in order (a vector<1x4x32> reduced over its
// middle dim; the upstream lowering would transpose it).

// CHECK-LABEL: func.func @sum_columns(
// CHECK:         %[[HALVES:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [2, 32, 64] : tensor<64x64xf32> into tensor<2x32x64xf32>
// CHECK:         %[[PARTS:.*]] = scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}}) -> (tensor<2x64xf32>)
// CHECK-NOT:       vector.multi_reduction
// CHECK:           vector.transfer_read %[[HALVES]]{{.*}} : tensor<2x32x64xf32>, vector<4x32xf32>
// CHECK-COUNT-4:   arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK-NOT:       vector.multi_reduction
// CHECK:         vector.transfer_read %[[PARTS]]
// CHECK:         return
func.func @sum_columns(%x: tensor<64x64xf32>) -> tensor<64xf32> {
  %r = reduce.sum %x axes [0] : tensor<64x64xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// strict-fp-order keeps float sums in order: no split.
// RUN: reduce-opt %s --lower-reduce --canonicalize \
// RUN:   --reduce-attach-target="set=vector_bits=256,stream_vector_bits=256,min_parallel_bytes=0,min_row_tile_registers=1" --reduce-collapse-dims --reduce-split-reductions="threads=2 strict-fp-order=true" --reduce-plan="threads=2 strict-fp-order=true" --reduce-vectorize | FileCheck %s --check-prefix=STRICT
// STRICT-LABEL: func.func @sum_columns(
// STRICT-NOT:     tensor.expand_shape
// STRICT:         return

// The fill of the init is fused into each thread's tile, and into its row
// tiles there: no fill before the scf.forall (one thread would write the
// whole result, and the threads read it back), no buffer of the thread's
// own (the tiles write the thread's part of the result), and the loop does
// not read the init.
// CHECK-LABEL: func.func @min_short_rows(
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     vector.transfer_write
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<16384xf32>
// CHECK:         scf.forall {{.*}} shared_outs(%[[OUT:.*]] = %[[EMPTY]])
// CHECK:           %[[PART:.*]] = tensor.extract_slice %[[OUT]]
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %[[PART]]) -> (tensor<8192xf32>)
// CHECK-NOT:         vector.transfer_read {{.*}} : tensor<8192xf32>
// CHECK:             vector.transfer_write {{.*}} : vector<8xf32>, tensor<8192xf32>
// CHECK:         return
func.func @min_short_rows(%x: tensor<16384x16xf32>) -> tensor<16384xf32> {
  %r = reduce.min %x axes [1] : tensor<16384x16xf32> -> tensor<16384xf32>
  return %r : tensor<16384xf32>
}
