func.func @norms(%x: tensor<2x3x8xf32>, %w: tensor<8xf32>, %b: tensor<1x8xf32>, %h: tensor<5x8xbf16>, %hw: tensor<8xbf16>) -> (tensor<2x3x8xf32>, tensor<2x1x1xf32>, tensor<5x8xbf16>, tensor<2x3x8xf32>) {
  %y, %m, %i = reduce.layer_norm %x, %w, %b axis 1 epsilon 1.0e-05 stash_type f32 : tensor<2x3x8xf32>, tensor<8xf32>, tensor<1x8xf32>
  %r = reduce.rms_norm %h, %hw axis -1 epsilon 1.0e-06 stash_type f32 : tensor<5x8xbf16>, tensor<8xbf16>
  %s = reduce.rms_norm %x, %w axis 2 epsilon 1.0e-06 stash_type f64 : tensor<2x3x8xf32>, tensor<8xf32>
  return %y, %i, %r, %s : tensor<2x3x8xf32>, tensor<2x1x1xf32>, tensor<5x8xbf16>, tensor<2x3x8xf32>
}
