func.func @non_numeric_complex(%x: tensor<4xcomplex<f32>>) {
  %0 = reduce.l1 %x axes [0] : tensor<4xcomplex<f32>> -> tensor<complex<f32>>
  return
}
