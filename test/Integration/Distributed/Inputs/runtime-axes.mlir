shard.grid @grid(shape = 2)
func.func @sum(%x: tensor<64x24xf32>, %a: tensor<1xi64>) -> tensor<24xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<64x24xf32>
  %r = reduce.sum %xs axes %a : tensor<64x24xf32>, tensor<1xi64> -> tensor<24xf32>
  return %r : tensor<24xf32>
}
