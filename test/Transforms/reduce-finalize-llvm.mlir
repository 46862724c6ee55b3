// RUN: reduce-opt %s --reduce-finalize-llvm --canonicalize -split-input-file -verify-diagnostics | FileCheck %s

// The last pass of reduce-to-llvm: bf16 vector memory accesses become i16
// ones, and whatever the x86 backend or the translation to LLVM IR cannot
// take is a diagnostic instead of a translation failure or a crash.

// CHECK-LABEL: llvm.func @bf16_vector_accesses(
// CHECK-SAME:      %[[SRC:.*]]: !llvm.ptr, %[[DST:.*]]: !llvm.ptr, %[[MASK:.*]]: vector<33xi1>)
// CHECK:         %[[LOAD:.*]] = llvm.load %[[SRC]] : !llvm.ptr -> vector<33xi16>
// CHECK:         %[[MLOAD:.*]] = llvm.intr.masked.load %[[SRC]], %[[MASK]], %{{.*}} {alignment = 2 : i32} : (!llvm.ptr, vector<33xi1>, vector<33xi16>) -> vector<33xi16>
// CHECK:         llvm.store %[[LOAD]], %[[DST]] : vector<33xi16>, !llvm.ptr
// CHECK:         llvm.intr.masked.store %[[MLOAD]], %[[DST]], %[[MASK]] {alignment = 2 : i32} : vector<33xi16>, vector<33xi1> into !llvm.ptr
llvm.func @bf16_vector_accesses(%src: !llvm.ptr, %dst: !llvm.ptr, %mask: vector<33xi1>) {
  %pad = llvm.mlir.constant(dense<0.0> : vector<33xbf16>) : vector<33xbf16>
  %v = llvm.load %src : !llvm.ptr -> vector<33xbf16>
  %m = llvm.intr.masked.load %src, %mask, %pad {alignment = 2 : i32} : (!llvm.ptr, vector<33xi1>, vector<33xbf16>) -> vector<33xbf16>
  llvm.store %v, %dst : vector<33xbf16>, !llvm.ptr
  llvm.intr.masked.store %m, %dst, %mask {alignment = 2 : i32} : vector<33xbf16>, vector<33xi1> into !llvm.ptr
  llvm.return
}

// -----

/// A cast left by a partial lowering to LLVM.
llvm.func @negative_unrealized_cast(%x: !llvm.array<2 x vector<3xi64>>) {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' is left after the lowering to the LLVM dialect}}
  %0 = builtin.unrealized_conversion_cast %x : !llvm.array<2 x vector<3xi64>> to vector<2x3xi64>
  llvm.return
}

// -----

/// An op that was not lowered at all.
func.func @negative_func(%x: i64) -> i64 {
  // expected-error @-1 {{'func.func' is left after the lowering to the LLVM dialect}}
  return %x : i64
}

// -----

/// bf16 vector arithmetic that the x86 backend cannot legalize.
llvm.func @negative_bf16_fabs(%x: vector<17xbf16>) -> vector<17xbf16> {
  // expected-error @+1 {{'llvm.intr.fabs' on a bf16 vector cannot be compiled for x86}}
  %0 = llvm.intr.fabs(%x) : (vector<17xbf16>) -> vector<17xbf16>
  llvm.return %0 : vector<17xbf16>
}

// -----

/// Moving bf16 data is fine, but not on 32k+1 lanes.
llvm.func @negative_bf16_select_33(%c: vector<33xi1>, %x: vector<33xbf16>, %y: vector<33xbf16>) -> vector<33xbf16> {
  // expected-error @+1 {{'llvm.select' on a bf16 vector cannot be compiled for x86}}
  %0 = llvm.select %c, %x, %y : vector<33xi1>, vector<33xbf16>
  llvm.return %0 : vector<33xbf16>
}

// -----

// A function whose plan records its widest register gets the LLVM
// attributes that hold the backend to it, and is not inlined into wrappers
// without them. The plan of every function is removed.

// CHECK-LABEL: llvm.func @held(
// CHECK-SAME:      attributes {no_inline, passthrough = {{\[}}["min-legal-vector-width", "256"]], prefer_vector_width = "256"}
// CHECK-LABEL: llvm.func @not_held(
// CHECK-NOT:       prefer_vector_width
// CHECK-NOT:       reduce.function_plan
// CHECK-LABEL: llvm.func @no_plan(
// CHECK-NOT:       prefer_vector_width
llvm.func @held(%a: f32) -> f32 attributes {reduce.function_plan = #reduce.function_plan<vector_bits = 256, threads = 2>} {
  llvm.return %a : f32
}
llvm.func @not_held(%a: f32) -> f32 attributes {reduce.function_plan = #reduce.function_plan<threads = 2>} {
  llvm.return %a : f32
}
llvm.func @no_plan(%a: f32) -> f32 {
  llvm.return %a : f32
}
