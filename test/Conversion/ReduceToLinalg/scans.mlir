// RUN: reduce-opt --lower-reduce %s | FileCheck %s

// Lowering of the scans to a loop along the axis of elementwise generics:
// inclusive and exclusive, forward and reverse, f16 in f32 rounded per
// output, f32 products in f64, unsigned min, a unit dim beside the axis.

/// An inclusive sum over rows: each step reads one column, adds it to the
/// carried sums (from -0.0, the exact identity) and writes them.
// CHECK-LABEL: func.func @cumsum_rows_f32(
// CHECK-SAME:    %[[INPUT:.*]]: tensor<4x8xf32>)
// CHECK:         %[[ZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK:         %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[RES:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[INPUT]], %{{.*}} : tensor<4x8xf32>
// CHECK:         %[[LOOP:.*]]:2 = scf.for %[[T:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[ACC]], %[[R:.*]] = %[[RES]])
// CHECK-NEXT:      %[[X:.*]] = tensor.extract_slice %[[INPUT]][0, %[[T]]] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4xf32>
// CHECK:           %[[STEP:.*]]:2 = linalg.generic {{{.*}}iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf32>) outs(%[[A]], %{{.*}} : tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:      ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:        %[[SUM:.*]] = arith.addf %[[IN]], %[[OUT]] : f32
// CHECK-NEXT:        linalg.yield %[[SUM]], %[[SUM]] : f32, f32
// CHECK:           %[[INSERTED:.*]] = tensor.insert_slice %[[STEP]]#1 into %[[R]][0, %[[T]]] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x8xf32>
// CHECK:           scf.yield %[[STEP]]#0, %[[INSERTED]]
// CHECK:         return %[[LOOP]]#1 : tensor<4x8xf32>
func.func @cumsum_rows_f32(%input: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = reduce.cumsum %input axis 1 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

/// Exclusive and reverse over columns of f16: position n-1-t, the carried
/// f32 sum (from +0.0, the first output) rounded before the element is
/// added.
// CHECK-LABEL: func.func @cumsum_exclusive_reverse_f16(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<8xf32>)
// CHECK:         %[[N:.*]] = tensor.dim
// CHECK:         %[[LAST:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %[[N]]
// CHECK-NEXT:      %[[K:.*]] = arith.subi %[[LAST]], %[[T]] : index
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[K]], 0] [1, 8] [1, 1] : tensor<4x8xf16> to tensor<8xf16>
// CHECK:           ^bb0(%[[IN:.*]]: f16, %[[OUT:.*]]: f32, %{{.*}}: f16):
// CHECK-NEXT:        %[[X:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:        %[[SUM:.*]] = arith.addf %[[X]], %[[OUT]] : f32
// CHECK-NEXT:        %[[ROUNDED:.*]] = arith.truncf %[[OUT]] : f32 to f16
// CHECK-NEXT:        linalg.yield %[[SUM]], %[[ROUNDED]] : f32, f16
// CHECK:           tensor.insert_slice %{{.*}} into %{{.*}}[%[[K]], 0] [1, 8] [1, 1] : tensor<8xf16> into tensor<4x8xf16>
func.func @cumsum_exclusive_reverse_f16(%input: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %0 = reduce.cumsum %input axis 0 exclusive reverse : tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

/// The slice drops the axis, not the unit dim before it; unsigned min from
/// all ones.
// CHECK-LABEL: func.func @cummin_unit_dim_ui16(
// CHECK:         %[[SIGNLESS:.*]] = tensor.bitcast %{{.*}} : tensor<1x8x3xui16> to tensor<1x8x3xi16>
// CHECK:         linalg.fill ins(%{{.*}} : i16) outs(%{{.*}} : tensor<1x8xi16>)
// CHECK:         scf.for
// CHECK-NEXT:      tensor.extract_slice %[[SIGNLESS]][0, 0, %{{.*}}] [1, 8, 1] [1, 1, 1] : tensor<1x8x3xi16> to tensor<1x8xi16>
// CHECK:             arith.minui
// CHECK:         tensor.bitcast %{{.*}} : tensor<1x8x3xi16> to tensor<1x8x3xui16>
func.func @cummin_unit_dim_ui16(%input: tensor<1x8x3xui16>) -> tensor<1x8x3xui16> {
  %0 = reduce.cummin %input axis -1 : tensor<1x8x3xui16>
  return %0 : tensor<1x8x3xui16>
}

/// f32 products accumulate in f64, each output rounded once; dynamic sizes
/// come from tensor.dim.
// CHECK-LABEL: func.func @cumprod_dynamic_f32(
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK:         linalg.fill ins(%[[ONE]] : f64) outs(%{{.*}} : tensor<?xf64>)
// CHECK:         scf.for
// CHECK-NOT:       arith.subi
// CHECK:           tensor.extract_slice %{{.*}}[%{{.*}}, 0] [1, %{{.*}}] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// CHECK:             %[[X:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK-NEXT:        %[[P:.*]] = arith.mulf %[[X]], %{{.*}} : f64
// CHECK-NEXT:        %[[ROUNDED:.*]] = arith.truncf %[[P]] : f64 to f32
// CHECK-NEXT:        linalg.yield %[[P]], %[[ROUNDED]] : f64, f32
func.func @cumprod_dynamic_f32(%input: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = reduce.cumprod %input axis 0 : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
