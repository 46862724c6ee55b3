// The target the pipeline compiles for is recorded in the module: the
// static default when the profile is off (as in every other test), the
// pinned profile's fields over it, and explicit options over both.

// RUN: reduce-opt %s --reduce-to-llvm="vector-width=512" | FileCheck %s --check-prefix=STATIC
// RUN: env REDUCE_PROFILE=%S/Inputs/pinned-profile.json reduce-opt %s --reduce-to-llvm | FileCheck %s --check-prefix=PINNED
// RUN: env REDUCE_PROFILE=%S/Inputs/pinned-profile.json reduce-opt %s --reduce-to-llvm="accumulators=8 prefetch-distance=1024 minimum-lowering=or vector-width=512" | FileCheck %s --check-prefix=EXPLICIT
// RUN: env REDUCE_PROFILE=%S/Inputs/pinned-profile.json reduce-opt %s --reduce-to-llvm="host-profile=false vector-width=512" | FileCheck %s --check-prefix=STATIC
// RUN: env REDUCE_PROFILE=%S/Inputs/pinned-profile.json reduce-opt %s --lower-reduce-to-loops | FileCheck %s --check-prefix=LOOPS
// RUN: reduce-opt %s --reduce-attach-target | FileCheck %s --check-prefix=ATTACH

// STATIC: module attributes {reduce.target = {accumulators = 4 : i64,
// STATIC-SAME: prefetch_distance = 2048 : i64
// STATIC-SAME: profile = "static default"
// STATIC-SAME: stream_vector_bits = 512 : i64
// STATIC-SAME: vector_bits = 512 : i64
// STATIC-LABEL: llvm.func @sum_rows_4mib
// STATIC: llvm.intr.prefetch

// PINNED: module attributes {reduce.target = {accumulators = 2 : i64,
// PINNED-SAME: prefetch_distance = 0 : i64
// PINNED-SAME: profile = "{{.*}}pinned-profile.json"
// PINNED-SAME: range_minimum = false
// PINNED-SAME: stream_vector_bits = 256 : i64
// PINNED-SAME: vector_bits = 256 : i64
// PINNED-LABEL: llvm.func @sum_rows_4mib
// PINNED-NOT: llvm.intr.prefetch

// EXPLICIT: module attributes {reduce.target = {accumulators = 8 : i64,
// EXPLICIT-SAME: prefetch_distance = 1024 : i64
// EXPLICIT-SAME: profile = "{{.*}}pinned-profile.json"
// EXPLICIT-SAME: range_minimum = false
// EXPLICIT-SAME: stream_vector_bits = 512 : i64
// EXPLICIT-SAME: vector_bits = 512 : i64
// EXPLICIT-LABEL: llvm.func @sum_rows_4mib
// EXPLICIT: llvm.intr.prefetch

// LOOPS: module attributes {reduce.target = {accumulators = 2 : i64,
// LOOPS-LABEL: llvm.func @sum_rows_4mib
// LOOPS-NOT: llvm.intr.prefetch

// The pass alone records the struct's defaults, from no profile.
// ATTACH: module attributes {reduce.target = {accumulators = 4 : i64,
// ATTACH-SAME: profile = "none"
// ATTACH-SAME: vector_bits = 256 : i64

/// A 4 MiB row reduction: streamed (stream_vector_bits) and prefetched
/// unless the target's prefetch distance is 0.
func.func @sum_rows_4mib(%x: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %r = reduce.sum %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
