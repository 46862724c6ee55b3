// RUN: reduce-opt %s --reduce-approximate-math --split-input-file | FileCheck %s

// f32 exp and log, scalar and vector, become polynomial arithmetic.
// CHECK-LABEL: func.func @f32_exp_log
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK: math.fma
// CHECK: return
func.func @f32_exp_log(%x: vector<16xf32>, %y: f32) -> (vector<16xf32>, f32) {
  %e = math.exp %x : vector<16xf32>
  %l = math.log %y : f32
  return %e, %l : vector<16xf32>, f32
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
