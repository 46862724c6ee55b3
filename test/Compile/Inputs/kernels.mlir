// The module the execution tests of reduce-compile compile: static shapes
// (f32 sum, i32 min with keep_dims), runtime axes (an error code for a bad
// axis) and dynamic shapes (descriptors).

func.func @sum_rows_f32(%x: tensor<6x12xf32>) -> tensor<6xf32> {
  %r = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<6xf32>
  return %r : tensor<6xf32>
}

func.func @min_cols_keep_i32(%x: tensor<6x12xi32>) -> tensor<1x12xi32> {
  %r = reduce.min %x axes [0] keep_dims : tensor<6x12xi32> -> tensor<1x12xi32>
  return %r : tensor<1x12xi32>
}

/// Elementwise neighbours, fused: a row dot product of the f32 data and
/// the i32 data widened to f32, and the min and max of each row.
func.func @dot_minmax_rows_f32(%x: tensor<6x12xf32>, %y: tensor<6x12xi32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %w = arith.sitofp %y : tensor<6x12xi32> to tensor<6x12xf32>
  %p = arith.mulf %x, %w : tensor<6x12xf32>
  %d = reduce.sum %p axes [1] : tensor<6x12xf32> -> tensor<6xf32>
  %lo = reduce.min %x axes [1] : tensor<6x12xf32> -> tensor<6xf32>
  %hi = reduce.max %x axes [1] : tensor<6x12xf32> -> tensor<6xf32>
  return %d, %lo, %hi : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

/// Runtime axes: the axis is checked when the code runs.
func.func @min_runtime_axis_i32(%x: tensor<6x12xi32>, %axes: tensor<1xi64>) -> tensor<6x1xi32> {
  %r = reduce.min %x axes %axes keep_dims : tensor<6x12xi32>, tensor<1xi64> -> tensor<6x1xi32>
  return %r : tensor<6x1xi32>
}

/// Dynamic shapes: descriptors in and out; two results, one static.
func.func @sum_dynamic_f32(%x: tensor<?x8xf32>) -> (tensor<?xf32>, tensor<1x1xf32>) {
  %rows = reduce.sum %x axes [1] : tensor<?x8xf32> -> tensor<?xf32>
  %all = reduce.sum %x axes [0, 1] keep_dims : tensor<?x8xf32> -> tensor<1x1xf32>
  return %rows, %all : tensor<?xf32>, tensor<1x1xf32>
}

/// Dynamic shapes with runtime axes: the status comes back with the
/// results the kernel allocated.
func.func @sum_dynamic_runtime_axis_f32(%x: tensor<?x?xf32>, %axes: tensor<1xi64>) -> tensor<?x?xf32> {
  %r = reduce.sum %x axes %axes keep_dims : tensor<?x?xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

/// A rank-0 result returned beside a dynamic one, and a result that is the
/// input itself (no axes): the wrapper copies both out of the kernel's
/// allocations.
func.func @copy_and_max_f64(%x: tensor<?xf64>) -> (tensor<?xf64>, tensor<f64>) {
  %same = reduce.sum %x axes [] : tensor<?xf64> -> tensor<?xf64>
  %max = reduce.max %x axes [0] : tensor<?xf64> -> tensor<f64>
  return %same, %max : tensor<?xf64>, tensor<f64>
}

/// Two dynamic arguments whose sizes the product needs equal: the wrapper
/// checks them (reduce.equal_dims) before the kernel reads either.
func.func @dot_dynamic_f32(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<f32> {
  %p = arith.mulf %x, %y : tensor<?xf32>
  %r = reduce.sum %p axes [0] : tensor<?xf32> -> tensor<f32>
  return %r : tensor<f32>
}
