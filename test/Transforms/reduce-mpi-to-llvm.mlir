// RUN: reduce-opt %s --finalize-memref-to-llvm --reduce-mpi-to-llvm \
// RUN:   --convert-func-to-llvm --reconcile-unrealized-casts | FileCheck %s

// Open MPI's ABI: the module is marked for it, the reduction operations are
// its ompi_mpi_op_* globals, and the communicator MPI_Comm_split writes is
// loaded as a pointer-sized value, and freed after its collective. The grid
// is erased.

// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// CHECK-NOT: shard.grid
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_op_sum()
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_op_max()
// CHECK-NOT: @ompi_mpi_sum
// CHECK-NOT: @ompi_mpi_max(
shard.grid @grid(shape = 2x2)

// CHECK-LABEL: llvm.func @split
// CHECK:         %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK:         llvm.call @MPI_Comm_split(%{{.*}}, %{{.*}}, %{{.*}}, %[[SLOT]])
// CHECK-NEXT:    %[[COMM:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i64
// CHECK:         %[[P:.*]] = llvm.inttoptr %[[COMM]] : i64 to !llvm.ptr
// CHECK:         llvm.call @MPI_Allreduce(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[P]])
// CHECK-NEXT:    llvm.call @MPI_Comm_free(%[[SLOT]])
func.func @split(%buf: memref<4xf32>, %color: i32, %key: i32) {
  %w = mpi.comm_world : !mpi.comm
  %g = mpi.comm_split(%w, %color, %key) : !mpi.comm
  mpi.allreduce(%buf, %buf, MPI_SUM, %g) : memref<4xf32>, memref<4xf32>
  return
}

// CHECK-LABEL: llvm.func @world
// CHECK:         %[[OP:.*]] = llvm.mlir.addressof @ompi_mpi_op_max
// CHECK:         llvm.call @MPI_Allreduce(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[OP]], %{{.*}})
// CHECK-NOT:     MPI_Comm_free
func.func @world(%buf: memref<4xi32>) {
  %w = mpi.comm_world : !mpi.comm
  mpi.allreduce(%buf, %buf, MPI_MAX, %w) : memref<4xi32>, memref<4xi32>
  return
}
