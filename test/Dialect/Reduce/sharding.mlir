// RUN: reduce-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition))" \
// RUN:   | FileCheck %s

// The reduce ops in upstream sharding (ShardingInterface): a reduction over
// a split axis becomes the partial reduction of the local slice, the
// combination of the partials across the reduction group, and the op's
// finalization; a reduction over unsplit axes stays local.

shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @sum_split
// CHECK-SAME:    %[[X:.*]]: tensor<2048x64xf32>) -> tensor<64xf32>
// CHECK:         %[[P:.*]] = reduce.sum %[[X]] axes [0] : tensor<2048x64xf32> -> tensor<64xf32>
// CHECK:         %[[R:.*]] = shard.all_reduce %[[P]] on @grid grid_axes = [0] : tensor<64xf32> -> tensor<64xf32>
// CHECK:         return %[[R]]
func.func @sum_split(%x: tensor<4096x64xf32>) -> tensor<64xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<4096x64xf32>
  %r = reduce.sum %xs axes [0] : tensor<4096x64xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// Rows of a split input: local work only, the result split as the rows.
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @rows
// CHECK-SAME:    %[[X:.*]]: tensor<2048x64xf32>) -> tensor<2048xf32>
// CHECK-NEXT:    %[[R:.*]] = reduce.sum %[[X]] axes [1] : tensor<2048x64xf32> -> tensor<2048xf32>
// CHECK-NEXT:    return %[[R]]
func.func @rows(%x: tensor<4096x64xf32>) -> tensor<4096xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<4096x64xf32>
  %r = reduce.sum %xs axes [1] : tensor<4096x64xf32> -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// -----

// A float minimum (NaN and signed zero: no MPI operation has them) gathers
// the partials (their bits, each in its process's row of zeros, or-ed) and
// reduces them with the op, keep_dims and nan_mode kept.
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @min_keep_dims
// CHECK:         %[[P:.*]] = reduce.min %{{.*}} axes [0] keep_dims nan_mode ignore : tensor<2048x64xf32> -> tensor<1x64xf32>
// CHECK:         %[[B:.*]] = linalg.map { arith.bitcast } ins(%[[P]] : tensor<1x64xf32>) outs(%{{.*}} : tensor<1x64xi32>)
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<2x1x64xi32>)
// CHECK:         %[[I:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK:         %[[S:.*]] = tensor.insert_slice %[[B]] into %[[Z]][%[[I]], 0, 0] [1, 1, 64] [1, 1, 1]
// CHECK:         %[[G:.*]] = shard.all_reduce %[[S]] on @grid grid_axes = [0] reduction = bitwise_or : tensor<2x1x64xi32>
// CHECK:         %[[F:.*]] = linalg.map { arith.bitcast } ins(%[[G]] : tensor<2x1x64xi32>) outs(%{{.*}} : tensor<2x1x64xf32>)
// CHECK:         %[[R:.*]] = reduce.min %[[F]] axes [0] nan_mode ignore : tensor<2x1x64xf32> -> tensor<1x64xf32>
// CHECK:         return %[[R]]
func.func @min_keep_dims(%x: tensor<4096x64xf32>) -> tensor<1x64xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<4096x64xf32>
  %r = reduce.min %xs axes [0] keep_dims nan_mode ignore : tensor<4096x64xf32> -> tensor<1x64xf32>
  return %r : tensor<1x64xf32>
}

// -----

// log_sum_exp of the local log_sum_exps: exact for inf and NaN, no overflow.
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @log_sum_exp_all
// CHECK:         reduce.log_sum_exp %{{.*}} axes [0, 1] : tensor<4x4xf32> -> tensor<f32>
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [1] [1] : tensor<i32> into tensor<2xi32>
// CHECK:         shard.all_reduce %{{.*}} reduction = bitwise_or : tensor<2xi32>
// CHECK:         %[[R:.*]] = reduce.log_sum_exp %{{.*}} axes [0] : tensor<2xf32> -> tensor<f32>
// CHECK:         return %[[R]]
func.func @log_sum_exp_all(%x: tensor<8x4xf32>) -> tensor<f32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x4xf32>
  %r = reduce.log_sum_exp %xs axes [0, 1] : tensor<8x4xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// l2: the sums of squares (16-bit floats in f32), then the square root.
