// REQUIRES: reduce-plugins

/// Debian's mlir-opt with the two plugins lowers and compiles as reduce-opt
/// does, byte for byte: the README's example (this file) and its main one
/// (examples/quickstart.mlir), through lower-reduce and reduce-to-llvm
/// (the latter also with an option). Pipelines go in --pass-pipeline: the
/// plugins load after mlir-opt has read its pass flags (docs/plugins.md).

// RUN: reduce-opt %s --lower-reduce > %t.linalg.reduce-opt.mlir
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin --load-pass-plugin=%reduce_pass_plugin --pass-pipeline='builtin.module(lower-reduce)' %s > %t.linalg.plugin.mlir
// RUN: diff %t.linalg.reduce-opt.mlir %t.linalg.plugin.mlir
// RUN: FileCheck %s --check-prefix=LINALG < %t.linalg.plugin.mlir

// RUN: reduce-opt %s --reduce-to-llvm > %t.llvm.reduce-opt.mlir
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin --load-pass-plugin=%reduce_pass_plugin --pass-pipeline='builtin.module(reduce-to-llvm)' %s > %t.llvm.plugin.mlir
// RUN: diff %t.llvm.reduce-opt.mlir %t.llvm.plugin.mlir
// RUN: FileCheck %s --check-prefix=LLVM < %t.llvm.plugin.mlir

// RUN: reduce-opt %s --reduce-to-llvm=vector-width=256 > %t.llvm256.reduce-opt.mlir
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin --load-pass-plugin=%reduce_pass_plugin --pass-pipeline='builtin.module(reduce-to-llvm{vector-width=256})' %s > %t.llvm256.plugin.mlir
// RUN: diff %t.llvm256.reduce-opt.mlir %t.llvm256.plugin.mlir
// RUN: FileCheck %s --check-prefix=LLVM256 < %t.llvm256.plugin.mlir

// RUN: reduce-opt %reduce_src_root/examples/quickstart.mlir --lower-reduce > %t.quickstart.linalg.reduce-opt.mlir
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin --load-pass-plugin=%reduce_pass_plugin --pass-pipeline='builtin.module(lower-reduce)' %reduce_src_root/examples/quickstart.mlir > %t.quickstart.linalg.plugin.mlir
// RUN: diff %t.quickstart.linalg.reduce-opt.mlir %t.quickstart.linalg.plugin.mlir
// RUN: FileCheck %s --check-prefix=QUICKSTART < %t.quickstart.linalg.plugin.mlir
// RUN: reduce-opt %reduce_src_root/examples/quickstart.mlir --reduce-to-llvm > %t.quickstart.llvm.reduce-opt.mlir
// RUN: %system_mlir_opt --load-dialect-plugin=%reduce_dialect_plugin --load-pass-plugin=%reduce_pass_plugin --pass-pipeline='builtin.module(reduce-to-llvm)' %reduce_src_root/examples/quickstart.mlir > %t.quickstart.llvm.plugin.mlir
// RUN: diff %t.quickstart.llvm.reduce-opt.mlir %t.quickstart.llvm.plugin.mlir

// LINALG-LABEL: func.func @f(
//  LINALG-SAME:     %[[X:.*]]: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32>
//   LINALG-NOT:   reduce.
//       LINALG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//       LINALG:   %[[EMPTY:.*]] = tensor.empty() : tensor<6x12xf32>
//       LINALG:   %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<6x12xf32>)
//       LINALG:   %[[SUM:.*]] = linalg.reduce ins(%[[X]] : tensor<6x12x10x24xf32>) outs(%[[INIT]] : tensor<6x12xf32>) dimensions = [2, 3]
//       LINALG:     arith.addf
//       LINALG:   %[[KEPT:.*]] = tensor.expand_shape %[[SUM]] {{\[}}[0], [1, 2, 3]] output_shape [6, 12, 1, 1]
//       LINALG:   return %[[KEPT]] : tensor<6x12x1x1xf32>

// LLVM:       module attributes {reduce.target = {
// LLVM-SAME:    profile = "static default"
// LLVM-NOT:   reduce.sum
// LLVM-NOT:   linalg.
// LLVM:       llvm.func @f(
// LLVM:         llvm.load {{.*}} -> vector<{{[0-9]+}}xf32>
// LLVM:         llvm.fadd {{.*}} : vector<{{[0-9]+}}xf32>
// LLVM:         llvm.return

// LLVM256:     module attributes {reduce.target = {
// LLVM256-SAME:  vector_bits = 256
// LLVM256:     llvm.func @f(
// LLVM256:       llvm.fadd {{.*}} : vector<8xf32>
// LLVM256:       llvm.return

// QUICKSTART-LABEL: func.func @main(
//   QUICKSTART-NOT:   reduce.
//       QUICKSTART:   linalg.reduce {{.*}} dimensions = [2]
//       QUICKSTART:   linalg.reduce {{.*}} dimensions = [1]
//       QUICKSTART:     math.absf
//       QUICKSTART:   linalg.reduce {{.*}} dimensions = [0, 1, 2]
//       QUICKSTART:     arith.minimumf

func.func @f(%x: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
  %r = reduce.sum %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  return %r : tensor<6x12x1x1xf32>
}
