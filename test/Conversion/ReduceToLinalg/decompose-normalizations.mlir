// RUN: reduce-opt %s --reduce-decompose-normalizations --split-input-file | FileCheck %s
// RUN: reduce-opt %s --lower-reduce --split-input-file | FileCheck %s --check-prefix=LOWER

// The normalization ops as reductions over the normalized dims (without
// keep_dims) and elementwise generics that read the statistics through a
// map dropping those dims. After lower-reduce no reduce op is left.
// LOWER-NOT: reduce.

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func @softmax
//       CHECK:   %[[MAX:.*]] = reduce.max %[[X:.*]] axes [2] : tensor<2x3x8xf32> -> tensor<2x3xf32>
//       CHECK:   %[[E:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[MAX]] :
//       CHECK:     arith.subf
//  CHECK-NEXT:     math.exp
//       CHECK:   %[[SUM:.*]] = reduce.sum %[[E]] axes [2]
//       CHECK:   linalg.generic {{.*}} ins(%[[E]], %[[SUM]] :
//       CHECK:     arith.divf
func.func @softmax(%x: tensor<2x3x8xf32>) -> tensor<2x3x8xf32> {
  %y = reduce.softmax %x axis -1 : tensor<2x3x8xf32>
  return %y : tensor<2x3x8xf32>
}

// -----

// coerce_2d normalizes every dim from the axis on.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func @log_softmax
//       CHECK:   %[[MAX:.*]] = reduce.max %[[X:.*]] axes [1, 2] : tensor<2x3x8xf32> -> tensor<2xf32>
//       CHECK:   %[[E:.*]] = linalg.generic
//       CHECK:   %[[SUM:.*]] = reduce.sum %[[E]] axes [1, 2]
//       CHECK:   linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]], #[[$ID]]], {{.*}} ins(%[[X]], %[[MAX]], %[[SUM]] :
//       CHECK:     %[[D:.*]] = arith.subf
//  CHECK-NEXT:     %[[LOG:.*]] = math.log
//  CHECK-NEXT:     arith.subf %[[D]], %[[LOG]]
func.func @log_softmax(%x: tensor<2x3x8xf32>) -> tensor<2x3x8xf32> {
  %y = reduce.log_softmax %x axis 1 coerce_2d : tensor<2x3x8xf32>
  return %y : tensor<2x3x8xf32>
}

// -----

// f16 in an f32 stash: the statistics and the normalized value in f32, the
// scale and bias (a unit dim read at 0) in f16, each step computed in f32
// and rounded to f16; the statistics returned in the keep-dims shape.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$ROWID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$W:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func @layer_norm
//       CHECK:   %[[XF:.*]] = linalg.generic {{.*}} ins(%[[X:.*]] : tensor<?x8xf16>) outs(%{{.*}} : tensor<?x8xf32>)
//       CHECK:     arith.extf
//       CHECK:   %[[MEAN:.*]] = reduce.mean %[[XF]] axes [1] : tensor<?x8xf32> -> tensor<?xf32>
//       CHECK:   %[[SQ:.*]] = linalg.generic {{.*}} ins(%[[XF]], %[[MEAN]] :
//       CHECK:     %[[C:.*]] = arith.subf
//  CHECK-NEXT:     arith.mulf %[[C]], %[[C]]
//       CHECK:   %[[VAR:.*]] = reduce.mean %[[SQ]] axes [1]
//       CHECK:   %[[INV:.*]] = linalg.generic {indexing_maps = [#[[$ROWID]], #[[$ROWID]]], iterator_types = ["parallel"]} ins(%[[VAR]] :
//       CHECK:     arith.addf
//  CHECK-NEXT:     math.sqrt
//       CHECK:     arith.divf
//       CHECK:   %[[Y:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]], #[[$W]], #[[$B]], #[[$ID]]], {{.*}} ins(%[[XF]], %[[MEAN]], %[[INV]], %{{.*}}, %{{.*}} : tensor<?x8xf32>, tensor<?xf32>, tensor<?xf32>, tensor<8xf16>, tensor<1x8xf16>) outs(%{{.*}} : tensor<?x8xf16>)
//       CHECK:     arith.subf
//  CHECK-NEXT:     arith.mulf
//  CHECK-NEXT:     %[[N:.*]] = arith.truncf {{.*}} : f32 to f16
//  CHECK-NEXT:     %[[NW:.*]] = arith.extf %[[N]] : f16 to f32
//  CHECK-NEXT:     %[[SW:.*]] = arith.extf %{{.*}} : f16 to f32
//  CHECK-NEXT:     %[[P:.*]] = arith.mulf %[[NW]], %[[SW]] : f32
//  CHECK-NEXT:     %[[PH:.*]] = arith.truncf %[[P]] : f32 to f16
//  CHECK-NEXT:     %[[PW:.*]] = arith.extf %[[PH]] : f16 to f32
//  CHECK-NEXT:     %[[BW:.*]] = arith.extf %{{.*}} : f16 to f32
//  CHECK-NEXT:     %[[R:.*]] = arith.addf %[[PW]], %[[BW]] : f32
//  CHECK-NEXT:     arith.truncf %[[R]] : f32 to f16
//       CHECK:   %[[M:.*]] = tensor.expand_shape %[[MEAN]] {{\[\[}}0, 1]] {{.*}} : tensor<?xf32> into tensor<?x1xf32>
//       CHECK:   %[[I:.*]] = tensor.expand_shape %[[INV]] {{\[\[}}0, 1]]
//       CHECK:   return %[[Y]], %[[M]], %[[I]]
func.func @layer_norm(%x: tensor<?x8xf16>, %w: tensor<8xf16>, %b: tensor<1x8xf16>) -> (tensor<?x8xf16>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %m, %i = reduce.layer_norm %x, %w, %b axis 1 epsilon 1.0e-05 stash_type f32 : tensor<?x8xf16>, tensor<8xf16>, tensor<1x8xf16>
  return %y, %m, %i : tensor<?x8xf16>, tensor<?x1xf32>, tensor<?x1xf32>
}

