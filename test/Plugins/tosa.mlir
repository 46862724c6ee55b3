// REQUIRES: reduce-plugins

/// TOSA input: reduce-to-llvm raises the TOSA reductions into reduce ops
/// first (raise-to-reduce), so the passes in the plugin create the dialect
/// themselves. Through Debian's mlir-opt and the two plugins the output is
/// reduce-opt's; the pass plugin alone suffices for input without reduce ops
/// (the passes load the dialect they create, docs/plugins.md).

// RUN: reduce-opt %s --reduce-to-llvm > %t.reduce-opt.mlir
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin --load-pass-plugin=%reduce_pass_plugin --pass-pipeline='builtin.module(reduce-to-llvm)' %s > %t.plugins.mlir
// RUN: diff %t.reduce-opt.mlir %t.plugins.mlir
// RUN: %system_mlir_opt --load-pass-plugin=%reduce_pass_plugin --pass-pipeline='builtin.module(reduce-to-llvm)' %s > %t.pass-plugin.mlir
// RUN: diff %t.reduce-opt.mlir %t.pass-plugin.mlir
// RUN: %system_mlir_opt --load-pass-plugin=%reduce_pass_plugin --pass-pipeline='builtin.module(raise-to-reduce)' %s | FileCheck %s

// CHECK-LABEL: func.func @row_sums(
//       CHECK:   reduce.sum %{{.*}} axes [1] keep_dims : tensor<4x8xf32> -> tensor<4x1xf32>
//   CHECK-NOT:   tosa.
func.func @row_sums(%x: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %r = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}
