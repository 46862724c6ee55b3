// The normalization ops on f32 (static and dynamic shapes) and f16, run by
// normalizations.test and checked by normalizations.py against float64.
func.func @main(%x: tensor<6x5x37xf32>, %w: tensor<37xf32>, %b: tensor<1x37xf32>,
                %h: tensor<4x3x40xf16>, %hw: tensor<40xf16>)
    -> (tensor<6x5x37xf32>, tensor<6x5x37xf32>, tensor<6x5x37xf32>,
        tensor<6x5x37xf32>, tensor<6x5x1xf32>, tensor<6x5x1xf32>,
        tensor<6x5x37xf32>, tensor<6x1x1xf32>, tensor<6x5x37xf32>,
        tensor<6x5x37xf32>, tensor<6x5x37xf32>, tensor<6x5x37xf32>,
        tensor<6x5x37xf32>, tensor<6x5x37xf32>, tensor<6x5x37xf32>,
        tensor<4x3x40xf16>, tensor<4x3x1xf32>, tensor<4x3x40xf16>,
        tensor<4x3x40xf16>) {
  %sm = reduce.softmax %x axis -1 : tensor<6x5x37xf32>
  %lsm = reduce.log_softmax %x axis 1 coerce_2d : tensor<6x5x37xf32>
  %sm0 = reduce.softmax %x axis 0 : tensor<6x5x37xf32>
  %ln, %lnm, %lni = reduce.layer_norm %x, %w, %b axis 2 epsilon 1.0e-05
      stash_type f32 : tensor<6x5x37xf32>, tensor<37xf32>, tensor<1x37xf32>
  %ln1, %ln1m, %ln1i = reduce.layer_norm %x, %w axis 1 epsilon 1.0e-03
      stash_type f32 : tensor<6x5x37xf32>, tensor<37xf32>
  %rms = reduce.rms_norm %x, %w axis -1 epsilon 1.0e-06 stash_type f32
      : tensor<6x5x37xf32>, tensor<37xf32>
  %mvni = reduce.mvn %x axes [0, 2] normalize_variance epsilon 1.0e-03
      eps_mode inside_sqrt : tensor<6x5x37xf32>
  %mvno = reduce.mvn %x axes [-1] normalize_variance epsilon 1.0e-09
      eps_mode outside_sqrt : tensor<6x5x37xf32>
  %mvnc = reduce.mvn %x axes [1] epsilon 1.0e-09 eps_mode outside_sqrt
      : tensor<6x5x37xf32>
  %l2a = reduce.normalize_l2 %x axes [2] epsilon 1.0e-10 eps_mode add
      : tensor<6x5x37xf32>
  %l2m = reduce.normalize_l2 %x axes [1, 2] epsilon 1.0e+02 eps_mode max
      : tensor<6x5x37xf32>
  %l2e = reduce.normalize_l2 %x axes [] epsilon 1.0e-10 eps_mode max
      : tensor<6x5x37xf32>
  %hln, %hlnm, %hlni = reduce.layer_norm %h, %hw axis -1 epsilon 1.0e-05
      stash_type f32 : tensor<4x3x40xf16>, tensor<40xf16>
  %hsm = reduce.softmax %h axis -1 : tensor<4x3x40xf16>
  %hrms = reduce.rms_norm %h, %hw axis 2 epsilon 1.0e-05 stash_type f32
      : tensor<4x3x40xf16>, tensor<40xf16>
  return %sm, %lsm, %sm0, %ln, %lnm, %lni, %ln1, %ln1m, %rms, %mvni, %mvno,
         %mvnc, %l2a, %l2m, %l2e, %hln, %hlnm, %hsm, %hrms
      : tensor<6x5x37xf32>, tensor<6x5x37xf32>, tensor<6x5x37xf32>,
        tensor<6x5x37xf32>, tensor<6x5x1xf32>, tensor<6x5x1xf32>,
        tensor<6x5x37xf32>, tensor<6x1x1xf32>, tensor<6x5x37xf32>,
        tensor<6x5x37xf32>, tensor<6x5x37xf32>, tensor<6x5x37xf32>,
        tensor<6x5x37xf32>, tensor<6x5x37xf32>, tensor<6x5x37xf32>,
        tensor<4x3x40xf16>, tensor<4x3x1xf32>, tensor<4x3x40xf16>,
        tensor<4x3x40xf16>
}

// Dynamic sizes: the same formulas with the sizes read at run time.
func.func @dynamic(%x: tensor<?x?x?xf32>, %y: tensor<?x5x37xf32>, %w: tensor<37xf32>)
    -> (tensor<?x?x?xf32>, tensor<?x5x37xf32>, tensor<?x1x1xf32>, tensor<?x?x?xf32>) {
  %sm = reduce.softmax %x axis -1 : tensor<?x?x?xf32>
  %ln, %lnm, %lni = reduce.layer_norm %y, %w axis 1 epsilon 1.0e-03
      stash_type f32 : tensor<?x5x37xf32>, tensor<37xf32>
  %l2 = reduce.normalize_l2 %x axes [0, 2] epsilon 1.0e-10 eps_mode add
      : tensor<?x?x?xf32>
  return %sm, %ln, %lnm, %l2
      : tensor<?x?x?xf32>, tensor<?x5x37xf32>, tensor<?x1x1xf32>, tensor<?x?x?xf32>
}

// bf16: every elementwise step computed in f32 and rounded to bf16.
func.func @bf16(%x: tensor<4x40xbf16>, %w: tensor<40xbf16>)
    -> (tensor<4x40xbf16>, tensor<4x40xbf16>, tensor<4x40xbf16>, tensor<4x40xbf16>) {
  %sm = reduce.softmax %x axis -1 : tensor<4x40xbf16>
  %ln, %lnm, %lni = reduce.layer_norm %x, %w axis 1 epsilon 1.0e-05
      stash_type f32 : tensor<4x40xbf16>, tensor<40xbf16>
  %rms = reduce.rms_norm %x, %w axis 1 epsilon 1.0e-05 stash_type bf16
      : tensor<4x40xbf16>, tensor<40xbf16>
  %l2 = reduce.normalize_l2 %x axes [1] epsilon 1.0e-10 eps_mode add
      : tensor<4x40xbf16>
  return %sm, %ln, %rms, %l2
      : tensor<4x40xbf16>, tensor<4x40xbf16>, tensor<4x40xbf16>, tensor<4x40xbf16>
}
