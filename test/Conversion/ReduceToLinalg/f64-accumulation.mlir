// RUN: reduce-opt %s --lower-reduce="f64-accumulation=true" | FileCheck %s
// RUN: reduce-opt %s --lower-reduce | FileCheck %s --check-prefix=F32

// lower-reduce{f64-accumulation}: f32 sums and l1 norms accumulate in f64
// (arith.extf in the body, an f64 init) and are rounded once to f32. Other
// element types and min are unchanged.

// CHECK-LABEL: func.func @sum_f32(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f64) outs(%{{.*}} : tensor<8xf64>)
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xf32>) outs(%[[FILL]] : tensor<8xf64>) dimensions = [0]
// CHECK-NEXT:      (%[[IN:.*]]: f32, %[[ACC:.*]]: f64) {
// CHECK-NEXT:        %[[WIDE:.*]] = arith.extf %[[IN]] : f32 to f64
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[WIDE]], %[[ACC]] : f64
// CHECK-NEXT:        linalg.yield %[[ADD]] : f64
// CHECK:         %[[NARROW:.*]] = linalg.map { arith.truncf } ins(%[[SUM]] : tensor<8xf64>) outs(%{{.*}} : tensor<8xf32>)
// CHECK:         return %[[NARROW]] : tensor<8xf32>
// F32-LABEL: func.func @sum_f32(
// F32:         linalg.reduce ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<8xf32>)
// F32-NOT:     f64
// F32:         return
func.func @sum_f32(%input: tensor<4x8xf32>) -> tensor<8xf32> {
  %0 = reduce.sum %input axes [0] : tensor<4x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func.func @l1_f32(
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<4xf64>) dimensions = [1]
// CHECK:           math.absf %{{.*}} : f64
// CHECK:         linalg.map { arith.truncf } ins(%{{.*}} : tensor<4xf64>) outs(%{{.*}} : tensor<4xf32>)
func.func @l1_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.l1 %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @min_f32(
// CHECK-NOT:     f64
// CHECK:         arith.minimumf %{{.*}}, %{{.*}} : f32
func.func @min_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.min %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @sum_f16(
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xf16>) outs(%{{.*}} : tensor<4xf32>)
func.func @sum_f16(%input: tensor<4x8xf16>) -> tensor<4xf16> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// CHECK-LABEL: func.func @sum_f64(
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xf64>) outs(%{{.*}} : tensor<4xf64>)
// CHECK-NOT:     linalg.map
func.func @sum_f64(%input: tensor<4x8xf64>) -> tensor<4xf64> {
  %0 = reduce.sum %input axes [1] : tensor<4x8xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
