shard.grid @grid(shape = 2)
func.func @all(%b: tensor<64x24xi1>) -> tensor<24xi1> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %bs = shard.shard %b to %s annotate_for_users : tensor<64x24xi1>
  %r = reduce.logical_and %bs axes [0] : tensor<64x24xi1> -> tensor<24xi1>
  return %r : tensor<24xi1>
}
