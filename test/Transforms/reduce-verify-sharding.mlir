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

// Without a grid, runtime axes are fine (nothing is partitioned).
func.func @no_grid(%x: tensor<8x4xf32>, %a: tensor<1xi64>) -> tensor<4xf32> {
  %r = reduce.sum %x axes %a : tensor<8x4xf32>, tensor<1xi64> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
