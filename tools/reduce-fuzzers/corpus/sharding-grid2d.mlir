shard.grid @grid(shape = 2x2)
func.func @grid2d(%p: tensor<64x24xf32>, %k: tensor<64x24xi32>)
    -> (tensor<24xf32>, tensor<64xi32>, tensor<f32>) {
  %s = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %ps = shard.shard %p to %s annotate_for_users : tensor<64x24xf32>
  %ks = shard.shard %k to %s annotate_for_users : tensor<64x24xi32>
  %cols = reduce.prod %ps axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  %rows = reduce.max %ks axes [1] : tensor<64x24xi32> -> tensor<64xi32>
  %all = reduce.min %ps axes [0, 1] : tensor<64x24xf32> -> tensor<f32>
  return %cols, %rows, %all : tensor<24xf32>, tensor<64xi32>, tensor<f32>
}
