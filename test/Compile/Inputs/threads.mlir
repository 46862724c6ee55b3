// A reduction of a 2 MiB static input: with threads=2 it runs on two
// OpenMP threads (test/Compile/exec-threads.test).
func.func @sum_rows_2mib(%x: tensor<512x1024xf32>) -> tensor<512xf32> {
  %r = reduce.sum %x axes [1] : tensor<512x1024xf32> -> tensor<512xf32>
  return %r : tensor<512xf32>
}
