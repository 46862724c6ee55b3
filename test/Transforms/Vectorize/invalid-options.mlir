// RUN: reduce-opt %s --reduce-vectorize="vector-bits=0" -verify-diagnostics
// RUN: not reduce-opt %s --reduce-split-reductions="accumulators=0" 2>&1 | FileCheck %s
// RUN: not reduce-opt %s --reduce-plan="vector-bits=0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAN

// reduce-split-reductions, reduce-plan and reduce-vectorize reject empty
// tiles.

// PLAN: error: reduce-plan expects positive vector-bits and accumulators, found vector-bits=0 and accumulators=4

// CHECK: error: reduce-split-reductions expects positive vector-bits and accumulators, found vector-bits=256 and accumulators=0
// expected-error @+1 {{reduce-vectorize expects a positive vector-bits, found 0}}
func.func @negative_zero_width(%input: tensor<4xf32>) -> tensor<4xf32> {
  return %input : tensor<4xf32>
}
