shard.grid @grid(shape = 2)
func.func @rows(%x: tensor<8x6xf32>) -> tensor<8xf32> {
  %r = reduce.sum %x axes [1] : tensor<8x6xf32> -> tensor<8xf32>
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rs = shard.shard %r to %s : tensor<8xf32>
  return %rs : tensor<8xf32>
}
