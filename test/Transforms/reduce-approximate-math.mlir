// RUN: reduce-opt %s --reduce-approximate-math --split-input-file | FileCheck %s

// f32 exp: clamped to [-88, 88.75] by selects that keep a NaN, k =
// floor(x * log2(e)), r = x - k ln 2 in two FMAs, a degree-6 polynomial in
// Horner form, times 2^k built in the exponent field.
// CHECK-LABEL: func.func @f32_exp
// CHECK-SAME:      %[[X:.*]]: vector<16xf32>
// CHECK-DAG:     %[[C23:.*]] = arith.constant dense<23> : vector<16xi32>
// CHECK-DAG:     %[[C127:.*]] = arith.constant dense<127> : vector<16xi32>
// CHECK-DAG:     %[[P0:.*]] = arith.constant dense<1.000000e+00> : vector<16xf32>
// CHECK-DAG:     %[[P1:.*]] = arith.constant dense<0.999999701> : vector<16xf32>
// CHECK-DAG:     %[[P2:.*]] = arith.constant dense<0.500006914> : vector<16xf32>
// CHECK-DAG:     %[[P3:.*]] = arith.constant dense<0.16660431> : vector<16xf32>
// CHECK-DAG:     %[[P4:.*]] = arith.constant dense<0.0419296734> : vector<16xf32>
// CHECK-DAG:     %[[P5:.*]] = arith.constant dense<0.00777467759> : vector<16xf32>
// CHECK-DAG:     %[[P6:.*]] = arith.constant dense<0.00195682305> : vector<16xf32>
// CHECK-DAG:     %[[LN2_LO:.*]] = arith.constant dense<2.12194442E-4> : vector<16xf32>
// CHECK-DAG:     %[[LN2_HI:.*]] = arith.constant dense<-0.693359375> : vector<16xf32>
// CHECK-DAG:     %[[LOG2E:.*]] = arith.constant dense<1.44269502> : vector<16xf32>
// CHECK-DAG:     %[[HI:.*]] = arith.constant dense<8.875000e+01> : vector<16xf32>
// CHECK-DAG:     %[[LO:.*]] = arith.constant dense<-8.800000e+01> : vector<16xf32>
// CHECK:         %[[BELOW:.*]] = arith.cmpf olt, %[[X]], %[[LO]] : vector<16xf32>
// CHECK-NEXT:    %[[X1:.*]] = arith.select %[[BELOW]], %[[LO]], %[[X]]
// CHECK-NEXT:    %[[ABOVE:.*]] = arith.cmpf ogt, %[[X1]], %[[HI]] : vector<16xf32>
// CHECK-NEXT:    %[[X2:.*]] = arith.select %[[ABOVE]], %[[HI]], %[[X1]]
// CHECK-NEXT:    %[[T:.*]] = arith.mulf %[[X2]], %[[LOG2E]] : vector<16xf32>
// CHECK-NEXT:    %[[K:.*]] = math.floor %[[T]] : vector<16xf32>
// CHECK-NEXT:    %[[R0:.*]] = math.fma %[[K]], %[[LN2_HI]], %[[X2]] : vector<16xf32>
// CHECK-NEXT:    %[[R:.*]] = math.fma %[[K]], %[[LN2_LO]], %[[R0]] : vector<16xf32>
// CHECK-NEXT:    %[[Q5:.*]] = math.fma %[[P6]], %[[R]], %[[P5]] : vector<16xf32>
// CHECK-NEXT:    %[[Q4:.*]] = math.fma %[[Q5]], %[[R]], %[[P4]] : vector<16xf32>
// CHECK-NEXT:    %[[Q3:.*]] = math.fma %[[Q4]], %[[R]], %[[P3]] : vector<16xf32>
// CHECK-NEXT:    %[[Q2:.*]] = math.fma %[[Q3]], %[[R]], %[[P2]] : vector<16xf32>
// CHECK-NEXT:    %[[Q1:.*]] = math.fma %[[Q2]], %[[R]], %[[P1]] : vector<16xf32>
// CHECK-NEXT:    %[[Q0:.*]] = math.fma %[[Q1]], %[[R]], %[[P0]] : vector<16xf32>
// CHECK-NEXT:    %[[KI:.*]] = arith.fptosi %[[K]] : vector<16xf32> to vector<16xi32>
// CHECK-NEXT:    %[[BIASED:.*]] = arith.addi %[[KI]], %[[C127]] : vector<16xi32>
// CHECK-NEXT:    %[[BITS:.*]] = arith.shli %[[BIASED]], %[[C23]] : vector<16xi32>
// CHECK-NEXT:    %[[SCALE:.*]] = arith.bitcast %[[BITS]] : vector<16xi32> to vector<16xf32>
// CHECK-NEXT:    %[[E:.*]] = arith.mulf %[[Q0]], %[[SCALE]] : vector<16xf32>
// CHECK-NEXT:    return %[[E]]
func.func @f32_exp(%x: vector<16xf32>) -> vector<16xf32> {
  %e = math.exp %x : vector<16xf32>
  return %e : vector<16xf32>
}

// -----

// Scalar f32 exp takes the same sequence on scalars; f32 log becomes
// upstream's polynomial.
// CHECK-LABEL: func.func @f32_scalar_exp_log
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK: math.floor %{{.*}} : f32
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK: return
func.func @f32_scalar_exp_log(%x: f32, %y: f32) -> (f32, f32) {
  %e = math.exp %x : f32
  %l = math.log %y : f32
  return %e, %l : f32, f32
}

// -----

// f64 keeps the calls; other math ops are left alone.
// CHECK-LABEL: func.func @left_alone
// CHECK: math.exp %{{.*}} : vector<4xf64>
// CHECK: math.log %{{.*}} : f64
// CHECK: math.sqrt %{{.*}} : f32
func.func @left_alone(%x: vector<4xf64>, %y: f64, %z: f32) -> (vector<4xf64>, f64, f32) {
  %e = math.exp %x : vector<4xf64>
  %l = math.log %y : f64
  %s = math.sqrt %z : f32
  return %e, %l, %s : vector<4xf64>, f64, f32
}
