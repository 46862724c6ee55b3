shard.grid @grid(shape = 2)
func.func @family(%x: tensor<64x24xf32>, %p: tensor<64x24xf32>,
                  %k: tensor<64x24xi32>, %b: tensor<64x24xi1>,
                  %h: tensor<64x24xf16>)
    -> (tensor<24xf32>, tensor<1x1xf32>, tensor<24xf32>, tensor<24xf32>,
        tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>,
        tensor<24xf32>, tensor<24xf32>, tensor<24xi32>, tensor<24xi32>,
        tensor<24xi32>, tensor<24xi1>, tensor<24xi1>, tensor<24xf16>,
        tensor<64xf32>, tensor<f32>) {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<64x24xf32>
  %ps = shard.shard %p to %s annotate_for_users : tensor<64x24xf32>
  %ks = shard.shard %k to %s annotate_for_users : tensor<64x24xi32>
  %bs = shard.shard %b to %s annotate_for_users : tensor<64x24xi1>
  %hs = shard.shard %h to %s annotate_for_users : tensor<64x24xf16>
  %sum = reduce.sum %xs axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  %l1 = reduce.l1 %ps axes [0, 1] keep_dims : tensor<64x24xf32> -> tensor<1x1xf32>
  %mean = reduce.mean %xs axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  %l2 = reduce.l2 %xs axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  %sq = reduce.sum_square %xs axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  %min = reduce.min %xs axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  %max = reduce.max %xs axes [0] nan_mode ignore : tensor<64x24xf32> -> tensor<24xf32>
  %prod = reduce.prod %ps axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  %log = reduce.log_sum %ps axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  %lse = reduce.log_sum_exp %xs axes [0] : tensor<64x24xf32> -> tensor<24xf32>
  %ksum = reduce.sum %ks axes [0] : tensor<64x24xi32> -> tensor<24xi32>
  %kmean = reduce.mean %ks axes [0] : tensor<64x24xi32> -> tensor<24xi32>
  %kmin = reduce.min %ks axes [0] : tensor<64x24xi32> -> tensor<24xi32>
  %and = reduce.logical_and %bs axes [0] : tensor<64x24xi1> -> tensor<24xi1>
  %or = reduce.logical_or %bs axes [0] : tensor<64x24xi1> -> tensor<24xi1>
  %hsum = reduce.sum %hs axes [0] : tensor<64x24xf16> -> tensor<24xf16>
  %rows = reduce.sum %ps axes [1] : tensor<64x24xf32> -> tensor<64xf32>
  %all = reduce.log_sum_exp %ps axes [0, 1] : tensor<64x24xf32> -> tensor<f32>
  return %sum, %l1, %mean, %l2, %sq, %min, %max, %prod, %log, %lse, %ksum,
         %kmean, %kmin, %and, %or, %hsum, %rows, %all
      : tensor<24xf32>, tensor<1x1xf32>, tensor<24xf32>, tensor<24xf32>,
        tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>,
        tensor<24xf32>, tensor<24xf32>, tensor<24xi32>, tensor<24xi32>,
        tensor<24xi32>, tensor<24xi1>, tensor<24xi1>, tensor<24xf16>,
        tensor<64xf32>, tensor<f32>
}
