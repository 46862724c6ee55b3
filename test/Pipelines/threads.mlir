// RUN: reduce-opt --reduce-to-llvm="threads=2" %s | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm %s | FileCheck %s --check-prefix=ONE

// reduce-to-llvm{threads=N}: the outermost parallel dim of a reduction with
// a static input of at least min-parallel-bytes (1 MiB) is split into N
// scf.forall tiles, which run as an OpenMP worksharing loop. Small inputs
// keep the single-threaded code. The default (threads=1) emits no OpenMP.

/// 2 MiB, rows reduced: the rows are split across the threads, each thread
/// keeps its vector code (4 rows at a time, merged by a shuffle tree).
// CHECK-LABEL: llvm.func @sum_rows_2mib
// CHECK: omp.parallel num_threads
// CHECK: omp.wsloop
// CHECK: omp.loop_nest
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : vector<{{[0-9]+}}xf32>
// CHECK: llvm.shufflevector
// ONE-LABEL: llvm.func @sum_rows_2mib
// ONE-NOT: omp.
func.func @sum_rows_2mib(%x: tensor<512x1024xf32>) -> tensor<512xf32> {
  %r = reduce.sum %x axes [1] : tensor<512x1024xf32> -> tensor<512xf32>
  return %r : tensor<512xf32>
}

/// 2 MiB, columns reduced: the kept (innermost) dim is split.
// CHECK-LABEL: llvm.func @min_cols_2mib
// CHECK: omp.parallel num_threads
// CHECK: omp.wsloop
// CHECK: llvm.fcmp "olt" {{.*}} : vector<
func.func @min_cols_2mib(%x: tensor<1024x512xf32>) -> tensor<512xf32> {
  %r = reduce.min %x axes [0] : tensor<1024x512xf32> -> tensor<512xf32>
  return %r : tensor<512xf32>
}

/// 4 KiB: below the threshold, no OpenMP.
// CHECK-LABEL: llvm.func @negative_sum_rows_small
// CHECK-NOT: omp.
// CHECK: llvm.return
func.func @negative_sum_rows_small(%x: tensor<32x32xf32>) -> tensor<32xf32> {
  %r = reduce.sum %x axes [1] : tensor<32x32xf32> -> tensor<32xf32>
  return %r : tensor<32xf32>
}

/// Dynamic shapes stay on one thread: the size is unknown when compiling.
// CHECK-LABEL: llvm.func @negative_sum_rows_dynamic
// CHECK-NOT: omp.
// CHECK: llvm.return
func.func @negative_sum_rows_dynamic(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = reduce.sum %x axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

/// 2^64 bytes (2^59 rows of 8 f32, the most elements a type may have is
/// below 2^63): the byte count saturates instead of wrapping around to 0, so
/// the rows run on the threads.
// CHECK-LABEL: llvm.func @sum_rows_2_64_bytes
// CHECK: omp.parallel num_threads
// CHECK: omp.wsloop
func.func @sum_rows_2_64_bytes(%x: tensor<576460752303423488x8xf32>) -> tensor<576460752303423488xf32> {
  %r = reduce.sum %x axes [1] : tensor<576460752303423488x8xf32> -> tensor<576460752303423488xf32>
  return %r : tensor<576460752303423488xf32>
}
