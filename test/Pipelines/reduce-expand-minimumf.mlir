// RUN: reduce-opt %s --reduce-expand-minimumf --split-input-file | FileCheck %s

// reduce-expand-minimumf rewrites f32/f64 minimumf into two plain min
// selects whose bits are or'ed, and minimumf reductions into a tree of them.

// CHECK-LABEL: func.func @scalar(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK:         %[[LT:.*]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK:         %[[MIN:.*]] = arith.select %[[LT]], %[[A]], %[[B]] : f32
// CHECK:         %[[MINBITS:.*]] = arith.bitcast %[[MIN]] : f32 to i32
// CHECK:         %[[GT:.*]] = arith.cmpf olt, %[[B]], %[[A]] : f32
// CHECK:         %[[MIN2:.*]] = arith.select %[[GT]], %[[B]], %[[A]] : f32
// CHECK:         %[[MIN2BITS:.*]] = arith.bitcast %[[MIN2]] : f32 to i32
// CHECK:         %[[OR:.*]] = arith.ori %[[MINBITS]], %[[MIN2BITS]] : i32
// CHECK:         %[[RESULT:.*]] = arith.bitcast %[[OR]] : i32 to f32
// CHECK:         return %[[RESULT]] : f32
func.func @scalar(%a: f32, %b: f32) -> f32 {
  %0 = arith.minimumf %a, %b : f32
  return %0 : f32
}

// -----

// CHECK-LABEL: func.func @vector_f64(
// CHECK-COUNT-2: arith.select {{.*}} : vector<8xi1>, vector<8xf64>
// CHECK:         arith.ori {{.*}} : vector<8xi64>
// CHECK-NOT:     arith.minimumf
func.func @vector_f64(%a: vector<8xf64>, %b: vector<8xf64>) -> vector<8xf64> {
  %0 = arith.minimumf %a, %b : vector<8xf64>
  return %0 : vector<8xf64>
}

// -----

// f16 and bf16 are left alone: lower-reduce computes them in f32.

// CHECK-LABEL: func.func @f16(
// CHECK:         arith.minimumf {{.*}} : vector<4xf16>
func.func @f16(%a: vector<4xf16>, %b: vector<4xf16>) -> vector<4xf16> {
  %0 = arith.minimumf %a, %b : vector<4xf16>
  return %0 : vector<4xf16>
}

// -----

// A reduction of 6 lanes with an accumulator: lanes 4-5 are folded into
// lanes 0-1, then the halves of 4 and of 2, then the accumulator.

// CHECK-LABEL: func.func @reduction(
// CHECK-SAME:      %[[V:.*]]: vector<6xf32>, %[[ACC:.*]]: f32)
// CHECK:         %[[LOW:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK:         %[[TAIL:.*]] = vector.extract_strided_slice %[[V]] {offsets = [4], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK:         arith.cmpf olt, %[[LOW]], %[[TAIL]] : vector<2xf32>
// CHECK:         %[[FOLDED:.*]] = arith.bitcast {{.*}} : vector<2xi32> to vector<2xf32>
// CHECK:         %[[HEAD:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0], sizes = [4], strides = [1]} : vector<6xf32> to vector<4xf32>
// CHECK:         %[[FOUR:.*]] = vector.insert_strided_slice %[[FOLDED]], %[[HEAD]] {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK:         %[[UPPER:.*]] = vector.extract_strided_slice %[[FOUR]] {offsets = [2], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK:         arith.cmpf olt, %[[FOLDED]], %[[UPPER]] : vector<2xf32>
// CHECK:         %[[TWO:.*]] = arith.bitcast {{.*}} : vector<2xi32> to vector<2xf32>
// CHECK:         vector.extract_strided_slice %[[TWO]] {offsets = [0], sizes = [1], strides = [1]}
// CHECK:         vector.extract_strided_slice %[[TWO]] {offsets = [1], sizes = [1], strides = [1]}
// CHECK:         %[[ONE:.*]] = arith.bitcast {{.*}} : vector<1xi32> to vector<1xf32>
// CHECK:         %[[FIRST:.*]] = vector.extract %[[ONE]][0] : f32 from vector<1xf32>
// CHECK:         arith.cmpf olt, %[[FIRST]], %[[ACC]] : f32
// CHECK:         %[[RESULT:.*]] = arith.bitcast {{.*}} : i32 to f32
// CHECK:         return %[[RESULT]] : f32
// CHECK-NOT:     vector.reduction
func.func @reduction(%v: vector<6xf32>, %acc: f32) -> f32 {
  %0 = vector.reduction <minimumf>, %v, %acc : vector<6xf32> into f32
  return %0 : f32
}

// -----

// Other reductions are left alone.

// CHECK-LABEL: func.func @maximumf(
// CHECK:         vector.reduction <maximumf>
func.func @maximumf(%v: vector<16xf32>) -> f32 {
  %0 = vector.reduction <maximumf>, %v : vector<16xf32> into f32
  return %0 : f32
}