// -----

// Normalizing every dim: rank-0 statistics, expanded to all ones.
// CHECK-LABEL: func @layer_norm_all
//       CHECK:   %[[MEAN:.*]] = reduce.mean %{{.*}} axes [0, 1] : tensor<2x8xf32> -> tensor<f32>
//       CHECK:   tensor.expand_shape %[[MEAN]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
func.func @layer_norm_all(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<1x1xf32> {
  %y, %m, %i = reduce.layer_norm %x, %w axis 0 epsilon 1.0e-05 stash_type f32 : tensor<2x8xf32>, tensor<8xf32>
  return %m : tensor<1x1xf32>
}

// -----

// CHECK-LABEL: func @rms_norm
//       CHECK:   %[[SQ:.*]] = linalg.generic
//       CHECK:     arith.mulf %[[A:.*]], %[[A]]
//       CHECK:   %[[MS:.*]] = reduce.mean %[[SQ]] axes [1]
//       CHECK:   %[[INV:.*]] = linalg.generic {{.*}} ins(%[[MS]] :
//       CHECK:     arith.addf
//  CHECK-NEXT:     math.sqrt
//       CHECK:     arith.divf
//       CHECK:   linalg.generic {{.*}} ins(%{{.*}}, %[[INV]], %{{.*}} :
//       CHECK:     arith.mulf
//  CHECK-NEXT:     arith.mulf
func.func @rms_norm(%x: tensor<4x16xf32>, %w: tensor<16xf32>) -> tensor<4x16xf32> {
  %y = reduce.rms_norm %x, %w axis -1 epsilon 1.0e-05 stash_type f32 : tensor<4x16xf32>, tensor<16xf32>
  return %y : tensor<4x16xf32>
}

// -----

// Negative and unsorted axes are normalized; epsilon outside the root.
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-LABEL: func @mvn
//       CHECK:   %[[MEAN:.*]] = reduce.mean %[[X:.*]] axes [2, 3]
//       CHECK:   %[[VAR:.*]] = reduce.mean %{{.*}} axes [2, 3]
//       CHECK:   %[[SD:.*]] = linalg.generic {{.*}} ins(%[[VAR]] :
//       CHECK:     math.sqrt
//  CHECK-NEXT:     arith.addf
//       CHECK:   linalg.generic {{.*}} ins(%[[X]], %[[MEAN]], %[[SD]] :
//       CHECK:     arith.subf
//  CHECK-NEXT:     arith.divf
func.func @mvn(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %y = reduce.mvn %x axes [-1, 2] normalize_variance epsilon 1.0e-09 eps_mode outside_sqrt : tensor<1x3x4x4xf32>
  return %y : tensor<1x3x4x4xf32>
}

// -----

// Without normalize_variance: x - mean only.
// CHECK-LABEL: func @mvn_centred
//       CHECK:   %[[MEAN:.*]] = reduce.mean %[[X:.*]] axes [1]
//       CHECK:   %[[Y:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MEAN]] :
//       CHECK:     arith.subf
//  CHECK-NEXT:     linalg.yield
//       CHECK:   return %[[Y]]
func.func @mvn_centred(%x: tensor<2x5xf64>) -> tensor<2x5xf64> {
  %y = reduce.mvn %x axes [1] epsilon 1.0e-09 eps_mode inside_sqrt : tensor<2x5xf64>
  return %y : tensor<2x5xf64>
}

// -----

// CHECK-LABEL: func @normalize_l2
//       CHECK:   %[[S:.*]] = reduce.sum_square %[[X:.*]] axes [0, 2] : tensor<2x3x4xf32> -> tensor<3xf32>
//       CHECK:   %[[N:.*]] = linalg.generic {{.*}} ins(%[[S]] :
//       CHECK:     arith.maximumf
//  CHECK-NEXT:     math.sqrt
//       CHECK:   linalg.generic {{.*}} ins(%[[X]], %[[N]] :
//       CHECK:     arith.divf
func.func @normalize_l2(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %y = reduce.normalize_l2 %x axes [2, 0] epsilon 1.0e-10 eps_mode max : tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// Empty axes: the sum of squares of each element by itself.
// CHECK-LABEL: func @normalize_l2_empty
//       CHECK:   reduce.sum_square %{{.*}} axes [] : tensor<5xf32> -> tensor<5xf32>
//       CHECK:     arith.addf
//  CHECK-NEXT:     math.sqrt
func.func @normalize_l2_empty(%x: tensor<5xf32>) -> tensor<5xf32> {
  %y = reduce.normalize_l2 %x axes [] epsilon 1.0e-10 eps_mode add : tensor<5xf32>
  return %y : tensor<5xf32>
}