shard.grid @grid(shape = 4)
// CHECK-LABEL: func.func @l2_f16
// CHECK:         %[[P:.*]] = reduce.sum_square %{{.*}} axes [0] : tensor<2x4xf16> -> tensor<4xf16>
// CHECK:         %[[W:.*]] = linalg.map { arith.extf } ins(%[[P]] : tensor<4xf16>)
// CHECK:         %[[T:.*]] = shard.all_reduce %[[W]] on @grid grid_axes = [0] : tensor<4xf32>
// CHECK:         %[[Q:.*]] = linalg.map { math.sqrt } ins(%[[T]] : tensor<4xf32>)
// CHECK:         %[[R:.*]] = linalg.map { arith.truncf } ins(%[[Q]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xf16>)
// CHECK:         return %[[R]]
func.func @l2_f16(%x: tensor<8x4xf16>) -> tensor<4xf16> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x4xf16>
  %r = reduce.l2 %xs axes [0] : tensor<8x4xf16> -> tensor<4xf16>
  return %r : tensor<4xf16>
}

// -----

// The exact mean of unsigned bytes (combineIntegerMean): the local block
// widened to 64 bits, its exact mean q and wrapped sum s; q / k, q % k and
// the remainder s - q * m (k = 2 processes, m = 4 local rows) summed across
// the group; then A + (m * C + R) / (k * m), unsigned; narrowed.
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @mean_ui8
// CHECK:         linalg.map { arith.extui } ins(%{{.*}} : tensor<4x4xi8>) outs(%{{.*}} : tensor<4x4xi64>)
// CHECK:         %[[Q:.*]] = reduce.mean %[[W:.*]] axes [0] : tensor<4x4xui64> -> tensor<4xui64>
// CHECK:         %[[S:.*]] = reduce.sum %[[W]] axes [0] : tensor<4x4xui64> -> tensor<4xui64>
// CHECK-DAG:     %[[K:.*]] = arith.constant 2 : i64
// CHECK-DAG:     %[[M:.*]] = arith.constant 4 : i64
// CHECK:         arith.divui %{{.*}}, %[[K]] : i64
// CHECK:         arith.remui %{{.*}}, %[[K]] : i64
// CHECK:         arith.muli %{{.*}}, %[[M]] : i64
// CHECK-NEXT:    arith.subi
// CHECK:         %[[A:.*]] = shard.all_reduce %{{.*}} on @grid grid_axes = [0] : tensor<4xi64>
// CHECK:         %[[C:.*]] = shard.all_reduce %{{.*}} on @grid grid_axes = [0] : tensor<4xi64>
// CHECK:         %[[R:.*]] = shard.all_reduce %{{.*}} on @grid grid_axes = [0] : tensor<4xi64>
// CHECK:         linalg.map ins(%[[A]], %[[C]], %[[R]] : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>)
// CHECK:           arith.divui
// CHECK:           arith.addi
// CHECK:         linalg.map { arith.trunci
// CHECK:         %[[RES:.*]] = tensor.bitcast %{{.*}} : tensor<4xi8> to tensor<4xui8>
// CHECK:         return %[[RES]]
func.func @mean_ui8(%x: tensor<8x4xui8>) -> tensor<4xui8> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x4xui8>
  %r = reduce.mean %xs axes [0] : tensor<8x4xui8> -> tensor<4xui8>
  return %r : tensor<4xui8>
}

// -----

