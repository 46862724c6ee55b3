// RUN: reduce-opt %s --reduce-mpi-world-comm | FileCheck %s

// A split of the world by a constant color is the world.
// CHECK-LABEL: func.func @one_group
// CHECK:         %[[W:.*]] = mpi.comm_world : !mpi.comm
// CHECK-NOT:     mpi.comm_split
// CHECK:         mpi.allreduce(%{{.*}}, %{{.*}}, MPI_SUM, %[[W]])
func.func @one_group(%buf: memref<4xf32>, %key: i32) {
  %c0 = arith.constant 0 : i32
  %w = mpi.comm_world : !mpi.comm
  %g = mpi.comm_split(%w, %c0, %key) : !mpi.comm
  mpi.allreduce(%buf, %buf, MPI_SUM, %g) : memref<4xf32>, memref<4xf32>
  return
}

// A color computed from the process's coordinates: groups, kept.
// CHECK-LABEL: func.func @groups
// CHECK:         %[[G:.*]] = mpi.comm_split
// CHECK:         mpi.allreduce(%{{.*}}, %{{.*}}, MPI_SUM, %[[G]])
func.func @groups(%buf: memref<4xf32>, %color: i32, %key: i32) {
  %w = mpi.comm_world : !mpi.comm
  %g = mpi.comm_split(%w, %color, %key) : !mpi.comm
  mpi.allreduce(%buf, %buf, MPI_SUM, %g) : memref<4xf32>, memref<4xf32>
  return
}
