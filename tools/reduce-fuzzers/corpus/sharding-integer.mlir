shard.grid @grid(shape = 2)
func.func @integer(%a: tensor<64x4xi64>, %b: tensor<64x4xui64>,
                   %c: tensor<64x4xi8>, %d: tensor<64x4xi32>)
    -> (tensor<4xi64>, tensor<4xui64>, tensor<4xi8>, tensor<4xi32>,
        tensor<4xi32>) {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s annotate_for_users : tensor<64x4xi64>
  %bs = shard.shard %b to %s annotate_for_users : tensor<64x4xui64>
  %cs = shard.shard %c to %s annotate_for_users : tensor<64x4xi8>
  %ds = shard.shard %d to %s annotate_for_users : tensor<64x4xi32>
  %am = reduce.mean %as axes [0] : tensor<64x4xi64> -> tensor<4xi64>
  %bm = reduce.mean %bs axes [0] : tensor<64x4xui64> -> tensor<4xui64>
  %cm = reduce.mean %cs axes [0] : tensor<64x4xi8> -> tensor<4xi8>
  %dl = reduce.l2 %ds axes [0] : tensor<64x4xi32> -> tensor<4xi32>
  %de = reduce.log_sum_exp %ds axes [0] : tensor<64x4xi32> -> tensor<4xi32>
  return %am, %bm, %cm, %dl, %de
      : tensor<4xi64>, tensor<4xui64>, tensor<4xi8>, tensor<4xi32>,
        tensor<4xi32>
}
