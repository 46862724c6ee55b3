// RUN: reduce-opt --reduce-to-llvm="vector-width=512" %s | FileCheck %s
// RUN: reduce-opt --reduce-to-llvm="vector-width=512" %s | \
// RUN:   mlir-translate --mlir-to-llvmir | opt -O3 -mcpu=sapphirerapids | \
// RUN:   llc -mcpu=sapphirerapids -o /dev/null
// RUN: reduce-opt --reduce-to-llvm="vector-width=256" %s | \
// RUN:   mlir-translate --mlir-to-llvmir | opt -O3 -mcpu=haswell | \
// RUN:   llc -mcpu=haswell -o /dev/null
// RUN: reduce-opt --reduce-to-llvm="vector-width=512 strict-fp-order=true" %s | \
// RUN:   mlir-translate --mlir-to-llvmir | opt -O3 -mcpu=sapphirerapids | \
// RUN:   llc -mcpu=sapphirerapids -o /dev/null

// x86 has no bf16 arithmetic, and its backend aborts the process ("Do not
// know how to soft promote this operator's operand!") on bf16 vector ops of
// some widths: 17 (fabs then fpext), 33, 65... (any op but a plain load,
// store or conversion). The differential tester found these shapes. Every
// kernel must compile with llc for an AVX-512 (bf16 and fp16) CPU and an
// AVX2 one: bf16 data is only loaded and stored, as i16 vectors, and
// converted with integer ops; the arithmetic is f32.

// CHECK-LABEL: llvm.func @l1_17_bf16(
// CHECK-NOT:     {{vector<([2-9]|[1-9][0-9]+)xbf16>}}
// CHECK:         llvm.load %{{.*}} : !llvm.ptr -> vector<17xi16>
// CHECK-NOT:     {{vector<([2-9]|[1-9][0-9]+)xbf16>}}
// CHECK:         llvm.intr.fabs(%{{.*}}) : (vector<17xf32>) -> vector<17xf32>
// CHECK:         llvm.return
func.func @l1_17_bf16(%x: tensor<17xbf16>) -> tensor<bf16> {
  %r = reduce.l1 %x axes [0] : tensor<17xbf16> -> tensor<bf16>
  return %r : tensor<bf16>
}

// CHECK-LABEL: llvm.func @l1_rows_and_cols_33_bf16(
// CHECK-NOT:     {{vector<([2-9]|[1-9][0-9]+)xbf16>}}
// CHECK:         llvm.return
func.func @l1_rows_and_cols_33_bf16(%x: tensor<100x33xbf16>) -> tensor<1x1xbf16> {
  %r = reduce.l1 %x axes [-1, 0] keep_dims : tensor<100x33xbf16> -> tensor<1x1xbf16>
  return %r : tensor<1x1xbf16>
}

func.func @l1_columns_33_bf16(%x: tensor<100x33xbf16>) -> tensor<33xbf16> {
  %r = reduce.l1 %x axes [0] : tensor<100x33xbf16> -> tensor<33xbf16>
  return %r : tensor<33xbf16>
}

func.func @l1_mixed_bf16(%x: tensor<33x1x5x5x17xbf16>) -> tensor<1x5x5xbf16> {
  %r = reduce.l1 %x axes [-5, -1] : tensor<33x1x5x5x17xbf16> -> tensor<1x5x5xbf16>
  return %r : tensor<1x5x5xbf16>
}

func.func @min_ignore_17_bf16(%x: tensor<17xbf16>) -> tensor<bf16> {
  %r = reduce.min %x axes [-1] nan_mode ignore : tensor<17xbf16> -> tensor<bf16>
  return %r : tensor<bf16>
}

func.func @min_65_bf16(%x: tensor<3x65xbf16>) -> tensor<65xbf16> {
  %r = reduce.min %x axes [0] : tensor<3x65xbf16> -> tensor<65xbf16>
  return %r : tensor<65xbf16>
}

func.func @sum_dynamic_bf16(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %r = reduce.sum %x axes [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  return %r : tensor<?xbf16>
}

func.func @l1_no_axes_33_bf16(%x: tensor<3x33xbf16>) -> tensor<3x33xbf16> {
  %r = reduce.l1 %x axes [] : tensor<3x33xbf16> -> tensor<3x33xbf16>
  return %r : tensor<3x33xbf16>
}

func.func @min_33_f16(%x: tensor<5x33xf16>) -> tensor<33xf16> {
  %r = reduce.min %x axes [0] : tensor<5x33xf16> -> tensor<33xf16>
  return %r : tensor<33xf16>
}

func.func @l1_17_f16(%x: tensor<4x17xf16>) -> tensor<4xf16> {
  %r = reduce.l1 %x axes [1] : tensor<4x17xf16> -> tensor<4xf16>
  return %r : tensor<4xf16>
}