// Bools are combined as bytes: and as the minimum, or as the maximum.
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @logical_or
// CHECK:         %[[P:.*]] = reduce.logical_or %{{.*}} axes [0] : tensor<4x4xi1> -> tensor<4xi1>
// CHECK:         %[[B:.*]] = linalg.map { arith.extui } ins(%[[P]] : tensor<4xi1>) outs(%{{.*}} : tensor<4xi8>)
// CHECK:         %[[T:.*]] = shard.all_reduce %[[B]] on @grid grid_axes = [0] reduction = max : tensor<4xi8>
// CHECK:         %[[R:.*]] = linalg.map { arith.trunci {{.*}} } ins(%[[T]] : tensor<4xi8>) outs(%{{.*}} : tensor<4xi1>)
// CHECK:         return %[[R]]
func.func @logical_or(%x: tensor<8x4xi1>) -> tensor<4xi1> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x4xi1>
  %r = reduce.logical_or %xs axes [0] : tensor<8x4xi1> -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// -----

// A 2-D grid: the reduced dim split on grid axis 0, the kept one on axis 1;
// the product combines over grid axis 0 only, the result stays split.
shard.grid @grid2(shape = 2x2)
// CHECK-LABEL: func.func @prod_grid_2d
// CHECK-SAME:    %[[X:.*]]: tensor<4x2xf32>) -> tensor<2xf32>
// CHECK:         %[[P:.*]] = reduce.prod %[[X]] axes [0] : tensor<4x2xf32> -> tensor<2xf32>
// CHECK:         %[[R:.*]] = shard.all_reduce %[[P]] on @grid2 grid_axes = [0] reduction = product : tensor<2xf32>
// CHECK:         return %[[R]]
func.func @prod_grid_2d(%x: tensor<8x4xf32>) -> tensor<4xf32> {
  %s = shard.sharding @grid2 split_axes = [[0], [1]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x4xf32>
  %r = reduce.prod %xs axes [0] : tensor<8x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The other ops: l1 and sum_square combine by sum; a float max gathers; the
// mean of floats divides by the global count; log_sum takes the log of the
// total; an integer minimum and a logical and are all-reduces (and as the
// minimum of bytes).
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @others
// CHECK:         %[[L1:.*]] = reduce.l1 %{{.*}} axes [0] : tensor<4x4xf32> -> tensor<4xf32>
// CHECK:         shard.all_reduce %[[L1]] on @grid grid_axes = [0] : tensor<4xf32>
// CHECK:         %[[SQ:.*]] = reduce.sum_square %{{.*}} axes [0] : tensor<4x4xf32> -> tensor<4xf32>
// CHECK:         shard.all_reduce %[[SQ]] on @grid grid_axes = [0] : tensor<4xf32>
// CHECK:         %[[MAX:.*]] = reduce.max %{{.*}} axes [0] : tensor<4x4xf32> -> tensor<4xf32>
// CHECK:         linalg.map { arith.bitcast } ins(%[[MAX]] : tensor<4xf32>)
// CHECK:         shard.all_reduce %{{.*}} reduction = bitwise_or : tensor<2x4xi32>
// CHECK:         reduce.max %{{.*}} axes [0] : tensor<2x4xf32> -> tensor<4xf32>
// CHECK:         %[[MS:.*]] = reduce.sum %{{.*}} axes [0] : tensor<4x4xf32> -> tensor<4xf32>
// CHECK:         %[[MT:.*]] = shard.all_reduce %[[MS]] on @grid grid_axes = [0] : tensor<4xf32>
// CHECK:         %[[N:.*]] = arith.constant 8.000000e+00 : f32
// CHECK:         linalg.map ins(%[[MT]] : tensor<4xf32>)
// CHECK:           arith.divf %{{.*}}, %[[N]] : f32
// CHECK:         %[[LS:.*]] = reduce.sum %{{.*}} axes [0] : tensor<4x4xf32> -> tensor<4xf32>
// CHECK:         %[[LT:.*]] = shard.all_reduce %[[LS]] on @grid grid_axes = [0] : tensor<4xf32>
// CHECK:         linalg.map { math.log } ins(%[[LT]] : tensor<4xf32>)
// CHECK:         %[[IM:.*]] = reduce.min %{{.*}} axes [0] : tensor<4x4xi32> -> tensor<4xi32>
// CHECK:         shard.all_reduce %[[IM]] on @grid grid_axes = [0] reduction = min : tensor<4xi32>
// CHECK:         %[[AND:.*]] = reduce.logical_and %{{.*}} axes [0] : tensor<4x4xi1> -> tensor<4xi1>
// CHECK:         %[[AB:.*]] = linalg.map { arith.extui } ins(%[[AND]] : tensor<4xi1>)
// CHECK:         shard.all_reduce %[[AB]] on @grid grid_axes = [0] reduction = min : tensor<4xi8>
func.func @others(%x: tensor<8x4xf32>, %k: tensor<8x4xi32>, %b: tensor<8x4xi1>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<4xf32>, tensor<4xi32>, tensor<4xi1>) {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x4xf32>
  %ks = shard.shard %k to %s annotate_for_users : tensor<8x4xi32>
  %bs = shard.shard %b to %s annotate_for_users : tensor<8x4xi1>
  %l1 = reduce.l1 %xs axes [0] : tensor<8x4xf32> -> tensor<4xf32>
  %sq = reduce.sum_square %xs axes [0] : tensor<8x4xf32> -> tensor<4xf32>
  %max = reduce.max %xs axes [0] : tensor<8x4xf32> -> tensor<4xf32>
  %mean = reduce.mean %xs axes [0] : tensor<8x4xf32> -> tensor<4xf32>
  %log = reduce.log_sum %xs axes [0] : tensor<8x4xf32> -> tensor<4xf32>
  %min = reduce.min %ks axes [0] : tensor<8x4xi32> -> tensor<4xi32>
  %and = reduce.logical_and %bs axes [0] : tensor<8x4xi1> -> tensor<4xi1>
  return %l1, %sq, %max, %mean, %log, %min, %and
      : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<4xf32>, tensor<4xi32>, tensor<4xi1>
}

// -----

// The count a mean divides by: the static sizes of the reduced dims, times
// the size of a dynamic one (held whole by every process: split dims are
// static), here divided by the 2 processes into the local count m. The
// signed combination floors (E - F * km < 0 moves F down) and then
// truncates toward zero; a mean of an empty set (km = 0) is 0.
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @mean_dynamic
// CHECK-SAME:    %[[X:.*]]: tensor<4x?xi32>
// CHECK:         %[[W:.*]] = linalg.map { arith.extsi } ins(%[[X]] : tensor<4x?xi32>) outs(%{{.*}} : tensor<4x?xi64>)
// CHECK:         reduce.mean %[[W]] axes [0, 1] : tensor<4x?xi64> -> tensor<i64>
// CHECK:         reduce.sum %[[W]] axes [0, 1] : tensor<4x?xi64> -> tensor<i64>
// CHECK:         %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<4x?xi32>
// CHECK:         %[[C:.*]] = arith.muli {{.*}}%[[D]]{{.*}} : index
// CHECK:         %[[N:.*]] = arith.index_castui %[[C]] : index to i64
// CHECK:         %[[M:.*]] = arith.divui %[[N]], %{{.*}} : i64
// CHECK:         arith.divsi
// CHECK:         arith.remsi
// CHECK:         arith.muli %{{.*}}, %[[M]] : i64
// CHECK-COUNT-3: shard.all_reduce
// CHECK:         linalg.map ins
// CHECK:           arith.divsi
// CHECK:           arith.cmpi slt
// CHECK:           arith.cmpi slt
// CHECK:           arith.cmpi ne
// CHECK:         linalg.map { arith.trunci
func.func @mean_dynamic(%x: tensor<8x?xi32>) -> tensor<i32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x?xi32>
  %r = reduce.mean %xs axes [0, 1] : tensor<8x?xi32> -> tensor<i32>
  return %r : tensor<i32>
}

