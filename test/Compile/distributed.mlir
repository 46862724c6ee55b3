// RUN: not reduce-compile %s --prefix=k_ -o %t.o 2>&1 | FileCheck %s

// A distributed module runs as the processes of an MPI job (reduce-run
// under mpirun); the C ABI of reduce-compile has no process.
// CHECK: reduce-compile: error: the module has a shard.grid: a distributed module runs through reduce-run under mpirun, not as an object file (docs/distributed.md)
shard.grid @grid(shape = 2)
func.func @f(%x: tensor<8x4xf32>) -> tensor<4xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x4xf32>
  %r = reduce.sum %xs axes [0] : tensor<8x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
