// Means over a split dim and a dynamic one that every process holds whole:
// the count is known only when the code runs.
shard.grid @grid(shape = 2)
func.func @means(%k: tensor<64x?xi32>, %p: tensor<64x?xf32>)
    -> (tensor<i32>, tensor<f32>) {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ks = shard.shard %k to %s annotate_for_users : tensor<64x?xi32>
  %ps = shard.shard %p to %s annotate_for_users : tensor<64x?xf32>
  %km = reduce.mean %ks axes [0, 1] : tensor<64x?xi32> -> tensor<i32>
  %pm = reduce.mean %ps axes [0, 1] : tensor<64x?xf32> -> tensor<f32>
  return %km, %pm : tensor<i32>, tensor<f32>
}
