func.func @static_axes(%x: tensor<6x12x10x24xf32>) {
  %sum = reduce.sum %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %l1 = reduce.l1 %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
  %min = reduce.min %x axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
  return
}

func.func @empty_and_all_axes(%x: tensor<?x4xi32>) {
  %none = reduce.min %x axes [] : tensor<?x4xi32> -> tensor<?x4xi32>
  %all = reduce.sum %x axes [0, 1] : tensor<?x4xi32> -> tensor<i32>
  %all_keep = reduce.l1 %x axes [1, 0] keep_dims : tensor<?x4xi32> -> tensor<1x1xi32>
  return
}

func.func @axes_operand(%x: tensor<6x12xf32>, %a: tensor<1xi64>, %b: tensor<?xi32>, %c: tensor<i8>) {
  %0 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xi64> -> tensor<?xf32>
  %1 = reduce.l1 %x axes %b keep_dims : tensor<6x12xf32>, tensor<?xi32> -> tensor<?x?xf32>
  %2 = reduce.min %x axes %b empty_axes all : tensor<6x12xf32>, tensor<?xi32> -> tensor<*xf32>
  %3 = reduce.sum %x axes %c keep_dims empty_axes all : tensor<6x12xf32>, tensor<i8> -> tensor<?x?xf32>
  return
}

func.func @nan_modes(%x: tensor<4x8xf32>) {
  %0 = reduce.min %x axes [1] nan_mode propagate : tensor<4x8xf32> -> tensor<4xf32>
  %1 = reduce.min %x axes [1] nan_mode ignore : tensor<4x8xf32> -> tensor<4xf32>
  %2 = reduce.min %x axes [0] keep_dims nan_mode ignore : tensor<4x8xf32> -> tensor<1x8xf32>
  return
}

func.func @unranked_and_rank0(%x: tensor<*xf16>, %s: tensor<bf16>) {
  %0 = reduce.sum %x axes [0, -1] : tensor<*xf16> -> tensor<*xf16>
  %1 = reduce.l1 %s axes [] : tensor<bf16> -> tensor<bf16>
  return
}

func.func @element_types(%f16: tensor<4xf16>, %bf16: tensor<4xbf16>, %f64: tensor<4xf64>,
                         %i8: tensor<4xi8>, %i16: tensor<4xi16>, %i64: tensor<4xi64>,
                         %u8: tensor<4xui8>, %u16: tensor<4xui16>, %u32: tensor<4xui32>,
                         %u64: tensor<4xui64>) {
  %0 = reduce.sum %f16 axes [0] : tensor<4xf16> -> tensor<f16>
  %1 = reduce.sum %bf16 axes [0] : tensor<4xbf16> -> tensor<bf16>
  %2 = reduce.l1 %f64 axes [0] : tensor<4xf64> -> tensor<f64>
  %3 = reduce.min %i8 axes [0] : tensor<4xi8> -> tensor<i8>
  %4 = reduce.min %i16 axes [0] : tensor<4xi16> -> tensor<i16>
  %5 = reduce.l1 %i64 axes [0] : tensor<4xi64> -> tensor<i64>
  %6 = reduce.sum %u8 axes [0] : tensor<4xui8> -> tensor<ui8>
  %7 = reduce.min %u16 axes [0] : tensor<4xui16> -> tensor<ui16>
  %8 = reduce.l1 %u32 axes [0] : tensor<4xui32> -> tensor<ui32>
  %9 = reduce.sum %u64 axes [0] : tensor<4xui64> -> tensor<ui64>
  return
}

func.func @less_static_result(%x: tensor<6x12xf32>) {
  %0 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<?xf32>
  %1 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<*xf32>
  return
}

func.func @generic_form(%x: tensor<6x12xf32>) {
  %0 = "reduce.min"(%x) <{axes = array<i64: 0>, keep_dims, nan_mode = 1 : i32}> : (tensor<6x12xf32>) -> tensor<1x12xf32>
  %1 = "reduce.sum"(%x) <{axes = array<i64: 1>}> : (tensor<6x12xf32>) -> tensor<6xf32>
  return
}
