// The arg-reductions and the scans of arg-scans.test, one entry per input
// group; arg-scans.py makes the inputs and checks every result against
// numpy.

func.func @arg_f32(%x: tensor<7x37xf32>) -> (tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<37xi32>, tensor<1x37xi64>, tensor<37xi64>) {
  %0 = reduce.argmax %x axis 1 : tensor<7x37xf32> -> tensor<7xi64>
  %1 = reduce.argmax %x axis 1 select_last_index : tensor<7x37xf32> -> tensor<7xi64>
  %2 = reduce.argmax %x axis 1 nan_mode ignore : tensor<7x37xf32> -> tensor<7xi64>
  %3 = reduce.argmin %x axis -1 : tensor<7x37xf32> -> tensor<7xi64>
  %4 = reduce.argmin %x axis 1 select_last_index : tensor<7x37xf32> -> tensor<7xi64>
  %5 = reduce.argmin %x axis 1 select_last_index nan_mode ignore : tensor<7x37xf32> -> tensor<7xi64>
  %6 = reduce.argmax %x axis 0 : tensor<7x37xf32> -> tensor<37xi32>
  %7 = reduce.argmin %x axis 0 keep_dims : tensor<7x37xf32> -> tensor<1x37xi64>
  %8 = reduce.argmax %x axis 0 select_last_index nan_mode ignore : tensor<7x37xf32> -> tensor<37xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<37xi32>, tensor<1x37xi64>, tensor<37xi64>
}

func.func @arg_narrow(%h: tensor<5x33xf16>, %a: tensor<6x20xi8>, %u: tensor<6x20xui16>, %l: tensor<6x20xi64>) -> (tensor<5xi64>, tensor<33xi64>, tensor<6xi64>, tensor<20xi64>, tensor<6xi64>, tensor<20xi32>, tensor<6xi64>, tensor<6xi64>) {
  %0 = reduce.argmax %h axis 1 : tensor<5x33xf16> -> tensor<5xi64>
  %1 = reduce.argmin %h axis 0 select_last_index : tensor<5x33xf16> -> tensor<33xi64>
  %2 = reduce.argmax %a axis 1 : tensor<6x20xi8> -> tensor<6xi64>
  %3 = reduce.argmin %a axis 0 select_last_index : tensor<6x20xi8> -> tensor<20xi64>
  %4 = reduce.argmax %u axis 1 select_last_index : tensor<6x20xui16> -> tensor<6xi64>
  %5 = reduce.argmin %u axis 0 : tensor<6x20xui16> -> tensor<20xi32>
  %6 = reduce.argmax %l axis 1 : tensor<6x20xi64> -> tensor<6xi64>
  %7 = reduce.argmin %l axis 1 : tensor<6x20xi64> -> tensor<6xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<5xi64>, tensor<33xi64>, tensor<6xi64>, tensor<20xi64>, tensor<6xi64>, tensor<20xi32>, tensor<6xi64>, tensor<6xi64>
}

func.func @arg_dynamic(%x: tensor<?x?xf32>) -> (tensor<?xi64>, tensor<?x1xi64>) {
  %0 = reduce.argmax %x axis 1 : tensor<?x?xf32> -> tensor<?xi64>
  %1 = reduce.argmin %x axis 1 keep_dims select_last_index : tensor<?x?xf32> -> tensor<?x1xi64>
  return %0, %1 : tensor<?xi64>, tensor<?x1xi64>
}

func.func @scan_f32(%x: tensor<7x37xf32>) -> (tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>) {
  %0 = reduce.cumsum %x axis 1 : tensor<7x37xf32>
  %1 = reduce.cumsum %x axis 0 exclusive : tensor<7x37xf32>
  %2 = reduce.cumsum %x axis -1 reverse : tensor<7x37xf32>
  %3 = reduce.cumsum %x axis 1 exclusive reverse : tensor<7x37xf32>
  %4 = reduce.cumprod %x axis 0 : tensor<7x37xf32>
  %5 = reduce.cummin %x axis 1 : tensor<7x37xf32>
  %6 = reduce.cummax %x axis 0 reverse : tensor<7x37xf32>
  %7 = reduce.cummin %x axis 0 exclusive : tensor<7x37xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>, tensor<7x37xf32>
}

