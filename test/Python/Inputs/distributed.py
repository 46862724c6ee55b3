"""Run under mpirun -np 2 by distributed.test: each process of a
distributed module passes its block of the argument (argument_blocks) and
checks its results against NumPy on the whole input: a combined result
whole, a result left split as its block (result_blocks)."""

import numpy as np
import reduce_mlir as rm

SOURCE = """
shard.grid @grid(shape = 2)
func.func @f(%x: tensor<8x6xf32>) -> (tensor<6xf32>, tensor<8xf32>) {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x6xf32>
  %cols = reduce.sum %xs axes [0] : tensor<8x6xf32> -> tensor<6xf32>
  %rows = reduce.max %xs axes [1] : tensor<8x6xf32> -> tensor<8xf32>
  return %cols, %rows : tensor<6xf32>, tensor<8xf32>
}
"""

m = rm.compile(SOURCE)
x = np.arange(48, dtype=np.float32).reshape(8, 6)
f = m.f
block = f.argument_blocks[0]
cols, rows = f(x[block])
assert m.grid_shape == (2,), m.grid_shape
np.testing.assert_array_equal(cols, x.sum(axis=0))
np.testing.assert_array_equal(rows, x.max(axis=1)[f.result_blocks[1]])
print("rank %d of grid %s: argument block %s, result blocks %s: ok"
      % (m.rank, m.grid_shape, block, f.result_blocks), flush=True)
