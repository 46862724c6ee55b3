// Entry functions for test/Integration/reduce-run-*.test.

func.func @sum_rows_f32(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %r = reduce.sum %x axes [1] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @spec_keep_dims(%x: tensor<6x12x10x24xf32>) -> (tensor<6x12x1x1xf32>, tensor<6x12x1x1xf32>, tensor<6x12x1x1xf32>) {
  %s = reduce.sum %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %l = reduce.l1 %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %m = reduce.min %x axes [-1, -2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  return %s, %l, %m : tensor<6x12x1x1xf32>, tensor<6x12x1x1xf32>, tensor<6x12x1x1xf32>
}

func.func @spec_axes(%x: tensor<6x12x10x24xf32>) -> (tensor<6x10x24xf32>, tensor<6x12x24xf32>, tensor<6x12xf32>) {
  %s = reduce.sum %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  %l = reduce.l1 %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  %m = reduce.min %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
  return %s, %l, %m : tensor<6x10x24xf32>, tensor<6x12x24xf32>, tensor<6x12xf32>
}

func.func @special_floats(%x: tensor<5x4xf32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %s = reduce.sum %x axes [1] : tensor<5x4xf32> -> tensor<5xf32>
  %l = reduce.l1 %x axes [1] : tensor<5x4xf32> -> tensor<5xf32>
  %m = reduce.min %x axes [1] : tensor<5x4xf32> -> tensor<5xf32>
  %i = reduce.min %x axes [1] nan_mode ignore : tensor<5x4xf32> -> tensor<5xf32>
  return %s, %l, %m, %i : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}

func.func @signed_ints(%x: tensor<3x4xi8>) -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>) {
  %s = reduce.sum %x axes [1] : tensor<3x4xi8> -> tensor<3xi8>
  %l = reduce.l1 %x axes [1] : tensor<3x4xi8> -> tensor<3xi8>
  %m = reduce.min %x axes [1] : tensor<3x4xi8> -> tensor<3xi8>
  return %s, %l, %m : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>
}

func.func @i32_all_axes(%x: tensor<4x5xi32>) -> (tensor<i32>, tensor<1x1xi32>) {
  %s = reduce.sum %x axes [0, 1] : tensor<4x5xi32> -> tensor<i32>
  %m = reduce.min %x axes [1, 0] keep_dims : tensor<4x5xi32> -> tensor<1x1xi32>
  return %s, %m : tensor<i32>, tensor<1x1xi32>
}

func.func @unsigned_ints(%x: tensor<2x3xui16>, %y: tensor<2xui64>) -> (tensor<2xui16>, tensor<2xui16>, tensor<2xui16>, tensor<ui64>) {
  %s = reduce.sum %x axes [1] : tensor<2x3xui16> -> tensor<2xui16>
  %l = reduce.l1 %x axes [1] : tensor<2x3xui16> -> tensor<2xui16>
  %m = reduce.min %x axes [1] : tensor<2x3xui16> -> tensor<2xui16>
  %u = reduce.min %y axes [0] : tensor<2xui64> -> tensor<ui64>
  return %s, %l, %m, %u : tensor<2xui16>, tensor<2xui16>, tensor<2xui16>, tensor<ui64>
}

func.func @half_floats(%h: tensor<3xf16>, %b: tensor<3xbf16>, %d: tensor<2x2xf64>) -> (tensor<f16>, tensor<bf16>, tensor<2xf64>, tensor<f16>) {
  %hs = reduce.sum %h axes [0] : tensor<3xf16> -> tensor<f16>
  %bs = reduce.sum %b axes [0] : tensor<3xbf16> -> tensor<bf16>
  %dl = reduce.l1 %d axes [0] : tensor<2x2xf64> -> tensor<2xf64>
  %hm = reduce.min %h axes [0] : tensor<3xf16> -> tensor<f16>
  return %hs, %bs, %dl, %hm : tensor<f16>, tensor<bf16>, tensor<2xf64>, tensor<f16>
}

func.func @empty_axes_and_rank0(%x: tensor<2x2xf32>, %s: tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<i32>) {
  %e = reduce.sum %x axes [] : tensor<2x2xf32> -> tensor<2x2xf32>
  %a = reduce.l1 %x axes [] : tensor<2x2xf32> -> tensor<2x2xf32>
  %r = reduce.min %s axes [] : tensor<i32> -> tensor<i32>
  return %e, %a, %r : tensor<2x2xf32>, tensor<2x2xf32>, tensor<i32>
}

func.func @size_zero(%x: tensor<0x3xf32>, %y: tensor<3x0xi32>, %z: tensor<0x2xui8>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<2xui8>, tensor<0xf32>) {
  %s = reduce.sum %x axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %m = reduce.min %x axes [0] : tensor<0x3xf32> -> tensor<3xf32>
  %i = reduce.min %y axes [1] : tensor<3x0xi32> -> tensor<3xi32>
  %u = reduce.min %z axes [0] : tensor<0x2xui8> -> tensor<2xui8>
  %k = reduce.l1 %x axes [1] : tensor<0x3xf32> -> tensor<0xf32>
  return %s, %m, %i, %u, %k : tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<2xui8>, tensor<0xf32>
}

func.func @dynamic(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<1x?xf32>, tensor<?x1xf32>) {
  %s = reduce.sum %x axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  %l = reduce.l1 %x axes [0] keep_dims : tensor<?x?xf32> -> tensor<1x?xf32>
  %m = reduce.min %x axes [-1] keep_dims : tensor<?x?xf32> -> tensor<?x1xf32>
  return %s, %l, %m : tensor<?xf32>, tensor<1x?xf32>, tensor<?x1xf32>
}