func.func @scan_narrow(%h: tensor<5x33xf16>, %a: tensor<6x20xi8>, %u: tensor<6x20xui16>, %l: tensor<6x20xi64>) -> (tensor<5x33xf16>, tensor<5x33xf16>, tensor<6x20xi8>, tensor<6x20xi8>, tensor<6x20xui16>, tensor<6x20xui16>, tensor<6x20xi64>, tensor<6x20xi8>) {
  %0 = reduce.cumsum %h axis 1 : tensor<5x33xf16>
  %1 = reduce.cummax %h axis 0 exclusive : tensor<5x33xf16>
  %2 = reduce.cumsum %a axis 1 : tensor<6x20xi8>
  %3 = reduce.cumprod %a axis 0 reverse : tensor<6x20xi8>
  %4 = reduce.cummin %u axis 1 : tensor<6x20xui16>
  %5 = reduce.cummax %u axis 1 exclusive : tensor<6x20xui16>
  %6 = reduce.cumsum %l axis 0 : tensor<6x20xi64>
  %7 = reduce.cummin %a axis 1 exclusive reverse : tensor<6x20xi8>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<5x33xf16>, tensor<5x33xf16>, tensor<6x20xi8>, tensor<6x20xi8>, tensor<6x20xui16>, tensor<6x20xui16>, tensor<6x20xi64>, tensor<6x20xi8>
}

func.func @scan_dynamic(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = reduce.cumsum %x axis 0 : tensor<?x?xf32>
  %1 = reduce.cummax %x axis 1 exclusive reverse : tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @unit_dims(%o: tensor<1x9xf32>, %c: tensor<9x1xf32>) -> (tensor<1xi64>, tensor<1xi64>, tensor<9x1xf32>, tensor<1x9xf32>) {
  %0 = reduce.argmax %o axis 1 : tensor<1x9xf32> -> tensor<1xi64>
  %1 = reduce.argmin %c axis 0 : tensor<9x1xf32> -> tensor<1xi64>
  %2 = reduce.cumsum %c axis 0 reverse : tensor<9x1xf32>
  %3 = reduce.cummax %o axis 1 : tensor<1x9xf32>
  return %0, %1, %2, %3 : tensor<1xi64>, tensor<1xi64>, tensor<9x1xf32>, tensor<1x9xf32>
}

// A maximum and an argmax of the same input (torch.max(x, dim)), over rows
// and columns.
func.func @max_argmax(%x: tensor<7x37xf32>) -> (tensor<7xf32>, tensor<7xi64>, tensor<37xf32>, tensor<37xi64>) {
  %0 = reduce.max %x axes [1] : tensor<7x37xf32> -> tensor<7xf32>
  %1 = reduce.argmax %x axis 1 : tensor<7x37xf32> -> tensor<7xi64>
  %2 = reduce.min %x axes [0] : tensor<7x37xf32> -> tensor<37xf32>
  %3 = reduce.argmin %x axis 0 : tensor<7x37xf32> -> tensor<37xi64>
  return %0, %1, %2, %3 : tensor<7xf32>, tensor<7xi64>, tensor<37xf32>, tensor<37xi64>
}

// Inputs of 2 MiB: streamed plans, threads, and the argmax and argmin over
// columns fused as siblings with a max.
func.func @big(%x: tensor<512x1024xf32>) -> (tensor<512xi64>, tensor<1024xi64>, tensor<512x1024xf32>, tensor<512x1024xf32>, tensor<1024xf32>, tensor<1024xi64>) {
  %0 = reduce.argmax %x axis 1 : tensor<512x1024xf32> -> tensor<512xi64>
  %1 = reduce.argmin %x axis 0 select_last_index : tensor<512x1024xf32> -> tensor<1024xi64>
  %2 = reduce.cumsum %x axis 1 : tensor<512x1024xf32>
  %3 = reduce.cumsum %x axis 0 reverse : tensor<512x1024xf32>
  %4 = reduce.max %x axes [0] : tensor<512x1024xf32> -> tensor<1024xf32>
  %5 = reduce.argmax %x axis 0 : tensor<512x1024xf32> -> tensor<1024xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<512xi64>, tensor<1024xi64>, tensor<512x1024xf32>, tensor<512x1024xf32>, tensor<1024xf32>, tensor<1024xi64>
}
