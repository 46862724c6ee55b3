// RUN: reduce-opt %s --split-input-file --verify-diagnostics \
// RUN:   --reduce-verify-sharding

// A module with a grid: runtime axes cannot be partitioned.
shard.grid @grid(shape = 2)
func.func @runtime_axes(%x: tensor<8x4xf32>, %a: tensor<1xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{'reduce.sum' op cannot be partitioned across processes: expected static axes, found a runtime axes operand}}
  %r = reduce.sum %x axes %a : tensor<8x4xf32>, tensor<1xi64> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'reduce.max' op cannot be partitioned across processes: expected a ranked input, found 'tensor<*xf32>'}}
  %r = reduce.max %x axes [0] : tensor<*xf32> -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

// expected-error @+1 {{'shard.grid' op has a dynamic shape: expected static sizes, one per grid axis, whose product is the number of processes}}
shard.grid @grid(shape = 2x?)

// -----

// A grid axis of size 0 (the partition divides by it; found by the pipeline
// fuzzer).
// expected-error @+1 {{'shard.grid' op has an axis of size 0: expected sizes of at least 1, whose product is the number of processes}}
shard.grid @grid(shape = 2x0)
func.func @rows(%x: tensor<8x6xf32>) -> tensor<8xf32> {
  %r = reduce.sum %x axes [1] : tensor<8x6xf32> -> tensor<8xf32>
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rs = shard.shard %r to %s : tensor<8xf32>
  return %rs : tensor<8xf32>
}

// -----

// Without a grid, runtime axes are fine (nothing is partitioned).
func.func @no_grid(%x: tensor<8x4xf32>, %a: tensor<1xi64>) -> tensor<4xf32> {
  %r = reduce.sum %x axes %a : tensor<8x4xf32>, tensor<1xi64> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A grid axis the grid does not have: rejected before the partition reads
// the grid's shape at that axis.
shard.grid @grid(shape = 2)
func.func @axis_out_of_range(%x: tensor<64x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'shard.sharding' op splits tensor dim 0 over grid axis 1, but grid @grid has rank 1: expected a grid axis in [0, 0]}}
  %s = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<64x4xf32>
  %r = reduce.sum %xs axes [0] : tensor<64x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

shard.grid @grid(shape = 2x2)
func.func @negative_axis(%x: tensor<64x4xf32>) -> tensor<4xf32> {
  // (Upstream's verifier.)
  // expected-error @+1 {{grid axis is expected to be non-negative}}
  %s = shard.sharding @grid split_axes = [[0], [-1]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<64x4xf32>
  %r = reduce.sum %xs axes [0] : tensor<64x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A grid symbol that is not a grid of the module (upstream's verifier).
shard.grid @grid(shape = 2)
func.func @unknown_grid(%x: tensor<64x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{Undefined required grid symbol "other".}}
  %s = shard.sharding @other split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<64x4xf32>
  %r = reduce.sum %xs axes [0] : tensor<64x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// More split dims than the tensor has.
shard.grid @grid(shape = 2x2)
func.func @too_many_dims(%x: tensor<64xf32>) -> tensor<f32> {
  %s = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  // expected-error @+1 {{'shard.shard' op has a sharding with split_axes for 2 dims, but its tensor 'tensor<64xf32>' has rank 1}}
  %xs = shard.shard %x to %s annotate_for_users : tensor<64xf32>
  %r = reduce.sum %xs axes [0] : tensor<64xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// Halo sizes and sharded dims offsets: the partition of reduce modules and
// reduce-run's block reader know even splits only.
shard.grid @grid(shape = 2)
func.func @halo(%x: tensor<64x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'shard.sharding' op has halo sizes, which the partition of reduce modules does not support: expected split_axes only}}
  %s = shard.sharding @grid split_axes = [[0]] halo_sizes = [1, 1] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<64x4xf32>
  %r = reduce.sum %xs axes [0] : tensor<64x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @offsets(%x: tensor<64x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'shard.sharding' op has sharded dims offsets, which the partition of reduce modules does not support: expected even splits (split_axes only)}}
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 20, 64] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<64x4xf32>
  %r = reduce.sum %xs axes [0] : tensor<64x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Upstream's verifier: a grid axis that splits two dims.
shard.grid @grid(shape = 2x2)
func.func @axis_twice(%x: tensor<64x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{grid axis duplicated}}
  %s = shard.sharding @grid split_axes = [[0], [0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<64x4xf32>
  %r = reduce.sum %xs axes [0] : tensor<64x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Upstream's verifier: a grid of rank 0.
// expected-error @+1 {{rank of grid is expected to be a positive integer}}
shard.grid @grid(shape = [])
