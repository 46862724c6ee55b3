// RUN: reduce-opt %s --reduce-to-llvm="vector-width=512" | FileCheck %s --check-prefix=AVX512
// RUN: reduce-opt %s --reduce-to-llvm="vector-width=256 strict-fp-order" | FileCheck %s --check-prefix=STRICT
// RUN: reduce-opt %s --reduce-to-llvm | FileCheck %s --check-prefix=HOST
// RUN: reduce-opt %s --lower-reduce-to-loops | FileCheck %s --check-prefix=LOOPS
// RUN: reduce-opt %s --reduce-to-llvm="lower-to-loops" | FileCheck %s --check-prefix=LOOPS

// The whole pipeline down to the LLVM dialect. With 512-bit registers the
// tiles are 4 x 16 f32: the row loop adds vector<64xf32> for each of 4 rows
// at a time, and after it the rows' registers are added and the 4 rows
// merged by a shuffle tree (reassociated). strict-fp-order keeps ordered
// reductions of each chunk into the running sum (no reassoc flag) for the
// innermost axis; the outer axis is exact either way. The loops path stays
// scalar.

/// Innermost axis.
// AVX512-LABEL: llvm.func @sum_innermost_axis(
// AVX512-COUNT-4: llvm.load %{{.*}} : !llvm.ptr -> vector<64xf32>
// AVX512-COUNT-4: llvm.fadd %{{.*}}, %{{.*}} : vector<64xf32>
// AVX512-NOT:     llvm.intr.vector.reduce
// AVX512:         llvm.shufflevector
// AVX512:         llvm.fadd %{{.*}}, %{{.*}} : vector<16xf32>
// AVX512-NOT:     llvm.intr.vector.reduce
// AVX512-LABEL: llvm.func @sum_outer_axis(

// STRICT-LABEL: llvm.func @sum_innermost_axis(
// STRICT-NOT:     llvm.fadd {{.*}} : vector
// STRICT:         llvm.load %{{.*}} : !llvm.ptr -> vector<32xf32>
// STRICT:         "llvm.intr.vector.reduce.fadd"(%{{.*}}, %{{.*}}) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<32xf32>) -> f32
// STRICT-NOT:     reassoc
// STRICT-LABEL: llvm.func @sum_outer_axis(

// HOST-LABEL:   llvm.func @sum_innermost_axis(
// HOST:           llvm.fadd %{{.*}}, %{{.*}} : vector<{{[0-9]+}}xf32>
// HOST:           llvm.shufflevector

// LOOPS-LABEL:  llvm.func @sum_innermost_axis(
// LOOPS-NOT:      vector<
// LOOPS:          llvm.fadd %{{.*}}, %{{.*}} : f32
// LOOPS-NOT:      vector<
// LOOPS-LABEL:  llvm.func @sum_outer_axis(
func.func @sum_innermost_axis(%input: tensor<8x1024xf32>) -> tensor<8xf32> {
  %0 = reduce.sum %input axes [1] : tensor<8x1024xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

/// Outer axis: vertical vector adds, no horizontal reduction at all.
// AVX512:         llvm.load %{{.*}} : !llvm.ptr -> vector<64xf32>
// AVX512:         llvm.fadd %{{.*}}, %{{.*}} : vector<64xf32>
// AVX512-NOT:     llvm.intr.vector.reduce

// STRICT:         llvm.load %{{.*}} : !llvm.ptr -> vector<32xf32>
// STRICT:         llvm.fadd %{{.*}}, %{{.*}} : vector<32xf32>
// STRICT-NOT:     llvm.intr.vector.reduce

// LOOPS-NOT:      vector<
// LOOPS:          llvm.fadd %{{.*}}, %{{.*}} : f32
// LOOPS-NOT:      vector<
func.func @sum_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %0 = reduce.sum %input axes [0] : tensor<1024x64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
