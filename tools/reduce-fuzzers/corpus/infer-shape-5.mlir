func.func @axes_operand(%x: tensor<6x6x1x5xf32>, %one: tensor<1xi64>, %scalar: tensor<i32>,
                        %empty: tensor<0xi64>, %many: tensor<?xi64>, %two: tensor<2xi8>) {
  %0 = reduce.sum %x axes %one : tensor<6x6x1x5xf32>, tensor<1xi64> -> tensor<*xf32>
  %1 = reduce.sum %x axes %scalar : tensor<6x6x1x5xf32>, tensor<i32> -> tensor<*xf32>
  %2 = reduce.sum %x axes %one keep_dims : tensor<6x6x1x5xf32>, tensor<1xi64> -> tensor<*xf32>
  %3 = reduce.l1 %x axes %empty : tensor<6x6x1x5xf32>, tensor<0xi64> -> tensor<*xf32>
  %4 = reduce.l1 %x axes %empty empty_axes all : tensor<6x6x1x5xf32>, tensor<0xi64> -> tensor<*xf32>
  %5 = reduce.l1 %x axes %empty keep_dims empty_axes all : tensor<6x6x1x5xf32>, tensor<0xi64> -> tensor<*xf32>
  %6 = reduce.min %x axes %many : tensor<6x6x1x5xf32>, tensor<?xi64> -> tensor<*xf32>
  %7 = reduce.min %x axes %many keep_dims : tensor<6x6x1x5xf32>, tensor<?xi64> -> tensor<*xf32>
  %8 = reduce.min %x axes %two : tensor<6x6x1x5xf32>, tensor<2xi8> -> tensor<*xf32>
  return
}
