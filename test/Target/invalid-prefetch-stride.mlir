// RUN: reduce-opt %s --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(func.func(reduce-prefetch{stride=0}))"
// RUN: not reduce-opt %s --reduce-to-llvm="prefetch-stride=-64" 2>&1 | FileCheck %s

// CHECK: error: reduce-prefetch expects a positive stride, found -64

/// The stride between the prefetches of one read must be positive (the
/// target's prefetch_stride, from a profile, is checked when it is read).
// expected-error @+1 {{reduce-prefetch expects a positive stride, found 0}}
func.func @zero_stride(%x: memref<1024x1024xf32>) {
  return
}
