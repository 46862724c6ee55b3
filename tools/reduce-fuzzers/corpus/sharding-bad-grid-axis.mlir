shard.grid @grid(shape = 2)
func.func @sum(%x: tensor<64x24xf32>) -> tensor<24xf32> {
  %s = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<64x24xf32>
  %r = reduce.sum %xs axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  return %r : tensor<24xf32>
}
