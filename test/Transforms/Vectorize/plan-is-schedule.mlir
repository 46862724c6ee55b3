// RUN: reduce-opt %s --lower-reduce --reduce-attach-target="set=vector_bits=512,stream_vector_bits=256,min_stream_bytes=4096" --reduce-collapse-dims \
// RUN:   --reduce-plan-function="threads=2" --reduce-plan-splits --reduce-split-reductions \
// RUN:   --reduce-plan -o %t.planned.mlir
// RUN: reduce-opt %t.planned.mlir --reduce-vectorize --canonicalize -o %t.applied.mlir
// RUN: reduce-opt %s --lower-reduce --reduce-attach-target="set=vector_bits=512,stream_vector_bits=256,min_stream_bytes=4096" --reduce-collapse-dims \
// RUN:   --reduce-plan-function="threads=2" --reduce-plan-splits --reduce-split-reductions \
// RUN:   --reduce-plan \
// RUN:   --reduce-vectorize --canonicalize -o %t.direct.mlir
// RUN: diff %t.applied.mlir %t.direct.mlir
// RUN: FileCheck %s --input-file=%t.planned.mlir
// RUN: FileCheck %s --input-file=%t.applied.mlir --check-prefix=APPLIED

// The IR after reduce-plan is the whole schedule: reduce-vectorize, which
// contains no planner and takes no tuning option, gives the same kernels
// from that IR read back from text as in the same process. Every strategy
// is here: both rows splits, blocks, threads (a thread split, and row tiles
// and inner reductions distributed, whose fused fills carry the plan of
// their tile), outer and elementwise ops.

// CHECK-LABEL: func.func @all_axes
// CHECK-SAME:    reduce.function_plan = #reduce.function_plan<vector_bits = 256, threads = 2>
// CHECK:         linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 256, inner_tile = 32>} {{.*}} -> tensor<512xf32>
// CHECK:         linalg.generic {{.*}}threads = <count = 2, dim = 0, chunk = 256>
// Applied, no plan is left.
// APPLIED-NOT:   reduce.plan
// APPLIED-LABEL: func.func @all_axes
// APPLIED:       scf.forall
// APPLIED:       vector.transfer_read
// APPLIED-NOT:   reduce.plan
func.func @all_axes(%x: tensor<1048576xf32>) -> tensor<f32> {
  %r = reduce.sum %x axes [0] : tensor<1048576xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// CHECK-LABEL: func.func @short_rows
// CHECK:         linalg.fill {reduce.plan = #reduce.elementwise_plan<vector_bits = 512, inner_tile = 64>} {{.*}} -> tensor<65536xf32>
// CHECK:         linalg.reduce {{.*}}#reduce.row_tiles_plan<{{.*}}threads = <count = 2, dim = 0, chunk = 32768>>
func.func @short_rows(%x: tensor<65536x16xf32>) -> tensor<65536xf32> {
  %r = reduce.sum %x axes [1] : tensor<65536x16xf32> -> tensor<65536xf32>
  return %r : tensor<65536xf32>
}

// CHECK-LABEL: func.func @mixed_short
// CHECK-COUNT-2: linalg.generic {{.*}}reduce.plan = #reduce.
func.func @mixed_short(%x: tensor<2048x64x24xf32>) -> tensor<64xf32> {
  %r = reduce.max %x axes [0, 2] : tensor<2048x64x24xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// CHECK-LABEL: func.func @mixed_long
// CHECK-COUNT-2: linalg.generic {{.*}}reduce.plan = #reduce.
func.func @mixed_long(%x: tensor<64x256x1024xf32>) -> tensor<256xf32> {
  %r = reduce.sum %x axes [0, 2] : tensor<64x256x1024xf32> -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// CHECK-LABEL: func.func @columns
// CHECK:         linalg.generic {{.*}}tensor<2x512x4096xf32>{{.*}}#reduce.outer_plan
func.func @columns(%x: tensor<1024x4096xf32>) -> tensor<4096xf32> {
  %r = reduce.min %x axes [0] : tensor<1024x4096xf32> -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// CHECK-LABEL: func.func @mean_rows
// CHECK:         linalg.map {{.*}}#reduce.elementwise_plan
func.func @mean_rows(%x: tensor<64x1000xf32>) -> tensor<64xf32> {
  %r = reduce.mean %x axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// CHECK-LABEL: func.func @empty
// CHECK:         linalg.reduce {{.*}}#reduce.none_plan
func.func @empty(%x: tensor<0x8xf32>) -> tensor<8xf32> {
  %r = reduce.sum %x axes [0] : tensor<0x8xf32> -> tensor<8xf32>
  return %r : tensor<8xf32>
}
