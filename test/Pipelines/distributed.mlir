// RUN: reduce-opt %s --reduce-to-llvm="distributed host-profile=false" \
// RUN:   | FileCheck %s

// The issue's example: each process sums its 2048 rows (the local reduction
// is vectorized as any other), then MPI_Allreduce adds the 64 partial sums
// of the two processes over the world communicator (a 1-D grid: one group,
// no MPI_Comm_split).

// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">
// CHECK-DAG: llvm.func @MPI_Allreduce(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_op_sum()
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_float()
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_comm_world()
// CHECK-NOT: MPI_Comm_split
// CHECK-LABEL: llvm.func @main
// CHECK:         llvm.fadd %{{.*}} : vector<
// CHECK:         llvm.call @MPI_Allreduce
// CHECK-NOT: shard.
// CHECK-NOT: mpi.
shard.grid @grid(shape = 2)
func.func @main(%x: tensor<4096x64xf32>) -> tensor<64xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<4096x64xf32>
  %r = reduce.sum %xs axes [0] : tensor<4096x64xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}
