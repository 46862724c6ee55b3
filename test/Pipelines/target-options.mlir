// RUN: reduce-opt %s --lower-reduce --canonicalize \
// RUN:   --reduce-vectorize="vector-bits=256 outer-rows-per-step=4" \
// RUN:   --canonicalize | FileCheck %s
// RUN: reduce-opt %s --lower-reduce --canonicalize \
// RUN:   --reduce-vectorize="vector-bits=256" --canonicalize \
// RUN:   | FileCheck %s --check-prefix=DEFAULT

// The fields of the target description (docs/tuning.md) are pass options
// that override the defaults: here the rows an outer-reduction step adds.

// CHECK-LABEL: func.func @l1_outer_axis
// CHECK:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<4x32xf32>
// DEFAULT-LABEL: func.func @l1_outer_axis
// DEFAULT:         vector.transfer_read {{.*}} : tensor<1024x64xf32>, vector<8x32xf32>
func.func @l1_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %0 = reduce.l1 %input axes [0] : tensor<1024x64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
