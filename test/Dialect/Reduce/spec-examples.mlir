// RUN: reduce-opt %reduce_src_root/examples/openvino-spec.mlir --test-reduce-infer-types --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=INFER
// RUN: reduce-opt %reduce_src_root/examples/openvino-spec.mlir --canonicalize | FileCheck %s

/// The OpenVINO specification examples: shapes inferred by the ops and
/// kept through canonicalization (negative axes normalized).

// CHECK-LABEL: func @spec_sum
// CHECK: reduce.sum %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.sum %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.sum %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.sum %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.sum %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.sum %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// CHECK-LABEL: func @spec_l1
// CHECK: reduce.l1 %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.l1 %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.l1 %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.l1 %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.l1 %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.l1 %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// CHECK-LABEL: func @spec_min
// CHECK: reduce.min %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.min %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.min %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.min %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.min %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.min %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
